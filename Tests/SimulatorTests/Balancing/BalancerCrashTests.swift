import Testing
@testable import Simulator

/// A crashed balancer kept its in-memory state across its restart — passive health's down marks,
/// round robin's position, the forwards in flight — and the requests it was routing went on
/// retrying while it was down. A crash (and a restart of a running balancer, which kills it
/// first) now loses all of it, as a real nginx, HAProxy or Envoy process does; a pause keeps it.
struct BalancerCrashTests {
    /// Sends one request from `client` to the balancer over the network at `at` seconds (routed
    /// in steps), waiting at most `timeout`.
    static func send(_ fixture: UpstreamFixture, at: Double, id: UInt64, timeout: Duration = .seconds(3)) -> NetworkOutcome {
        let outcome = NetworkOutcome()
        let target = BalancedServers(network: fixture.network, balancer: fixture.balancer), sim = fixture.sim
        sim.spawn("request") { _ in
            let instant = VirtualInstant.after(.seconds(double: at))
            if sim.now < instant { await sim.sleep(until: instant) }
            do {
                outcome.status = try await target.send(Request(id: id, path: "home", key: id, client: "client"), timeout: timeout).status
            } catch {
                outcome.error = error as? NetworkError
            }
            outcome.at = sim.now.seconds
        }
        return outcome
    }

    /// Three servers under round robin, `max_fails: 1` and `fail_timeout: 60s`: s2 refuses while
    /// it boots (0 … 2 s), so the request at 1.1 s marks it down (retried on s3). At 3 s the
    /// balancer `action`s; requests at 4, 5 and 6 s follow.
    static func passiveWorld(_ action: (UpstreamFixture) -> Void) -> (fixture: UpstreamFixture, requests: [NetworkOutcome]) {
        let fixture = UpstreamFixture(servers: 3, configuration: .init(retries: 1, passiveHealth: .init(maxFails: 1, failTimeout: .seconds(60))))
        fixture.network.restart("s2", bootTime: .seconds(2))
        action(fixture)
        let requests = [0.1, 1.1, 4, 5, 6].enumerated().map { send(fixture, at: $0.element, id: UInt64($0.offset + 1)) }
        fixture.run(until: 10)
        return (fixture, requests)
    }

    /// Restarted at 3 s, the balancer starts as configured: every server up, round robin from the
    /// first — s1, s2, s3. It sent s2 nothing for 60 s (s1, s3, s1) before.
    @Test func aRestartedBalancerForgetsPassiveDownMarksAndRoundRobinsPosition() {
        let (fixture, requests) = Self.passiveWorld { fixture in
            fixture.sim.schedule(after: .seconds(3)) { fixture.network.restart("balancer") }
        }
        #expect(requests.map(\.status) == [200, 200, 200, 200, 200])
        #expect(fixture.routes.hostnames == ["s1", "s2", "s3", "s1", "s2", "s3"])
        #expect(fixture.events.map(\.1) == ["s2", "s2"], "the restarted balancer reads s2 up again")
        #expect(fixture.events.map(\.2) == [.markedDown(.passive), .markedUp(.restart)])
    }

    /// A pause is a stopped process: it keeps its down marks and its position.
    @Test func aPausedBalancerKeepsThem() {
        let (fixture, requests) = Self.passiveWorld { fixture in
            fixture.sim.schedule(after: .seconds(3)) { fixture.network.pause("balancer", for: .milliseconds(500)) }
        }
        #expect(requests.map(\.status) == [200, 200, 200, 200, 200])
        #expect(fixture.routes.hostnames == ["s1", "s2", "s3", "s1", "s3", "s1"])
    }

    /// Two servers serving 2 s a request, forwards timing out after 500 ms with one retry. The
    /// balancer crashes at 0.2 s with the request of 0.1 s in flight to s1 (and stays down).
    static func inFlightWorld() -> UpstreamFixture {
        let fixture = UpstreamFixture(servers: 2, configuration: .init(forwardTimeout: .milliseconds(500), retries: 1), service: 2)
        fixture.sim.schedule(after: .milliseconds(200)) { fixture.network.crash("balancer") }
        return fixture
    }

