import Foundation
import Testing
import Reports
@testable import Scenarios
@testable import Simulator

/// Session 73's report leftovers, each pinned by the sentence it now writes: durations in prose
/// as ``DurationFormat/readable(_:grouping:)`` writes them, deploy's paragraph on a health check
/// that never passes, A-3's requests lost with no failed forward, and the queue's setup line.
struct ReportLeftoversTests {
    /// The strategies' p99 ranges: `1,010.175 ms` is `1.010 s`; under a second as before.
    @Test func aStrategiesRangeReadsInSecondsFromASecond() {
        #expect(StrategyComparison.durationRange([0.093311, 1.010175]) == "93.311 ms–1.010 s")
        #expect(StrategyComparison.durationRange([1.010175, 1.010175]) == "1.010 s")
        #expect(StrategyComparison.durationRange([0.093311, 0.137855]) == "93.311 ms–137.855 ms")
    }

    /// Deploy's health check that never passes (1 ms checks with a 1 ms timeout over 0.5 ms links):
    /// no resets, so no sentence about passive health taking servers out on them; no answer during
    /// the deployment, so no p99 — said as such, not "p99 was —, against — with drain".
    @Test func aDeploymentNoCheckPassesSaysOnlyWhatItsFiguresShow() {
        let text = deployProseScenario
            .replacingOccurrences(of: "health_check: {interval: 500ms, timeout: 250ms, rise: 2, fall: 1}", with: "health_check: {interval: 1ms, timeout: 1ms, rise: 1, fall: 1}")
            .replacingOccurrences(of: "drain_timeout: 2s", with: "drain_timeout: 0s").replacingOccurrences(of: "boot_time: 3s", with: "boot_time: 1ms")
            .replacingOccurrences(of: "pause: 1s", with: "pause: 1ms").replacingOccurrences(of: "health_deadline: 20s", with: "health_deadline: 1s")
            .replacingOccurrences(of: "duration: 20s", with: "duration: 5s")
        let comparison = DeployEdgeTests.run(text)
        let paragraph = comparison.explanations().first { $0.hasPrefix("**Rolling without drain.**") }
        #expect(paragraph == "**Rolling without drain.** No request was in flight when the servers' processes were killed. No forward reached a booting server. No forward failed, so the balancer's 2 tries on connection errors retried none, yet 14,964 requests failed (14,964 answered 502). No request succeeded during the deployment, so there are no answers to measure p99 on, with drain or without; it took 2.001 s. It halted — the health check had not passed a within the health deadline (1.000 s) — and every server deployed so far was rolled back to its old version.")
    }

    @Test func aNoDrainTailWithoutAnswersSaysSo() {
        let drained = DeploymentFigures.PhaseLatency(phase: "during", requests: 10, p50: 0.010, p95: 0.020, p99: 0.022, mean: 0.012, max: 0.030)
        #expect(DeployComparison.noDrainTail(nil, drained: drained, retried: 0) == " No request succeeded during the deployment, so there are no answers to measure p99 on (22.000 ms with drain)")
        #expect(DeployComparison.noDrainTail(drained, drained: nil, retried: 3) == " During the deployment p99 was 22.000 ms; with drain no request succeeded during it")
        #expect(DeployComparison.noDrainTail(drained, drained: drained, retried: 3) == " The retries did not show in the tail: p99 during the deployment was 22.000 ms against 22.000 ms with drain")
    }

    /// A-3 with 1 ms heartbeats: every replica is taken off the map, and the requests lost with no
    /// failed forward are the balancer's 502s for want of a replica to route to.
    @Test func requestsLostWithNoFailedForwardAreExplained() throws {
        let (report, _) = try A3EdgeTests.files(rate: 20, duration: "12s", killAt: "10.3s", interval: "1ms", timeout: "1ms")
        #expect(report.contains("| forwards that failed                         |        0 |"))
        #expect(report.contains("No forward failed, yet clients lost 229 requests: the balancer answered all 229 with 502 without forwarding them, because no replica was left on its map to route to (the replica manager's 24 false suspicions had taken the replicas off it)."))
        #expect(!report.contains("0 timed out"))
    }

    /// A one-broker, one-copy queue under the shipped description (which says 3 brokers, 2
    /// copies): the setup line is the figures', the description a quoted line of its own.
    @Test func theQueueSetupLineIsWrittenFromTheFigures() throws {
        let yaml = try QueueEdgeTests.file({ $0.replacingOccurrences(of: "  brokers: 3", with: "  brokers: 1").replacingOccurrences(of: "  replication: 2", with: "  replication: 1") },
                                           more: "placement_analysis:\n  brokers: [1]\n  partitions: 1\n  replication: 1\n  algorithms:\n    - {name: ring, placement: {ring: {virtual_nodes: 160}}}\n")
        let report = try QueueEdgeTests.report(yaml)
        #expect(report.contains("\n- setup: 1 broker, 4 partitions (T1 2, T2 2), 1 copy each, acks = all; 2 producers, 4,000 messages in all; 2 consumers; 30.000 s\n- the file's description: “2 producers × 2,000 messages at 200/s round robin over T1:\\* and T2:\\*, 2 consumers each reading all four partitions, 3 brokers, 2 copies per partition, acks = all”\n\n## Where the partitions live\n"))
    }
}
