import Testing
@testable import Simulator

/// nginx's upstream keepalive: a setup costs round trips on the balancer→server link unless an
/// idle cached connection is reused; the cache holds `keepalive` idle connections per worker,
/// closing the least recently used; `keepalive_requests` and `keepalive_timeout` close
/// connections; a stale cached connection's failure gives its try back. With a constant 1 ms
/// one way and a 10 ms service, a setup is 2 ms (6 ms with TLS) and a forward 12 ms.
struct ConnectionPoolTests {
    static func milliseconds(_ request: RoutedRequest) -> Double? { micros(request.seconds).map { $0 * 1_000 } }

    @Test func theFirstRequestPaysTheSetupAndTheSecondReusesTheConnection() {
        let fixture = KeepaliveFixture(keepalive: KeepaliveConfiguration(idleConnections: 32))
        let first = fixture.route(at: 0), second = fixture.route(at: 0.1)
        fixture.run(until: 1)
        // 2 ms setup + 2 ms request round trip + 10 ms service; then no setup.
        #expect(Self.milliseconds(first) == 14 && Self.milliseconds(second) == 112)
        let stats = fixture.stats
        #expect(stats.setups == 1 && stats.reuses == 1 && stats.failedSetups == 0)
        #expect(stats.setupTime == .milliseconds(2))
        #expect(stats.open == 1 && stats.idle == 1 && stats.peakOpen == 1)
        #expect(fixture.log.entries.map(\.1) == ["setup s1#1"])
    }

    @Test func aTLSSetupTakesThreeRoundTrips() {
        let fixture = KeepaliveFixture(keepalive: KeepaliveConfiguration(idleConnections: 32, tls: true))
        let first = fixture.route(at: 0), second = fixture.route(at: 0.1)
        fixture.run(until: 1)
        #expect(Self.milliseconds(first) == 18 && Self.milliseconds(second) == 112)
        #expect(fixture.stats.setupTime == .milliseconds(6))
    }

    @Test func withoutACacheEveryRequestSetsUpAndClosesItsConnection() {
        let fixture = KeepaliveFixture(keepalive: KeepaliveConfiguration(idleConnections: 0))
        let first = fixture.route(at: 0), second = fixture.route(at: 0.1)
        fixture.run(until: 1)
        #expect(Self.milliseconds(first) == 14 && Self.milliseconds(second) == 114)
        #expect(fixture.stats.setups == 2 && fixture.stats.reuses == 0)
        #expect(fixture.stats.closes(.notPooled) == 2 && fixture.stats.open == 0)
    }

    /// Two users at once with room for one idle connection: each round the first answer's
    /// connection is cached and the second's evicts it, so every round but the first reuses one
    /// connection and sets up another.
    @Test func aCacheSmallerThanTheConcurrencyEvictsTheLeastRecentlyUsed() {
        let fixture = KeepaliveFixture(keepalive: KeepaliveConfiguration(idleConnections: 1))
        var requests: [(RoutedRequest, RoutedRequest)] = []
        for round in 0..<3 {
            let at = Double(round) / 10
            requests.append((fixture.route(at: at, client: "client-1"), fixture.route(at: at, client: "client-2")))
        }
        fixture.run(until: 1)
        #expect(requests.map { Self.milliseconds($0.0) } == [14, 112, 212])
        #expect(requests.map { Self.milliseconds($0.1) } == [14, 114, 214])
        let stats = fixture.stats
        #expect(stats.setups == 4 && stats.reuses == 2 && stats.closes(.evicted) == 3)
        #expect(stats.open == 1 && stats.idle == 1 && stats.peakOpen == 2)
        let closes = fixture.log.entries.filter { $0.1.hasPrefix("close") }
        #expect(closes.map(\.0) == [14_000_000, 114_000_000, 214_000_000])
        #expect(closes.map(\.1) == ["close evicted s1#1", "close evicted s1#2", "close evicted s1#3"])
    }

