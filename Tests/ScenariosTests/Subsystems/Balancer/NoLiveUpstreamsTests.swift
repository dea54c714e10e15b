import Testing
@testable import Scenarios
@testable import Simulator

/// nginx's "no live upstreams": when a pick finds no server while the request still has tries,
/// `ngx_http_upstream_get_round_robin_peer`'s `failed:` path (least_conn's too) answers that request
/// 502 and clears every peer's `fails` — "all peers failed, mark them as live for quick recovery" —
/// so one blip that marks every server down costs a burst of 502s, not `fail_timeout` of them.
@Suite struct NoLiveUpstreamsTests {
    /// Three servers behind least_conn with nginx's `max_fails=1 fail_timeout=10s`, 1,000 requests a
    /// second, and a second of 20 % lost messages at 5 s: every server is marked down around 6 s.
    static func run(strategy: String = "least_conn", passive: String = "") throws -> RunResult {
        ScenarioRunner.run(try ScenarioLoader.parse("""
            name: blip
            seed: 1
            run: {duration: 20s}
            network: {latency: 1ms}
            balancer: {strategy: \(strategy), forward_timeout: 1s\(passive)}
            servers:
              - {name: web, count: 3, slots: 4, queue: 50, service_time: {exponential: 5ms}}
            workload: {type: open_loop, rate: 1000, timeout: 3s}
            faults:
              - {at: 5s, drop_rate: 0.2, for: 1s}
            """, file: "blip.yaml"), seed: nil)
    }

    @Test func aBlipThatMarksEveryServerDownCostsOnlyTheRequestsThatFoundNoneLive() throws {
        let traffic = try #require(try Self.run().traffic)
        let balancer = try #require(traffic.balancer)
        // Before nginx's reset was modelled, the three servers stayed out until their probes at
        // 17 s: 11,158 of 59,724 requests were 502 in the 60 s version of this world.
        #expect(balancer.badGateways == 68)
        #expect(traffic.issued == 19_904 && traffic.succeeded == 19_501)
        let cleared = balancer.events.filter { $0.description == "marked up (passive health: no server was live, all marked live)" }
        #expect(cleared.count == 204)
        // Each clearing marks up exactly the servers that were down, at the instant of the pick.
        let first = Array(balancer.events.prefix(6)).map { "\($0.subject) \($0.isDown ? "down" : $0.isUp ? "up" : "-")" }
        #expect(first == ["web3 down", "web1 down", "web2 down", "web1 up", "web2 up", "web3 up"])
        #expect(Set(balancer.events[3...5].map(\.at)) == [balancer.events[2].at])
        // Nothing holds a server out once the lost messages' timeouts are over.
        #expect(balancer.outOfRotation.allSatisfy { ($0.end ?? .infinity) < 7.1 })
    }

    @Test(arguments: ["round_robin", "least_conn", "random"])
    func everyStrategyClearsTheFailuresWhenNoServerIsLive(strategy: String) throws {
        let balancer = try #require(try Self.run(strategy: strategy).traffic?.balancer)
        #expect(balancer.events.contains { $0.description.hasSuffix("all marked live)") })
    }

    /// Nothing is cleared while any server is live: with round robin the last lost forwards'
    /// timeouts mark web2 and web3 down at 6.98 s while web1 serves, and they wait out
    /// `fail_timeout` for their probes in second 17, as nginx's would.
    @Test func serversMarkedDownWhileAnotherIsLiveWaitOutFailTimeout() throws {
        let balancer = try #require(try Self.run(strategy: "round_robin").traffic?.balancer)
        let late = balancer.outOfRotation.filter { ($0.end ?? .infinity) >= 7.1 }
        #expect(late.map(\.server) == ["web2", "web3"])
        #expect(late.allSatisfy { $0.start > 6.98 && $0.start < 6.99 && ($0.end ?? 0) > 17 && ($0.end ?? 0) < 17.01 })
        #expect(!balancer.events.contains { $0.at > 6.99 && $0.at < 17 && $0.isUp })
    }

    /// With `max_fails: 0` passive health is off: nothing is marked down, nothing cleared.
    @Test func withoutPassiveHealthNothingIsCleared() throws {
        let balancer = try #require(try Self.run(passive: ", passive_health: {max_fails: 0}").traffic?.balancer)
        #expect(!balancer.events.contains { $0.description.contains("passive health") })
    }
}
