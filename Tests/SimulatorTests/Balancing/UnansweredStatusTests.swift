import Testing
@testable import Simulator

/// What a request gets when no try is left, as nginx's `ngx_http_upstream_next`: the last try
/// decides. A timeout is a 504, a refused, reset or unreachable connection a 502, a request no
/// server can take ("no live upstreams") a 502, a server's answer of a retried status is passed
/// on; the balancer's queue and circuit breaker still turn requests away with 503.
struct UnansweredStatusTests {
    @Test func aRequestWhoseEveryTryTimesOutGets504() {
        // Crashed hosts answer nothing: each try waits out the 100 ms per-try timeout.
        let fixture = UpstreamFixture(configuration: .init(forwardTimeout: .milliseconds(100), retries: 2, passiveHealth: nil))
        for server in ["s1", "s2", "s3"] { fixture.network.crash(NodeID(server)) }
        let request = fixture.route(at: 0)
        fixture.run(until: 1)
        #expect(fixture.routes.hostnames == ["s1", "s2", "s3"])
        #expect(request.status == 504 && micros(request.seconds) == 0.3)
        #expect(request.response?.server == fixture.balancer.id)
        #expect(request.response?.body.contains("No server replica answered") == true)
        #expect(fixture.balancer.stats.gatewayTimeouts == 1 && fixture.balancer.stats.badGateways == 0)
    }

    @Test func aRequestWhoseEveryTryIsRefusedGets502() {
        // Restarting processes: nothing listens, each try is refused one round trip (1 ms) later.
        let fixture = UpstreamFixture(configuration: .init(retries: 2, passiveHealth: nil))
        for server in ["s1", "s2", "s3"] { fixture.network.restart(NodeID(server), bootTime: .seconds(60)) }
        let request = fixture.route(at: 0)
        fixture.run(until: 1)
        #expect(fixture.routes.hostnames == ["s1", "s2", "s3"])
        #expect(request.status == 502 && micros(request.seconds) == 0.003)
        #expect(fixture.balancer.stats.badGateways == 1 && fixture.balancer.stats.gatewayTimeouts == 0)
    }

    @Test func anUpstreamWhoseServersAreAllDownAnswers502WithoutAForward() {
        let fixture = UpstreamFixture(configuration: .init(retries: 2, passiveHealth: .init(maxFails: 1, failTimeout: .seconds(30))))
        for server in ["s1", "s2", "s3"] { fixture.network.restart(NodeID(server), bootTime: .seconds(60)) }
        let first = fixture.route(at: 0)
        let second = fixture.route(at: 0.1)
        fixture.run(until: 1)
        // The first request's three refusals mark all three down: the second finds no live server.
        #expect(fixture.routes.hostnames == ["s1", "s2", "s3"])
        #expect(first.status == 502 && second.status == 502 && micros(second.seconds) == 0.1)
        #expect(second.response?.body.contains("No live server replica") == true)
        #expect(fixture.balancer.stats.badGateways == 2 && fixture.balancer.stats.forwarded == 3)
    }

    @Test func anEmptyUpstreamAnswers502() {
        let sim = Simulation(seed: 1)
        let network = Network(simulation: sim, defaultLink: LinkProfile(latency: .constant(0.0005)))
        let balancer = LoadBalancer(strategy: RoundRobinStrategy(), configuration: .init(), network: network)
        let answer = ResultBox<Response>()
        sim.spawn("request") { _ in answer.value = await balancer.route(Request(id: 1, key: 1, client: "client")) }
        try! sim.runToCompletion(timeLimit: .after(.seconds(1)))
        #expect(answer.value?.status == 502)
        #expect(answer.value?.body.contains("No server replicas available") == true)
        #expect(balancer.stats.badGateways == 1 && balancer.stats.forwarded == 0)
    }

    @Test func theLastTryDecidesNotAnEarlierServerError() {
        // s1 answers 500 (retried), s2 is a crashed host: the request's last try times out.
        let fixture = UpstreamFixture(configuration: .init(forwardTimeout: .milliseconds(100), retries: 1, retryOn: [.error, .timeout, .http500], passiveHealth: nil),
                                      errorRates: [1: 1])
        fixture.network.crash("s2")
        let request = fixture.route(at: 0)
        fixture.run(until: 1)
        #expect(fixture.routes.hostnames == ["s1", "s2"])
        #expect(request.status == 504 && micros(request.seconds) == 0.102)
        #expect(fixture.balancer.stats.gatewayTimeouts == 1)
    }

    @Test func aRetriedStatusOnTheLastTryIsPassedOn() {
        // s1 is a crashed host, s2 answers every request 500: the last try's answer goes to the client.
        let fixture = UpstreamFixture(configuration: .init(forwardTimeout: .milliseconds(100), retries: 1, retryOn: [.error, .timeout, .http500], passiveHealth: nil),
                                      errorRates: [2: 1])
        fixture.network.crash("s1")
        let request = fixture.route(at: 0)
        fixture.run(until: 1)
        #expect(fixture.routes.hostnames == ["s1", "s2"])
        #expect(request.status == 500 && request.response?.server == "s2")
        #expect(fixture.balancer.stats.unanswered == 0)
    }

    @Test func aFullQueueStillAnswers503() {
        let fixture = UpstreamFixture(servers: 1, configuration: .init(forwardTimeout: .seconds(60), retries: 0, maxConnections: 1,
                                                                       queue: .init(capacity: 0, timeout: .seconds(2))), service: 10)
        let first = fixture.route(at: 0)
        let rejected = fixture.route(at: 1)
        fixture.run(until: 30)
        #expect(first.status == 200)
        #expect(rejected.status == 503 && micros(rejected.seconds) == 1)
        #expect(rejected.response?.body.contains("upstream queue is full") == true)
        #expect(fixture.balancer.stats.queueFull == 1 && fixture.balancer.stats.unanswered == 0)
    }
}
