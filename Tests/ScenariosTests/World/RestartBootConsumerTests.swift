import Testing
@testable import Scenarios
@testable import Simulator

/// The queue consumer and the store operations' client wait for their boot after a restart
/// (README: "`restart` brings a crashed node back after its `boot_time`"). The consumer's poll and
/// heartbeat loops outlived its crash and sent 36 times inside a 2 s boot; the operations' next
/// step went out 12 ms into a 2 s boot, and the one after it. The consumer now runs as its node's
/// program (`Network.startProcess`): its session, positions and heartbeats start with the process
/// once booted, its first poll one `poll_interval` later. The operations wait for the boot
/// (`Network.awaitBoot(of:)`) and send their next step at its end.
@Suite("Restart: the queue consumer and the operations' client send first at their boot's end")
struct RestartBootConsumerTests {
    /// consumer-1 crashed at 4.0002 s, restarted at 8 s booting 2 s: booted at 10 s. Nothing from it
    /// from the crash until 10.100 s — its new process's first poll (100 ms, the default
    /// `poll_interval`, after the boot), a join of the group — and it reads every message again
    /// from the group's committed offsets: all 2,000 delivered.
    @Test func aRestartedConsumerFirstPollsOnePollIntervalAfterItsBoot() throws {
        let (result, events) = try RestartBootSendsTests.run(RestartBootSendsTests.queueWorld + """
            faults:
              - {at: 4.0002s, crash: consumer-1}
              - {at: 8s, restart: consumer-1, boot_time: 2s}
            """)
        #expect(events.contains { $0.kind == .booted && $0.subject == "consumer-1" && $0.time.nanoseconds == 10_000_000_000 })
        let sends = RestartBootSendsTests.sends(of: "consumer-1", in: events)
        #expect(sends.filter { $0 > 4_000_200_000 && $0 < 10_100_000_000 } == [])
        #expect(sends.first { $0 > 4_000_200_000 } == 10_100_000_000)
        let audit = try #require(result.queue?.audit)
        #expect(audit.acknowledged == 2000)
        #expect(audit.undelivered.values.reduce(0, +) == 0)
    }

    /// The same consumer restarted while running (no crash before), booting 2 s from 8 s: its
    /// process is killed at 8 s, the new one polls first at 10.100 s.
    @Test func aConsumerRestartedRunningFirstPollsOnePollIntervalAfterItsBoot() throws {
        let (_, events) = try RestartBootSendsTests.run(RestartBootSendsTests.queueWorld + """
            faults:
              - {at: 8s, restart: consumer-1, boot_time: 2s}
            """)
        let sends = RestartBootSendsTests.sends(of: "consumer-1", in: events)
        #expect(sends.filter { $0 >= 8_000_000_000 && $0 < 10_100_000_000 } == [])
        #expect(sends.first { $0 >= 8_000_000_000 } == 10_100_000_000)
    }

    /// The operations' client restarted at 1 s booting 2 s, in the 990 ms wait after `put a`
    /// (answered at 22.000010 ms: 1 ms there, 20 ms in the store and 10 ns to take its 1-byte body,
    /// 1 ms back): `put b` goes out at the boot's end, 3.000 s — not at 1.012 s, inside the boot —
    /// answered 22.000010 ms later, and `put c` at that instant. Every step answered.
    @Test func theOperationsNextStepGoesOutAtTheClientsBootsEnd() throws {
        let kind = try #require(RestartBootSendsTests.kinds.first { $0.name == "store operations' client" })
        let (result, events) = try RestartBootSendsTests.run(kind.yaml)
        #expect(RestartBootSendsTests.sends(of: "client", in: events) == [0, 3_000_000_000, 3_022_000_010])
        let outcomes = try #require(try result.operations?.get())
        #expect(outcomes.map(\.time.nanoseconds) == [22_000_010, 3_022_000_010, 3_044_000_020])
        #expect(outcomes.map(\.result.status) == [200, 200, 200])
    }
}