    @Test func aCacheAsLargeAsTheConcurrencyKeepsEveryConnection() {
        let fixture = KeepaliveFixture(keepalive: KeepaliveConfiguration(idleConnections: 2))
        for round in 0..<3 {
            _ = fixture.route(at: Double(round) / 10, client: "client-1")
            _ = fixture.route(at: Double(round) / 10, client: "client-2")
        }
        fixture.run(until: 1)
        #expect(fixture.stats.setups == 2 && fixture.stats.reuses == 4 && fixture.stats.closes(.evicted) == 0)
    }

    @Test func keepaliveRequestsThreeSetsUpEveryThirdRequest() {
        let fixture = KeepaliveFixture(keepalive: KeepaliveConfiguration(idleConnections: 32, requestsPerConnection: 3))
        let requests = (0..<7).map { fixture.route(at: Double($0) / 10) }
        fixture.run(until: 1)
        #expect(requests.map { Self.milliseconds($0) } == [14, 112, 212, 314, 412, 512, 614])
        #expect(fixture.stats.setups == 3 && fixture.stats.reuses == 4 && fixture.stats.closes(.requestLimit) == 2)
        let closes = fixture.log.entries.filter { $0.1.hasPrefix("close") }
        #expect(closes.map(\.0) == [212_000_000, 512_000_000])
    }

    @Test func anIdleConnectionClosesExactlyAtItsTimeout() {
        let fixture = KeepaliveFixture(keepalive: KeepaliveConfiguration(idleConnections: 32, idleTimeout: .seconds(5)))
        _ = fixture.route(at: 0)
        let later = fixture.route(at: 6)
        fixture.run(until: 10)
        // Pooled at 14 ms, closed 5 s later; the next request sets up again.
        #expect(fixture.log.entries.map(\.0) == [0, 5_014_000_000, 6_000_000_000])
        #expect(fixture.log.entries.map(\.1) == ["setup s1#1", "close idle_timeout s1#1", "setup s1#2"])
        #expect(micros(later.seconds) == 6.014)
        #expect(fixture.stats.closes(.idleTimeout) == 1 && fixture.stats.idle == 1)
    }

    /// s1 restarts while its connection sits in the cache: the request sent on it meets a reset
    /// one round trip later, and goes to s2 without spending a try (retries: 0), as nginx does.
    @Test func aRestartedServersPooledConnectionIsStaleAndItsFailureGivesTheTryBack() {
        let fixture = KeepaliveFixture(servers: 2, keepalive: KeepaliveConfiguration(idleConnections: 32))
        _ = fixture.route(at: 0)
        _ = fixture.route(at: 0.1)
        let network = fixture.upstream.network
        fixture.upstream.sim.schedule(after: .seconds(1)) { network.crash("s1") }
        fixture.upstream.sim.schedule(after: .milliseconds(1_500)) { network.restart("s1") }
        let afterRestart = fixture.route(at: 3)
        fixture.run(until: 4)
        #expect(afterRestart.status == 200 && micros(afterRestart.seconds) == 3.014)
        #expect(fixture.upstream.routes.hostnames == ["s1", "s2", "s1", "s2"])
        let stats = fixture.stats
        #expect(stats.closes(.stale) == 1 && stats.freeRetries == 1 && stats.setups == 2 && stats.reuses == 1)
        #expect(fixture.upstream.balancer.stats.retried == 0 && fixture.upstream.balancer.stats.failedForwards == 1)
    }

    @Test func aServerAtItsConnectionLimitRefusesTheSetup() {
        let fixture = KeepaliveFixture(keepalive: KeepaliveConfiguration(idleConnections: 32, connectionLimits: ["s1": 1]))
        let accepted = fixture.route(at: 0, client: "client-1"), refused = fixture.route(at: 0, client: "client-2")
        fixture.run(until: 1)
        #expect(accepted.status == 200 && Self.milliseconds(accepted) == 14)
        // Refused when its handshake reaches s1, known one round trip after it left: a connect error, 502.
        #expect(refused.status == 502 && Self.milliseconds(refused) == 2)
        #expect(fixture.stats.setups == 2 && fixture.stats.failedSetups == 1 && fixture.stats.closes(.refused) == 1)
        #expect(fixture.stats.open == 1 && fixture.stats.servers["s1"]?.peakOpen == 1)
    }

