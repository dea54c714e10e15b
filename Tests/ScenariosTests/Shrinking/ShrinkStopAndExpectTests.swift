import Foundation
import Testing
@testable import Scenarios

/// `shrink` follows the rule `run` follows: a world that stopped early checks none of its
/// expectations, so it fails for the stop alone (it said "expectation 'success_ratio >= 0.9'
/// failed; stopped early (time limit)"). With `--expect`, the shrunk file's `expect:` is exactly
/// the given assertions (it kept the file's own, so its replay failed `timeouts > 0` too), and
/// the report's Original line is a command that reproduces the failure (`orrery run FILE --seed
/// 99`, as printed, passed).
struct ShrinkStopAndExpectTests {
    static let stoppingEarly = """
        name: early
        seed: 1
        run: {requests: 200, time_limit: 40ms}
        network: {latency: 0.5ms}
        servers: [{name: s, count: 2, slots: 4, queue: 200, service_time: {exponential: 2ms}}]
        workload: {type: closed_loop, users: 5, timeout: 1s}
        expect:
          - p99 < 1s
          - success_ratio >= 0.5
          - completed >= 150

        """

    @Test func aWorldThatStopsEarlyFailsForTheStopAlone() throws {
        let url = try PlantedPair.write(Self.stoppingEarly, name: "early.yaml")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        guard case .shrunk(let result) = try Shrinker(path: url.path, seed: 1).shrink() else {
            Issue.record("the early stop did not shrink")
            return
        }
        #expect(result.failure.description == "stopped early (time limit)")
        #expect(result.failure.failedExpectations.isEmpty)
        let report = result.markdown(path: "out/early-shrunk.yaml", replayed: result.failure)
        #expect(report.contains("\n- Failure: stopped early (time limit)\n"))
        #expect(report.contains("\n- Original: `orrery run \(url.path) --seed 1`\n"))
        // No faults: no empty parentheses, and counts with their nouns.
        #expect(report.contains("\n| faults | 0 | 0 |\n"))
        #expect(report.contains("\n## Faults after (0 incidents)\n") && report.contains("\n## Faults before (0 incidents)\n"))
    }

    @Test func anExpectReplacesTheFilesOwnAndTheOriginalLineReproducesIt() throws {
        let file = packageRoot.appendingPathComponent("scenarios/crash-and-restart.yaml").path
        let shrinker = try Shrinker(path: file, seed: 99, expectations: ["p50<1ms"])
        guard case .shrunk(let result) = shrinker.shrink() else {
            Issue.record("the failure did not shrink")
            return
        }
        #expect(result.failure.description == "expectation 'p50<1ms' failed")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("orrery-shrink-expect-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let written = try ShrunkScenarioWriter.write(result, to: out.path, watching: shrinker.watched)
        #expect(written.replays)
        guard case .world(let replayed) = try ScenarioFile.load(path: written.scenarioPath) else {
            Issue.record("the shrunk file is not a world")
            return
        }
        #expect(replayed.expectations.map(\.text) == ["p50<1ms"])
        // Run as `orrery run` runs it, judged by every expectation it lists: the same failure, no other.
        #expect(try ShrunkScenarioWriter.replay(path: written.scenarioPath, seed: 99, watching: nil) == result.failure)
        #expect(written.report.contains("""

            - Original: `orrery shrink \(file) --seed 99 --expect 'p50<1ms'` (judged by `--expect` alone: \
            the shrunk file's `expect:` lists only those, in place of the file's own)

            """))
    }
}
