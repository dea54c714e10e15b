import Testing
@testable import Scenarios
@testable import Simulator

/// A balancer's crash in a world of zones (s81, BO-2). Its forwards leave from the zones' points
/// of presence, which did not crash with it: the 5 forwards from `balancer@a` to the crashed
/// `b-s` in flight at the crash were counted as ended by it, yet their timeouts were traced at
/// 2.505 … 2.968 s, while the balancer was down and after. And a request delivered at a point of
/// presence carried that node's process number, which no crash moves: after the balancer's
/// first crash every request through a point of presence was dropped as the crashed process's
/// (19 of 115 requests succeeded, none after the restart). A point of presence now sends and
/// receives for the balancer's process.
struct ZonesBalancerCrashTests {
    /// Zones a and b, a server each; b-s crashes at 0.5 s, the balancer at 1 s (5 forwards to
    /// b-s in flight) and restarts at 1.5 s (up at 1.6 s).
    static let yaml = """
        name: zc
        seed: 5
        run: {duration: 5s}
        zones:
          list:
            - {name: a, clients: 1}
            - {name: b, clients: 1}
          within: {latency: 0.5ms}
          between: {latency: 1ms}
        servers:
          - {name: a-s, count: 1, zone: a, slots: 2, service_time: {exponential: 5ms}}
          - {name: b-s, count: 1, zone: b, slots: 2, service_time: {exponential: 5ms}}
        balancer: {strategy: round_robin, forward_timeout: 2s, retries: {tries: 2, on: [error, timeout]}}
        workload: {type: open_loop, rate: 20, timeout: 3s}
        faults:
          - {at: 500ms, crash: b-s}
          - {at: 1s, crash: balancer}
          - {at: 1500ms, restart: balancer, boot_time: 100ms}
        """

    @Test func forwardsFromAPointOfPresenceEndWithTheBalancersProcess() throws {
        let (result, lines) = try CrashedCallerTests.run(Self.yaml, kinds: [.timeout])
        let balancers = lines.filter { $0.contains(#""subject":"balancer"#) }
        // No timeout of the crashed process's forwards; the restarted process's are traced.
        #expect(balancers.prefix(2) == [
            #"{"t":3638248326,"kind":"timeout","subject":"balancer@a","object":"b-s","value":0,"call":57}"#,
            #"{"t":3676434592,"kind":"timeout","subject":"balancer@a","object":"b-s","value":0,"call":61}"#,
        ])
        let traffic = try #require(result.traffic)
        let balancer = try #require(traffic.balancer)
        #expect(balancer.servers.map { [$0.forwarded, $0.succeeded, $0.timeouts, $0.inFlightAtEnd, $0.endedByCrash] } == [[98, 98, 0, 0, 0], [38, 7, 26, 0, 5]])
        // Requests through a point of presence are served after the restart (19 of 115 before).
        #expect(traffic.succeeded == 105)
        #expect(traffic.markdown().contains("\nForwards not in the columns above: b-s 5 ended by the balancer's crash.\n"))
    }
}
