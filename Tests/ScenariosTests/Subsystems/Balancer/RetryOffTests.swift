import Testing
@testable import Scenarios
@testable import Simulator

/// `retries.on: [off]`, nginx's `proxy_next_upstream off`: a failed try is never passed to another
/// server, yet it still counts against `max_fails` (`ngx_http_upstream_next` frees the peer as
/// failed before it finds it may not go on).
struct RetryOffTests {
    static func world(on words: String) -> String {
        """
        name: off
        seed: 1
        run: {duration: 4s}
        network: {latency: 1ms}
        servers: [{name: s, count: 2, slots: 8, service_time: 1ms}]
        balancer:
          strategy: round_robin
          forward_timeout: 100ms
          retries: {tries: 2, on: \(words)}
          passive_health: {max_fails: 1, fail_timeout: 10s}
        workload: {type: open_loop, rate: 100}
        faults: [{at: 1s, crash: s2}]
        """
    }

    /// s2 crashes at 1 s and stops answering: the forwards sent to it in the next 100 ms time
    /// out. With `off` each of those requests is answered 504 at once; with `[error, timeout]`
    /// each is tried again on s1 and succeeds. Either way the first timeout takes s2 out
    /// (`max_fails=1`) and it stays out to the end.
    @Test func offRetriesNothingButTheFailureStillTakesTheServerOut() throws {
        let off = ScenarioRunner.runTraffic(try ScenarioLoader.parse(Self.world(on: "[off]"), file: "off.yaml"))
        let retried = ScenarioRunner.runTraffic(try ScenarioLoader.parse(Self.world(on: "[error, timeout]"), file: "off.yaml"))
        let offBalancer = try #require(off.balancer), retriedBalancer = try #require(retried.balancer)
        #expect(offBalancer.failedForwards > 0)
        #expect(offBalancer.retried == 0 && offBalancer.gatewayTimeouts == offBalancer.failedForwards)
        #expect(off.completed - off.succeeded == offBalancer.failedForwards)
        #expect(retriedBalancer.retried == retriedBalancer.failedForwards && retriedBalancer.unanswered == 0)
        #expect(retried.completed == retried.succeeded)
        for balancer in [offBalancer, retriedBalancer] {
            #expect(balancer.events.filter { $0.subject == "s2" && $0.isDown }.count == 1)
            #expect(!balancer.events.contains { $0.subject == "s2" && $0.isUp })
        }
    }
}
