import Testing
@testable import Scenarios
@testable import Simulator

/// nginx's "no live upstreams" as nginx has had it since 1.11.5: a request that finds every server
/// marked down is answered 502 at once, and nothing clears the servers' `fails` early — the
/// "quick recovery" loop (`/* all peers failed, mark them as live for quick recovery */`) was
/// removed by commit fd9e74f65 ("its usefulness is questionable, and it interacts badly with
/// max_conns"). A blip that marks every server down costs `fail_timeout` of 502s, until each
/// server's probe.
struct NoLiveUpstreamsTests {
    /// Three servers behind least_conn with nginx's `max_fails=1 fail_timeout=10s`, 1,000 requests a
    /// second, and a second of 20 % lost messages at 5 s: every server is marked down around 6 s.
    static func run(strategy: String = "least_conn") throws -> RunResult {
        ScenarioRunner.run(try ScenarioLoader.parse("""
            name: blip
            seed: 1
            run: {duration: 20s}
            network: {latency: 1ms}
            balancer: {strategy: \(strategy), forward_timeout: 1s}
            servers:
              - {name: web, count: 3, slots: 4, queue: 50, service_time: {exponential: 5ms}}
            workload: {type: open_loop, rate: 1000, timeout: 3s}
            faults:
              - {at: 5s, drop_rate: 0.2, for: 1s}
            """, file: "blip.yaml"), seed: nil)
    }

    @Test(arguments: ["least_conn", "round_robin"])
    func serversMarkedDownByABlipStayOutUntilTheirProbes(strategy: String) throws {
        let traffic = try #require(try Self.run(strategy: strategy).traffic)
        let balancer = try #require(traffic.balancer)
        // Every server is out from about 6 s; none is back before its probe, in second 17.
        let gaps = balancer.outOfRotation.filter { $0.start > 5 && $0.start < 7.1 }
        #expect(Set(gaps.map(\.server)) == ["web1", "web2", "web3"])
        #expect(gaps.allSatisfy { ($0.end ?? 0) >= 17 && ($0.end ?? 0) < 17.1 })
        #expect(!balancer.events.contains { $0.isUp && $0.at > 7.1 && $0.at < 17 })
        // Meanwhile each request found no live server: a 502 at once, thousands of them.
        #expect(balancer.badGateways > 9_000)
    }
}
