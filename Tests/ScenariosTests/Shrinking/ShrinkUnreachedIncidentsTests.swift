import Foundation
import Testing
@testable import Scenarios

/// `shrink` spends no run on incidents that come after the original run's end: world chaos draws
/// up to `run.time_limit`, so a 20 s world drew most of its faults after its end, each listed as
/// not reached, and the shrink removed them run by run as if they could matter (D2, s82). They are
/// left out before the search, once the explicit schedule without them fails the same way.
struct ShrinkUnreachedIncidentsTests {
    /// D2's `repro_shrink_chaos.yaml`, as given.
    static let yaml = """
        name: sh
        seed: 3
        run:
          duration: 20s
        servers:
        - name: s
          count: 3
          service_time: 5ms
        balancer:
          strategy: round_robin
          forward_timeout: 100ms
          passive_health:
            max_fails: 0
          retries:
            tries: 1
        workload:
          type: open_loop
          rate: 100
        chaos:
          crashes_per_hour: 600
          downtime: 3s
        expect:
        - success_ratio >= 0.999
        """

    @Test func incidentsAfterTheRunsEndAreLeftOutWithoutARun() throws {
        let url = try PlantedPair.write(Self.yaml, name: "sh.yaml")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let shrinker = try Shrinker(path: url.path, seed: nil)
        let original = ScenarioRunner.run(shrinker.scenario, seed: 3)
        let unreached = shrinker.incidents.filter { $0.unreached(endingAt: original.virtualSeconds) }
        // 40 incidents (78 faults), 31 of them after the run's end at 20.003 s.
        #expect(shrinker.incidents.count == 40)
        #expect(unreached.count == 31)
        // As the run's report marks their faults: the first ten listed not reached, one line for the rest.
        #expect(original.faults.filter { $0.contains("not reached") }.count == 11)
        guard case .shrunk(let result) = shrinker.shrink() else {
            Issue.record("the failure did not shrink")
            return
        }
        #expect(result.unreached == 31)
        #expect(result.before.count == 40)
        #expect(result.after.allSatisfy { !$0.unreached(endingAt: original.virtualSeconds) })
        #expect(result.runs == 30)
        #expect(result.after.map(\.description) == ["{at: 7.569329304s, crash: s1} + {at: 10.569329304s, restart: s1}"])
        let report = result.markdown(path: "sh-shrunk.yaml", replayed: result.failure)
        #expect(report.contains("- Not reached: 31 incidents of the 40 before came after the original run's end (20.003 s) and never struck; left out without a run spent on them\n"))
    }
}