    @Test func workersKeepSeparateCaches() {
        let fixture = KeepaliveFixture(keepalive: KeepaliveConfiguration(idleConnections: 32, workers: 2))
        _ = fixture.route(at: 0, client: "client-1")
        _ = fixture.route(at: 0.1, client: "client-2")
        _ = fixture.route(at: 0.2, client: "client-1")
        _ = fixture.route(at: 0.3, client: "client-3")
        fixture.run(until: 1)
        // client-1 and client-3 on worker 0, client-2 on worker 1.
        let pools = fixture.upstream.balancer.connectionPools!
        #expect(fixture.stats.setups == 2 && fixture.stats.reuses == 2)
        #expect(pools.idleConnections(of: 0).map(\.number) == [1] && pools.idleConnections(of: 1).map(\.number) == [2])
    }

    /// s1 is cut off: its setup learns so after one link latency, a connect error that is retried
    /// on s2 with a try of its own (the connection was not a cached one).
    @Test func aSetupAcrossAPartitionIsAConnectErrorAndIsRetried() {
        let fixture = KeepaliveFixture(servers: 2, keepalive: KeepaliveConfiguration(idleConnections: 32), retries: 1)
        fixture.upstream.network.partition([["balancer", "client-1", "s2"], ["s1"]])
        let request = fixture.route(at: 0)
        fixture.run(until: 1)
        // 1 ms to learn s1 is unreachable, then 2 ms setup + 12 ms forward to s2.
        #expect(request.status == 200 && Self.milliseconds(request) == 15)
        #expect(fixture.upstream.routes.hostnames == ["s1", "s2"])
        #expect(fixture.stats.setups == 2 && fixture.stats.failedSetups == 1 && fixture.stats.closes(.failure) == 1)
        #expect(fixture.upstream.balancer.stats.retried == 1 && fixture.stats.freeRetries == 0)
    }

    /// A forward that times out closes its connection: the next request pays a setup again.
    @Test func aConnectionWhoseForwardFailedIsClosedNotPooled() {
        let fixture = KeepaliveFixture(keepalive: KeepaliveConfiguration(idleConnections: 32), forwardTimeout: .milliseconds(5))
        let first = fixture.route(at: 0), second = fixture.route(at: 0.1)
        fixture.run(until: 1)
        // Set up by 2 ms, the answer would come at 14 ms: the 5 ms timeout fires at 7 ms (a 504).
        #expect(first.status == 504 && Self.milliseconds(first) == 7 && second.status == 504)
        #expect(fixture.stats.setups == 2 && fixture.stats.reuses == 0 && fixture.stats.closes(.failure) == 2 && fixture.stats.open == 0)
    }

    /// With a single server the free retry goes to it again, over a new connection: 2 ms to meet
    /// the reset, 2 ms of setup, 12 ms of forward.
    @Test func aLoneRestartedServerIsTriedAgainOverANewConnection() {
        let fixture = KeepaliveFixture(keepalive: KeepaliveConfiguration(idleConnections: 32))
        _ = fixture.route(at: 0)
        let network = fixture.upstream.network
        fixture.upstream.sim.schedule(after: .seconds(1)) { network.crash("s1") }
        fixture.upstream.sim.schedule(after: .milliseconds(1_500)) { network.restart("s1") }
        let afterRestart = fixture.route(at: 3)
        fixture.run(until: 4)
        #expect(afterRestart.status == 200 && micros(afterRestart.seconds) == 3.016)
        #expect(fixture.upstream.routes.hostnames == ["s1", "s1", "s1"])
        #expect(fixture.stats.closes(.stale) == 1 && fixture.stats.freeRetries == 1 && fixture.stats.setups == 2)
    }
}
