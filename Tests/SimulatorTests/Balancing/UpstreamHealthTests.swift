import Testing
@testable import Simulator

struct UpstreamHealthTests {
    @Test func passiveHealthMarksDownAtTheMaxFailthFailureAndProbesAfterFailTimeout() {
        let fixture = UpstreamFixture(servers: 2, configuration: .init(retries: 1, passiveHealth: .init(maxFails: 2, failTimeout: .seconds(10))))
        fixture.network.restart("s2", bootTime: .seconds(20))
        let requests = [0.0, 1, 2, 3, 13, 14, 25, 26].map { fixture.route(at: $0) }
        fixture.run(until: 30)
        #expect(requests.allSatisfy { $0.status == 200 })
        let events = fixture.events.map { (micros($0.0)!, $0.1, $0.2) }
        #expect(events.map(\.0) == [2.001, 13, 13.001, 25, 25.002])
        #expect(events.map(\.2) == [.markedDown(.passive), .probe, .markedDown(.passive), .probe, .markedUp(.passive)])
        #expect(events.allSatisfy { $0.1 == "s2" })
        // While down, s2 got only its probes.
        #expect(fixture.routes.hostnames == ["s1", "s2", "s1", "s2", "s1", "s1", "s2", "s1", "s1", "s2", "s1"])
    }

    @Test func activeChecksMarkDownAtTheFallthFailedCheckAndUpAtTheRisethPass() {
        let check = ActiveHealthCheck(interval: .seconds(1), timeout: .milliseconds(500), rise: 2, fall: 2)
        let fixture = UpstreamFixture(configuration: .init(retries: 0, healthCheck: check))
        fixture.balancer.startHealthChecks()
        fixture.sim.schedule(after: .milliseconds(2_300)) { fixture.network.crash("s2") }
        fixture.sim.schedule(after: .milliseconds(6_200)) { fixture.network.restart("s2") }
        let whileDown = (0..<3).map { fixture.route(at: 5 + Double($0) * 0.1) }
        fixture.run(until: 10)
        // s2's first check is at 1/3 s (1 s × 1/3); passing in 1 ms, the next start 1.001 s apart.
        // Those at 2.335333 and 3.835333 s time out 0.5 s later (down at 4.335333 s); after the
        // restart, those at 6.835333 and 7.836333 s pass one round trip later (up at 7.837333 s).
        #expect(fixture.events.map { micros($0.0)! } == [4.335333, 7.837333])
        #expect(fixture.events.map(\.2) == [.markedDown(.active), .markedUp(.active)])
        #expect(whileDown.allSatisfy { $0.status == 200 })
        #expect(!fixture.routes.hostnames.contains("s2"))
        #expect(fixture.balancer.stats.servers[1].failedHealthChecks == 3, "the checks at 2.335333, 3.835333 and 5.335333 s")
    }

    @Test func consecutiveErrorsEjectAServerUntilItsEjectionEnds() {
        let detection = OutlierDetection(consecutiveErrors: 3, baseEjectionTime: .seconds(5), maxEjectionPercent: 100, interval: .seconds(1))
        let fixture = UpstreamFixture(servers: 2, configuration: .init(retries: 0, outlierDetection: detection), errorRates: [1: 1])
        let requests = (0..<10).map { fixture.route(at: Double($0) * 0.1) }
        fixture.run(until: 10)
        // s1 answers 500 at 0.002, 0.202 and 0.402 s: the third error ejects it for 5 s, until the
        // interval timer's first tick after 5.402 s.
        #expect(fixture.events.map { micros($0.0)! } == [0.402, 6.0])
        #expect(fixture.events.map(\.2) == [.markedDown(.outlier), .markedUp(.outlier)])
        #expect(requests.map(\.status) == [500, 200, 500, 200, 500, 200, 200, 200, 200, 200])
    }
}

struct ConnectionQueueTests {
    @Test func aQueuedRequestTimesOutExactlyAtItsDeadlineAndAFullQueueRejectsAtOnce() {
        let fixture = UpstreamFixture(servers: 1, configuration: .init(forwardTimeout: .seconds(60), retries: 0, maxConnections: 1,
                                                                       queue: .init(capacity: 1, timeout: .seconds(2))), service: 10)
        let first = fixture.route(at: 0)
        let queued = fixture.route(at: 1)
        let rejected = fixture.route(at: 1.5)
        let waiting = fixture.route(at: 9)
        fixture.run(until: 30)
        #expect(first.status == 200 && micros(first.seconds) == 10.001)
        #expect(queued.status == 503 && micros(queued.seconds) == 3)
        #expect(queued.response?.body.contains("timed out in the upstream queue") == true)
        #expect(rejected.status == 503 && micros(rejected.seconds) == 1.5)
        #expect(rejected.response?.body.contains("upstream queue is full") == true)
        // Queued at 9 s; the connection frees at 10.001 s; served 10.001 + 0.5 ms + 10 s + 0.5 ms.
        #expect(waiting.status == 200 && micros(waiting.seconds) == 20.002)
        #expect(fixture.balancer.stats.queued == 2)
        #expect(fixture.balancer.stats.queueTimeouts == 1)
        #expect(fixture.balancer.stats.queueFull == 1)
    }
}

struct BalancerGatewayTests {
    @Test func eachClientHasItsOwnTokenBucket() {
        let fixture = UpstreamFixture(configuration: .init(rateLimit: .init(rate: 1, burst: 2)))
        let first = (0..<3).map { _ in fixture.route(at: 0, client: "c1") }
        let other = fixture.route(at: 0, client: "c2")
        let later = fixture.route(at: 1, client: "c1")
        fixture.run(until: 5)
        #expect(first.map(\.status) == [200, 200, 429])
        #expect(other.status == 200)
        #expect(later.status == 200)
        #expect(fixture.balancer.stats.rateLimited == 1)
    }

    @Test func theCircuitBreakerOpensOnFailuresAndRejectsAtOnceUntilItsTrialsSucceed() {
        let breaker = CircuitBreaker.Configuration(failureRatio: 0.5, window: 4, minimumRequests: 4, openDuration: .seconds(5), halfOpenRequests: 1)
        let fixture = UpstreamFixture(servers: 1, configuration: .init(retries: 0, circuitBreaker: breaker))
        fixture.network.setErrorRate("s1", 1)
        let failing = (0..<4).map { fixture.route(at: Double($0) * 0.1) }
        let rejected = fixture.route(at: 1)
        fixture.sim.schedule(after: .seconds(3)) { fixture.network.setErrorRate("s1", 0) }
        let trial = fixture.route(at: 6)
        fixture.run(until: 10)
        #expect(failing.map(\.status) == [500, 500, 500, 500])
        #expect(rejected.status == 503 && micros(rejected.seconds) == 1)
        #expect(rejected.response?.body.contains("circuit breaker is open") == true)
        #expect(trial.status == 200)
        #expect(fixture.events.map(\.2) == [.circuit(.opened), .circuit(.halfOpened), .circuit(.closed)])
        #expect(fixture.events.map { micros($0.0)! } == [0.302, 6, 6.002])
        #expect(fixture.balancer.stats.circuitRejected == 1)
    }
}
