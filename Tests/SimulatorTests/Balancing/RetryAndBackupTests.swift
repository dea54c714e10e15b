import Testing
@testable import Simulator

struct RetryTests {
    @Test func aRequestTriesTheNextServersUntilOneAnswers() {
        let fixture = UpstreamFixture(configuration: .init(retries: 2))
        fixture.network.restart("s1", bootTime: .seconds(60))
        fixture.network.restart("s2", bootTime: .seconds(60))
        let request = fixture.route(at: 0)
        fixture.run(until: 1)
        #expect(request.status == 200)
        #expect(fixture.routes.hostnames == ["s1", "s2", "s3"])
        // Two refusals of one round trip each (1 ms), then 0.5 + 1 + 0.5 ms at s3.
        #expect(micros(request.seconds) == 0.004)
        #expect(fixture.balancer.stats.retried == 2)
    }

    @Test func triesAreLimitedToRetriesPlusOne() {
        let fixture = UpstreamFixture(configuration: .init(retries: 1))
        fixture.network.restart("s1", bootTime: .seconds(60))
        fixture.network.restart("s2", bootTime: .seconds(60))
        let request = fixture.route(at: 0)
        fixture.run(until: 1)
        // The last try was refused: nginx's 502.
        #expect(request.status == 502)
        #expect(fixture.routes.hostnames == ["s1", "s2"])
        #expect(micros(request.seconds) == 0.002)
        #expect(fixture.balancer.stats.unanswered == 1)
    }

    @Test func a5xxIsRetriedOnlyWhenTheConditionsSaySo() {
        let plain = UpstreamFixture(configuration: .init(retries: 2), errorRates: [1: 1])
        let answered = plain.route(at: 0)
        plain.run(until: 1)
        #expect(answered.status == 500)
        #expect(plain.routes.hostnames == ["s1"])

        let retrying = UpstreamFixture(configuration: .init(retries: 2, retryOn: [.error, .timeout, .http5xx]), errorRates: [1: 1])
        let rescued = retrying.route(at: 0)
        retrying.run(until: 1)
        #expect(rescued.status == 200)
        #expect(retrying.routes.hostnames == ["s1", "s2"])
        #expect(micros(rescued.seconds) == 0.004)
    }

    @Test func aRequestWhoseEveryTryFailsWithAServerErrorGetsTheLastOne() {
        let fixture = UpstreamFixture(configuration: .init(retries: 2, retryOn: [.error, .timeout, .http5xx]), errorRates: [1: 1, 2: 1, 3: 1])
        let request = fixture.route(at: 0)
        fixture.run(until: 1)
        #expect(fixture.routes.hostnames == ["s1", "s2", "s3"])
        #expect(request.status == 500)
        #expect(request.response?.server == "s3")
        #expect(fixture.balancer.stats.unanswered == 0)
    }

    @Test func theRetryTimeoutStopsFurtherTries() {
        let fixture = UpstreamFixture(configuration: .init(forwardTimeout: .milliseconds(100), retries: 2, retryTimeout: .milliseconds(150)))
        fixture.network.crash("s1")
        fixture.network.crash("s2")
        let request = fixture.route(at: 0)
        fixture.run(until: 1)
        // s1 times out at 100 ms (within the 150 ms budget, so s2 is tried); s2 at 200 ms: no third try.
        #expect(fixture.routes.hostnames == ["s1", "s2"])
        // The last try timed out: nginx's 504.
        #expect(request.status == 504)
        #expect(micros(request.seconds) == 0.2)
    }

    @Test func callsInServiceWhenTheProcessRestartsAreResetAndRetried() {
        let fixture = UpstreamFixture(configuration: .init(forwardTimeout: .seconds(5), retries: 1), service: 1)
        fixture.sim.schedule(after: .milliseconds(300)) { fixture.network.restart("s1", bootTime: .seconds(5)) }
        let request = fixture.route(at: 0)
        fixture.run(until: 10)
        // Reset at 300 ms reaches the balancer 0.5 ms later; s2 then answers after 0.5 + 1000 + 0.5 ms.
        #expect(fixture.routes.hostnames == ["s1", "s2"])
        #expect(request.status == 200)
        #expect(micros(request.seconds) == 1.3015)
    }
}

struct BackupServerTests {
    @Test func aBackupGetsNoTrafficWhileAPrimaryIsUp() {
        let fixture = UpstreamFixture(strategy: LeastConnectionsStrategy(), backups: [3])
        let requests = (0..<40).map { fixture.route(at: Double($0) * 0.01) }
        fixture.run(until: 2)
        #expect(requests.allSatisfy { $0.status == 200 })
        #expect(!fixture.routes.hostnames.contains("s3"))
        #expect(fixture.servers[2].stats.served == 0)
    }

    @Test func backupsServeOnceEveryPrimaryIsDown() {
        let fixture = UpstreamFixture(configuration: .init(forwardTimeout: .milliseconds(100), retries: 2, passiveHealth: .init(maxFails: 1, failTimeout: .seconds(30))),
                                      backups: [3])
        fixture.network.crash("s1")
        fixture.network.crash("s2")
        let first = fixture.route(at: 0)
        let later = fixture.route(at: 1)
        fixture.run(until: 2)
        #expect(first.status == 200)
        #expect(later.status == 200)
        // Both primaries time out once and are marked down; then only the backup is eligible.
        #expect(fixture.routes.hostnames == ["s1", "s2", "s3", "s3"])
        #expect(micros(first.seconds) == 0.202)
    }
}

struct PanicThresholdTests {
    @Test func belowThePanicThresholdHealthIsIgnored() {
        let fixture = UpstreamFixture(configuration: .init(retries: 0, passiveHealth: .init(maxFails: 1, failTimeout: .seconds(30)), panicThreshold: 0.5))
        fixture.network.restart("s2", bootTime: .seconds(60))
        fixture.network.restart("s3", bootTime: .seconds(60))
        let requests = (0..<6).map { fixture.route(at: Double($0)) }
        fixture.run(until: 10)
        // s2 and s3 fail once each: one healthy of three is below 50 %, so all three are eligible again.
        #expect(fixture.routes.hostnames == ["s1", "s2", "s3", "s1", "s2", "s3"])
        // Each refusal is the request's only try: a 502.
        #expect(requests.map(\.status) == [200, 502, 502, 200, 502, 502])
        #expect(fixture.events.map(\.2).contains(.panic(true)))
    }
}
