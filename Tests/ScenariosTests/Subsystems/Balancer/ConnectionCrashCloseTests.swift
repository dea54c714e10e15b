import Reports
import Testing
@testable import Scenarios
@testable import Simulator

/// The connections a balancer crash closes were counted under no close reason (the trace said
/// `close crash`): the closes by reason and the connections open at the end fell short of the
/// setups. They are counted under `crash`, in the report's connection table and report.json.
struct ConnectionCrashCloseTests {
    /// ``BalancerRestartRotationTests``'s world with `keepalive 8`: the crash at 5 s closes the
    /// three connections open then (one to web1, two to web3); web2's connection of before its
    /// own crash went stale.
    @Test func aBalancerCrashClosesItsConnectionsUnderTheReasonCrash() throws {
        let result = try BalancerRestartRotationTests.run(BalancerRestartRotationTests.world(keepalive: true))
        let connections = try #require(result.balancer?.connections)
        #expect(connections.closes.map(\.reason) == ["evicted", "request_limit", "idle_timeout", "failure", "stale", "refused", "not_pooled", "crash"])
        #expect(connections.closes.map(\.count) == [0, 0, 0, 0, 1, 0, 0, 3])
        #expect(connections.setups == 7 && connections.openAtEnd == 3, "7 setups: 4 closed, 3 open at the end")
        #expect(connections.servers.map { $0.closes.map { "\($0.reason) \($0.count)" } } == [["crash 1"], ["stale 1"], ["crash 2"]])
        let markdown = connections.markdown()
        #expect(markdown.contains("| closed: crash                                                 |        3 |"))
        #expect(markdown.contains("| web3   |      3 |     33 |         2 | crash 2 |"))
        // report.json's `connections.closes`, every reason with its count.
        #expect(JSONReport.line(connections.document.closes).hasSuffix(#"{"count":0,"reason":"not_pooled"},{"count":3,"reason":"crash"}]"#))
        // Counting changes no trace line: the digest is the run's of before.
        #expect(result.digest == "403f6951dad33f4c")
    }
}
