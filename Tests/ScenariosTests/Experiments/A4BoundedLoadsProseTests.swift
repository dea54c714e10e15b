import Foundation
import Testing
@testable import Scenarios
@testable import Simulator

/// A-4's paragraph on bounded loads says whether the cap moved any request, judged against the
/// plain ring of the same points on the same requests: it once said the cap "never binds" from
/// the final counts while its counts differed from the ring's at every N ≥ 3 (an outside audit).
struct A4BoundedLoadsProseTests {
    @Test func theCapBindsWhereItsCountsDifferFromTheRingsAndNotWhereTheyAreEqual() throws {
        let text = """
        experiment: a4
        seed: 2024
        servers: [3, 6]
        requests: 10000
        variants:
          - {name: ring, placement: {ring: {virtual_nodes: 160}}}
          - {name: bounded 0.25, placement: {bounded_loads: {epsilon: 0.25, virtual_nodes: 160}}}
          - {name: bounded 100, placement: {bounded_loads: {epsilon: 100, virtual_nodes: 160}}}
        """
        let experiment = try #require(try parseExperiment(text) as? A4Experiment)
        let result = try A4Experiment.run(experiment.spec)
        let ring = result.variants[0].a2.runs.map { $0.result.run.counts.map(\.requests) }
        let tight = result.variants[1].a2.runs.map { $0.result.run.counts.map(\.requests) }
        let loose = result.variants[2].a2.runs.map { $0.result.run.counts.map(\.requests) }
        #expect(loose == ring)
        #expect(tight != ring)
        let moved = zip(tight, ring).map { zip($0, $1).reduce(0) { $0 + abs($1.0 - $1.1) } / 2 }
        let prose = result.explanations()
        #expect(prose.contains("Its cap of 1.25× the mean in-flight load binds: its counts differ from those of **ring**, the ring it walks, by at least \(moved.map(String.init).joined(separator: " and ")) request(s) at N = 3 and 6"), "\(prose)")
        #expect(prose.contains("Its cap of 101.00× the mean in-flight load never binds here: at every N its counts equal those of **ring**, which it walks."))
        #expect(!prose.contains("routes like the plain ring"))
    }
}
