import Testing
@testable import Scenarios
@testable import Simulator

/// A restarted balancer is a new process that believes every configured server up (nginx's fresh
/// upstream state; HAProxy's checked servers without `init-state`), and routes to them. Its crash
/// wrote no mark-up for the servers the old process held down, so a server passive health had
/// marked down for 60 s read out of rotation to the run's end — "back in rotation —" in its
/// Failovers row, an out-of-rotation bar to the end of the timeline — while the restarted
/// balancer sent it requests. The restart now announces them back: `marked up (balancer restart)`.
struct BalancerRestartRotationTests {
    /// Three servers behind round robin, passive health holding a failed server for 60 s: web2
    /// crashes at 2 s (marked down at 2.33094027 s by a forward timing out) and is back at 4 s;
    /// the balancer crashes at 5 s and, unless `restarts` is false, restarts at 6 s.
    static func world(restarts: Bool = true, keepalive: Bool = false) -> String {
        """
        seed: 1
        run: {duration: 10s}
        balancer:
          strategy: round_robin
          forward_timeout: 200ms
          retries: {tries: 2, on: [error, timeout]}
          passive_health: {max_fails: 1, fail_timeout: 60s}
        \(keepalive ? "  keepalive: {connections: 8}\n" : "")servers:
          - {name: web, count: 3, slots: 4, service_time: 5ms}
        workload: {type: open_loop, rate: 10, timeout: 2s}
        faults:
          - {at: 2s, crash: web2}
          - {at: 4s, restart: web2}
          - {at: 5s, crash: balancer}
        \(restarts ? "  - {at: 6s, restart: balancer}\n" : "")
        """
    }

    static func run(_ text: String) throws -> TrafficResult {
        ScenarioRunner.runTraffic(try ScenarioLoader.parse(text, file: "rotation.yaml"), seed: nil)
    }

    @Test func aServerTheCrashedProcessHeldDownIsBackInRotationWhenTheRestartedOneBoots() throws {
        let result = try Self.run(Self.world())
        let balancer = try #require(result.balancer)
        #expect(result.eventsCSV() == """
            seconds,subject,event
            2.330940,web2,marked down (passive health)
            6.000000,web2,marked up (balancer restart)

            """)
        #expect(balancer.failovers == [Failover(server: "web2", fault: "crash web2", at: 2, detectedAt: 2.33094027, repairedAt: 4, recoveredAt: 6)])
        #expect(balancer.outOfRotation == [.init(server: "web2", start: 2.33094027, end: 6)])
        #expect(result.markdown().contains("| web2   | crash web2 | 2.000 s |  2.331 s |        0.331 s |  4.000 s |          6.000 s |       2.000 s |"))
        // The report's event, not the trace's: the digest is the one the run had before.
        #expect(result.digest == "62bb4a5f97c0f610")
    }

    /// A balancer that never comes back routes to no one: the server stays out to the run's end.
    @Test func aBalancerThatNeverRestartsLeavesItOut() throws {
        let result = try Self.run(Self.world(restarts: false))
        let balancer = try #require(result.balancer)
        #expect(balancer.events.map(\.description) == ["marked down (passive health)"])
        #expect(balancer.failovers == [Failover(server: "web2", fault: "crash web2", at: 2, detectedAt: 2.33094027, repairedAt: 4, recoveredAt: nil)])
        #expect(balancer.outOfRotation == [.init(server: "web2", start: 2.33094027, end: nil)])
    }

    /// The rotation rule alone: a restart's mark-up lets every hold go at once — passive health's,
    /// a health check's, a drain — where another mechanism's mark-up lets only its own go.
    @Test func aRestartsMarkUpLetsEveryHoldGo() {
        func event(_ seconds: Double, _ kind: BalancerEvent.Kind) -> BalancerEvent {
            BalancerEvent(at: .after(.seconds(double: seconds)), subject: "s1", kind: kind)
        }
        let events = [event(1, .markedDown(.passive)), event(2, .markedDown(.active)), event(3, .drainStarted),
                      event(4, .markedUp(.active)), event(5, .markedUp(.restart)), event(7, .markedDown(.outlier))]
        #expect(RotationState.gaps(in: events) == [.init(server: "s1", start: .after(.seconds(1)), end: .after(.seconds(5))),
                                                  .init(server: "s1", start: .after(.seconds(7)), end: nil)])
        #expect(BalancerEvent.Kind.markedUp(.restart).description == "marked up (balancer restart)")
    }
}
