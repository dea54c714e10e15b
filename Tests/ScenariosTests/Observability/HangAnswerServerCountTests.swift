import Foundation
import Testing
import Simulator
@testable import Scenarios

/// The 500s a server answers when its hang ends were counted by the clients (74 in checker P's
/// `faults1.yaml`) but not by the server (38): not in report.json's `errors`, the report's "500s"
/// column, `orrery_server_requests_total{code="500"}` or the Perfetto trace's `serve` slices. A
/// held request whose caller still waits at the hang's end is now one of the server's 500s in
/// every output; one whose caller timed out first is held, and a timeout, not a 500.
struct HangAnswerServerCountTests {
    /// One server hung from 1 s to 2 s under 20 requests a second with a 500 ms timeout: 14
    /// requests held, 5 of them timed out before the hang ended, 9 answered 500 at its end.
    static let yaml = """
        name: hang-500s
        seed: 5
        run: {duration: 3s}
        servers: [{name: web, count: 1, service_time: 2ms}]
        workload: {type: open_loop, rate: 20, timeout: 500ms}
        faults: [{at: 1s, hang: web, for: 1s}]
        """

    @Test func aHangsFiveHundredsAreTheServersInEveryOutput() throws {
        let run = try ObservabilityFixture.run(yaml: Self.yaml)
        let traffic = try #require(run.result.traffic)
        #expect(traffic.statusFailures.first { $0.status == 500 }?.count == 9)
        #expect(traffic.timeouts == 5)
        let server = try #require(traffic.servers.first)
        #expect(server.errors == 9)
        #expect(server.heldByHang == 14)
        let samples = MapReduceObservabilityTests.lastSamples(run)
        #expect(samples["orrery_server_requests_total{server=\"web\",code=\"500\"}"] == 9)
        #expect(samples["orrery_client_requests_total{outcome=\"500\"}"] == 9)
        #expect(samples["orrery_client_requests_total{outcome=\"timeout\"}"] == 5)
        // Slices of no length at the hang's end (2 s): no busy time is added.
        let serves = try ObservabilityFixture.events(ObservabilityFixture.perfetto(run)).filter {
            $0["cat"] as? String == "serve" && ($0["args"] as? [String: Any])?["outcome"] as? String == "500"
        }
        #expect(serves.count == 9)
        #expect(serves.allSatisfy { $0["ts"] as? Int == 2_000_000 && $0["dur"] as? Int == 0 })
        let markdown = traffic.serverLatencyMarkdown()
        #expect(markdown.contains("|    9 |             14 |"))
        #expect(markdown.contains("(not at all when the hang outlasts the run).\nThose whose callers still waited are among the server's 500s; the others' callers had timed out.\n\n"))
    }
}