    /// The request routed in steps ends at the crash: its forward's timeout at 0.6 s is heard by
    /// no one — no retry on s2 (it was retried at 0.6 s and answered 504 at 1.1 s, to no one),
    /// no failed forward, no timeout counted against s1 — and the client times out at 3.1 s.
    @Test func aRequestInFlightEndsAtTheCrash() {
        let fixture = Self.inFlightWorld()
        var connections: [Int] = []
        fixture.sim.schedule(after: .milliseconds(201)) { connections = fixture.balancer.stats.servers.map { $0.connections.level } }
        let request = Self.send(fixture, at: 0.1, id: 1)
        fixture.run(until: 10)
        #expect(request.error == .timeout && request.at == 3.1)
        #expect(fixture.routes.hostnames == ["s1"])
        #expect(connections == [0, 0])
        let stats = fixture.balancer.stats
        #expect([stats.forwarded, stats.retried, stats.failedForwards, stats.gatewayTimeouts, stats.answered] == [1, 0, 0, 0, 0])
        #expect(stats.servers.map(\.timeouts) == [0, 0])
    }

    /// The same on a task (a request routed by ``LoadBalancer/route(_:)``): no retry, nothing
    /// counted.
    @Test func aRequestRoutedOnATaskEndsAtTheCrash() {
        let fixture = Self.inFlightWorld()
        _ = fixture.route(at: 0.1)
        fixture.run(until: 10)
        #expect(fixture.routes.hostnames == ["s1"])
        let stats = fixture.balancer.stats
        #expect([stats.forwarded, stats.retried, stats.failedForwards, stats.gatewayTimeouts, stats.answered] == [1, 0, 0, 0, 0])
        #expect(stats.servers.map(\.timeouts) == [0, 0])
    }

    /// One server of one connection (`max_conns: 1`) serving 1 s a request, a queue of 5 waiting
    /// up to 2 s: the request of 0.1 s waits behind the one of 0 s when the balancer crashes at
    /// 0.2 s. Its wait ends there, counted as no queue timeout, and neither request is answered
    /// (it waited on to its queue timeout at 2.1 s, counted, and both were answered, to no one).
    @Test func aRequestWaitingInTheQueueEndsAtTheCrash() {
        var configuration = LoadBalancer.Configuration(forwardTimeout: .seconds(5), retries: 0, maxConnections: 1)
        configuration.queue = ConnectionQueueConfiguration(capacity: 5, timeout: .seconds(2))
        let fixture = UpstreamFixture(servers: 1, configuration: configuration, service: 1)
        fixture.sim.schedule(after: .milliseconds(200)) { fixture.network.crash("balancer") }
        _ = [0, 0.1].map { fixture.route(at: $0) }
        fixture.run(until: 10)
        #expect(fixture.routes.hostnames == ["s1"])
        let stats = fixture.balancer.stats
        #expect([stats.forwarded, stats.queued, stats.queueTimeouts, stats.answered] == [1, 1, 0, 0])
    }

    /// Active checks every second (timeout 500 ms, rise 2, fall 2) mark the crashed s2 down at
    /// 4.335333 s; s2 is back at 6.2 s and the balancer restarts at 6.3 s: HAProxy starts a
    /// server up, so s2 takes the request at 6.5 s. Before, it waited for two passed checks
    /// (marked up at 7.837333 s in the same world without the balancer's restart).
    @Test func aRestartedBalancerStartsItsServersUpWhateverItsChecksHadSaid() {
        let check = ActiveHealthCheck(interval: .seconds(1), timeout: .milliseconds(500), rise: 2, fall: 2)
        let fixture = UpstreamFixture(servers: 2, configuration: .init(retries: 0, healthCheck: check))
        fixture.balancer.startHealthChecks()
        fixture.sim.schedule(after: .milliseconds(2_300)) { fixture.network.crash("s2") }
        fixture.sim.schedule(after: .milliseconds(6_200)) { fixture.network.restart("s2") }
        fixture.sim.schedule(after: .milliseconds(6_300)) { fixture.network.restart("balancer") }
        let requests = [6.5, 6.6].enumerated().map { Self.send(fixture, at: $0.element, id: UInt64($0.offset + 1)) }
        fixture.run(until: 7)
        #expect(requests.map(\.status) == [200, 200])
        #expect(fixture.routes.hostnames == ["s1", "s2"])
        #expect(fixture.events.map(\.2) == [.markedDown(.active), .markedUp(.restart)])
    }
}

/// A request's outcome over the network. `@unchecked Sendable`: written on the simulation thread only.
final class NetworkOutcome: @unchecked Sendable {
    var status: Int?
    var error: NetworkError?
    var at: Double?
}
