import Testing
@testable import Simulator

/// A partition rejects a request sent across it (the sender learns `unreachable` one latency
/// later) or drops it (the sender learns only by its timeout), as iptables' `REJECT` and `DROP`
/// do; Jepsen's partitions drop.
struct PartitionModeTests {
    /// 10 ms each way, 20 ms of service, a 60 ms timeout; the partition is formed at 0 (before
    /// the call at 1 ms) in `mode`, and at 90 ms healed or replaced by a partition in `second`
    /// mode; a second call is sent at 100 ms.
    /// Returns each call's outcome and the traced drops.
    static func run(_ mode: PartitionMode?, second: PartitionMode? = nil) throws -> (outcomes: [String], drops: [String]) {
        let sim = Simulation(seed: 1)
        let network = Network(simulation: sim, defaultLink: LinkProfile(latency: .constant(0.010)))
        network.addNode("client")
        let server = ServerReplica("s", configuration: ServerConfiguration(slots: 1, queueCapacity: 10, serviceTime: .constant(0.020)), network: network)
        let outcomes = EventLog(), drops = EventLog()
        sim.trace.sink = { event in
            if event.kind == .drop { drops.append("\(event.subject)->\(event.object) @\(event.time.nanoseconds / 1_000_000)ms") }
        }
        if let mode { network.partition([["s"], ["client"]], mode: mode) }
        sim.schedule(after: .milliseconds(90)) {
            if let second { network.partition([["s"]], mode: second) } else { network.heal() }
        }
        sim.spawn("client") { _ in
            for (id, at): (UInt64, Int) in [(1, 1), (2, 100)] {
                await sim.sleep(for: .milliseconds(at) - VirtualInstant.zero.duration(to: sim.now))
                do {
                    let response = try await network.call(from: "client", to: server, timeout: .milliseconds(60), request: Request(id: id, key: 1, client: "client"))
                    outcomes.append("\(response.status) @\(sim.now.nanoseconds / 1_000_000)ms")
                } catch {
                    outcomes.append("\(error) @\(sim.now.nanoseconds / 1_000_000)ms")
                }
            }
        }
        try sim.runToCompletion(timeLimit: .after(.seconds(1)))
        return (outcomes.entries, drops.entries)
    }

    /// Rejected: the call sent at 1 ms fails as unreachable one latency later, at 11 ms; nothing
    /// is dropped. After the heal at 90 ms the call at 100 ms is answered at 140 ms.
    @Test func aRejectingPartitionRefusesInOneLatency() throws {
        let run = try Self.run(.reject)
        #expect(run.outcomes == ["unreachable @11ms", "200 @140ms"])
        #expect(run.drops.isEmpty)
    }

    /// Dropped: the request is lost as it is sent at 1 ms and the call times out at 61 ms.
    @Test func aDroppingPartitionLeavesTheCallerToItsTimeout() throws {
        let run = try Self.run(.drop)
        #expect(run.outcomes == ["timeout @61ms", "200 @140ms"])
        #expect(run.drops == ["client->s @1ms"])
    }

    /// The default is to reject, as every partition did before the mode existed.
    @Test func aPartitionRejectsByDefault() throws {
        #expect(Fault.partition([["s"]]) == Fault.partition([["s"]], .reject))
        let sim = Simulation(seed: 1)
        let network = Network(simulation: sim)
        network.partition([["s"]])
        #expect(network.partitionMode == .reject)
    }

    /// A partition replaces the one in force with its mode: a dropping one replaced at 90 ms by
    /// a rejecting one of the same groups refuses the call at 100 ms in one latency, at 110 ms.
    @Test func aLaterPartitionBringsItsOwnMode() throws {
        let run = try Self.run(.drop, second: .reject)
        #expect(run.outcomes == ["timeout @61ms", "unreachable @110ms"])
        #expect(run.drops == ["client->s @1ms"])
        // And the other way round: the call at 100 ms is lost and times out at 160 ms.
        let other = try Self.run(.reject, second: .drop)
        #expect(other.outcomes == ["unreachable @11ms", "timeout @160ms"])
        #expect(other.drops == ["client->s @100ms"])
    }

    /// A heal ends the mode with the partition.
    @Test func aHealEndsTheMode() throws {
        let sim = Simulation(seed: 1)
        let network = Network(simulation: sim)
        network.partition([["s"]], mode: .drop)
        network.heal()
        #expect(network.partitionMode == .reject)
    }

    /// A dropping partition says so wherever faults are listed; a rejecting one reads as before.
    @Test func theDescriptionNamesADroppingPartition() {
        #expect(Fault.partition([["s1"], ["s2", "s3"]], .drop).description == "partition [s1] | [s2, s3] (dropping)")
        #expect(Fault.partition([["s1"], ["s2", "s3"]]).description == "partition [s1] | [s2, s3]")
    }
}
