import Foundation
import Testing
@testable import Scenarios
@testable import Simulator

/// An operation's `rm` of a server and an `add` reusing its hostname were observed as a `crash`
/// and a `restart` (s81, BO-1): an observed run counted them in `orrery_faults_total`
/// (`{fault="crash",node="Server 2"} 1`, `{fault="restart",node="Server 2"} 1`) and drew them as
/// Perfetto `fault` instants, though README says an operation is no fault. They are now
/// observed as the replica set's changes — `operation` instants on the server's track, in no
/// fault count — while the JSON-lines trace keeps its `crash` and `restart` lines (the digest
/// folds them), so no digest moves.
struct ReplicaSetChangeNotAFaultTests {
    struct Observed {
        var observer: RunObserver
        var lines: [String]
        var digest: String
    }

    /// A-3's three-server cluster, observed: `Server 2` removed at 0 s and added back at 1 s.
    static func run() throws -> Observed {
        let spec = ExperimentRunTests.spec("a3", servers: [3], requests: 0)
        let (simulation, _, balancer) = try A3Experiment.makeCluster(spec, seed: 7)
        let observer = RunObserver(ObservationOptions(trace: .perfetto, metrics: true))
        simulation.observer = observer
        let trace = JSONLinesTrace()
        simulation.trace.sink = { trace.append($0) }
        simulation.spawn("operator") { _ in
            _ = try? await balancer.rm(n: 1, hostnames: ["Server 2"])
            await simulation.sleep(for: .seconds(1))
            _ = try? await balancer.add(n: 1, hostnames: ["Server 2"])
        }
        try simulation.runToCompletion(timeLimit: .after(.seconds(5)))
        let digest = simulation.trace.digestHex
        simulation.tearDown()
        return Observed(observer: observer, lines: trace.text.split(separator: "\n").map(String.init), digest: digest)
    }

    @Test func anRmAndAnAddAreOperationsNotFaults() throws {
        let run = try Self.run()
        // The trace's lines are those it always wrote.
        #expect(run.lines == [
            #"{"t":0,"kind":"crash","subject":"Server 2","object":"","value":0}"#,
            #"{"t":0,"kind":"markDown","subject":"balancer","object":"Server 2","value":0}"#,
            #"{"t":1000000000,"kind":"restart","subject":"Server 2","object":"","value":0}"#,
            #"{"t":1000000000,"kind":"spawnReplica","subject":"balancer","object":"Server 2","value":0}"#,
        ])
        let metrics = OpenMetricsText.render(run.observer.metrics!, end: .after(.seconds(1)), interval: .seconds(1))
        #expect(!metrics.contains("orrery_faults"))
        let trace = PerfettoTrace.render(run.observer.timeline!, header: .init(scenario: "operations", seed: 7, digest: run.digest))
        let instants = try ObservabilityFixture.events(trace).filter { $0["ph"] as? String == "i" }
            .map { "\($0["ts"] as! Int) \($0["cat"] as! String) \($0["name"] as! String) tid \($0["tid"] as! Int)" }
        #expect(instants == [
            "0 operation removed from the replica set tid 1",
            "1000000 operation added to the replica set tid 1",
        ])
    }
}
