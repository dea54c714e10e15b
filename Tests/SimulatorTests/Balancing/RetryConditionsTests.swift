import Testing
@testable import Simulator

/// nginx's `proxy_next_upstream` per status: a server's answer is retried, and counted against
/// `max_fails`, only when its own status is listed.
struct RetryConditionsTests {
    /// s1 answers every request 500; `max_fails=1` would take it out at its first counted failure.
    static func erroringS1(on conditions: RetryConditions) -> UpstreamFixture {
        UpstreamFixture(configuration: .init(retries: 2, retryOn: conditions, passiveHealth: .init(maxFails: 1, failTimeout: .seconds(30))), errorRates: [1: 1])
    }

    @Test func aStatusThatIsNotListedIsNeitherRetriedNorCounted() {
        let fixture = Self.erroringS1(on: [.error, .timeout, .http503])
        let requests = (0..<4).map { fixture.route(at: Double($0) * 0.1) }
        fixture.run(until: 1)
        // Round robin s1, s2, s3, s1: both of s1's 500s go to the client, and s1 stays in.
        #expect(requests.map(\.status) == [500, 200, 200, 500])
        #expect(fixture.routes.hostnames == ["s1", "s2", "s3", "s1"])
        #expect(fixture.balancer.stats.retried == 0)
        #expect(fixture.balancer.stats.servers[0].serverErrors == 2)
        #expect(fixture.events.isEmpty)
    }

    @Test func aListedStatusIsRetriedAndMarksTheServerDown() {
        let fixture = Self.erroringS1(on: [.error, .timeout, .http500])
        let requests = (0..<4).map { fixture.route(at: Double($0) * 0.1) }
        fixture.run(until: 1)
        // s1's 500 at 2 ms is retried on s2 and marks s1 down: the next three go to s3, s2, s3.
        #expect(requests.map(\.status) == [200, 200, 200, 200])
        #expect(fixture.routes.hostnames == ["s1", "s2", "s3", "s2", "s3"])
        #expect(micros(requests[0].seconds) == 0.004)
        #expect(fixture.balancer.stats.retried == 1)
        #expect(fixture.balancer.stats.servers[0].serverErrors == 1)
        #expect(fixture.events.map { micros($0.0)! } == [0.002])
        #expect(fixture.events.map(\.2) == [.markedDown(.passive)])
    }

    /// nginx passes a listed status on when no try is left, and frees the server as a success
    /// (`ngx_http_upstream_test_next` moves on only while `tries > 1`): s1 stays in, where
    /// counting its 500 took it out at the first request.
    @Test func aListedStatusOnTheLastTryIsPassedOnAndNotCounted() {
        let fixture = UpstreamFixture(configuration: .init(retries: 0, retryOn: [.error, .timeout, .http500], passiveHealth: .init(maxFails: 1, failTimeout: .seconds(30))),
                                      errorRates: [1: 1])
        let requests = (0..<6).map { fixture.route(at: Double($0) * 0.1) }
        fixture.run(until: 1)
        #expect(requests.map(\.status) == [500, 200, 200, 500, 200, 200])
        #expect(fixture.routes.hostnames == ["s1", "s2", "s3", "s1", "s2", "s3"])
        #expect(fixture.balancer.stats.retried == 0)
        #expect(fixture.events.isEmpty)
    }

    /// Past `retries.timeout` (`proxy_next_upstream_timeout`) a listed status is passed on and
    /// not counted either; before it, the same 500 moves the request on and marks s1 down.
    @Test func aListedStatusPastTheRetryTimeoutIsPassedOnAndNotCounted() {
        func fixture(retryTimeout: Duration) -> UpstreamFixture {
            UpstreamFixture(configuration: .init(retries: 2, retryOn: [.error, .timeout, .http500], retryTimeout: retryTimeout,
                                                 passiveHealth: .init(maxFails: 1, failTimeout: .seconds(30))), errorRates: [1: 1])
        }
        let late = fixture(retryTimeout: .milliseconds(1))
        let lateRequest = late.route(at: 0)
        late.run(until: 1)
        #expect(lateRequest.status == 500)
        #expect(late.events.isEmpty)
        let early = fixture(retryTimeout: .seconds(1))
        let earlyRequest = early.route(at: 0)
        early.run(until: 1)
        #expect(earlyRequest.status == 200)
        #expect(early.events.map(\.2) == [.markedDown(.passive)])
    }

    @Test func http5xxCoversEveryServerError() {
        #expect(RetryConditions.http5xx.isSuperset(of: [.http500, .http502, .http503, .http504]))
        for status in [500, 501, 502, 503, 504, 505, 599] {
            #expect(RetryConditions.http5xx.matches(.answered(status: status)), "\(status)")
            #expect(RetryConditions.http5xx.isFailure(.answered(status: status)), "\(status)")
        }
        #expect(!RetryConditions.http5xx.matches(.answered(status: 404)))
        #expect(!RetryConditions.http5xx.matches(.answered(status: 200)))
        // Only the shorthand covers a 5xx nginx has no word for.
        #expect(!RetryConditions([.http500, .http502, .http503, .http504]).matches(.answered(status: 501)))
    }

    @Test func eachListedStatusCoversOnlyItself() {
        let only503: RetryConditions = [.http503]
        #expect(only503.matches(.answered(status: 503)) && only503.isFailure(.answered(status: 503)))
        for status in [500, 502, 504, 404] {
            #expect(!only503.matches(.answered(status: status)) && !only503.isFailure(.answered(status: status)), "\(status)")
        }
        // Connect errors and timeouts count against max_fails even when they are not retried.
        #expect(only503.isFailure(.failed(.refused)) && only503.isFailure(.failed(.timeout)))
        #expect(!only503.matches(.failed(.refused)) && !only503.matches(.failed(.timeout)))
    }

    @Test func a404IsRetriedButNeverCountedAndTheClientGetsTheAssignments400() {
        let fixture = UpstreamFixture(configuration: .init(retries: 2, retryOn: [.error, .timeout, .http404], passiveHealth: .init(maxFails: 1, failTimeout: .seconds(30))))
        let request = fixture.route(at: 0, path: "nope")
        fixture.run(until: 1)
        // Every replica serves the same paths: all three answer 404, and the last answer is passed on.
        #expect(fixture.routes.hostnames == ["s1", "s2", "s3"])
        #expect(request.status == 400)
        #expect(request.response?.server == "s3")
        #expect(request.response?.body.contains("'/nope' endpoint does not exist in server replicas") == true)
        #expect(fixture.balancer.stats.retried == 2 && fixture.balancer.stats.unanswered == 0)
        #expect(fixture.events.isEmpty)
    }

    @Test func withoutHttp404AnUnknownPathIsAnsweredByTheFirstServer() {
        let fixture = UpstreamFixture(configuration: .init(retries: 2, retryOn: .http5xx))
        let request = fixture.route(at: 0, path: "nope")
        fixture.run(until: 1)
        #expect(fixture.routes.hostnames == ["s1"])
        #expect(request.status == 400 && request.response?.server == "s1")
    }
}
