import Testing
@testable import Simulator

/// An answer is checked against partitions when it is sent and when it arrives, as a request is:
/// an answer sent across a partition is lost even if the partition heals before it would arrive.
/// (It used to be checked only on arrival, so such an answer was delivered.)
struct AnswerPartitionTests {
    /// The audit's world: 10 ms each way, 20 ms of service; the request is sent at 0, reaches
    /// `s` at 10 ms, its answer leaves at 30 ms and would arrive at 40 ms. Returns the outcome
    /// and the traced drops.
    static func run(partitionAt start: Int, for duration: Int) throws -> (outcome: String, drops: [String]) {
        let sim = Simulation(seed: 1)
        let network = Network(simulation: sim, defaultLink: LinkProfile(latency: .constant(0.010)))
        network.addNode("client")
        let server = ServerReplica("s", configuration: ServerConfiguration(slots: 1, queueCapacity: 10, serviceTime: .constant(0.020)), network: network)
        let outcome = EventLog(), drops = EventLog()
        sim.trace.sink = { event in
            if event.kind == .drop { drops.append("\(event.subject)->\(event.object) @\(event.time.nanoseconds / 1_000_000)ms") }
        }
        sim.schedule(after: .milliseconds(start)) {
            network.partition([["s"], ["client"]])
            sim.schedule(after: .milliseconds(duration)) { network.heal() }
        }
        sim.spawn("client") { _ in
            do {
                let response = try await network.call(from: "client", to: server, timeout: .milliseconds(60), request: Request(id: 1, key: 1, client: "client"))
                outcome.append("\(response.status) @\(sim.now.nanoseconds / 1_000_000)ms")
            } catch {
                outcome.append("\(error) @\(sim.now.nanoseconds / 1_000_000)ms")
            }
        }
        try sim.runToCompletion(timeLimit: .after(.seconds(1)))
        return (outcome.entries.joined(separator: "; "), drops.entries)
    }

    /// Partitioned from 25 ms to 35 ms: the answer leaves at 30 ms into the partition and is
    /// lost there; the caller times out at 60 ms.
    @Test func anAnswerSentIntoAPartitionIsLostEvenIfItHealsBeforeItArrives() throws {
        let run = try Self.run(partitionAt: 25, for: 10)
        #expect(run.outcome == "timeout @60ms")
        #expect(run.drops == ["s->client @30ms"])
    }

    /// Partitioned from 25 ms to 29 ms: healed before the answer leaves, it arrives at 40 ms.
    @Test func anAnswerSentAfterTheHealArrives() throws {
        let run = try Self.run(partitionAt: 25, for: 4)
        #expect(run.outcome == "200 @40ms")
        #expect(run.drops.isEmpty)
    }

    /// Partitioned from 35 ms to 45 ms: the answer left before, and arrives (at 40 ms) into the
    /// partition: lost on arrival, as before.
    @Test func anAnswerArrivingIntoAPartitionIsLost() throws {
        let run = try Self.run(partitionAt: 35, for: 10)
        #expect(run.outcome == "timeout @60ms")
        #expect(run.drops == ["s->client @40ms"])
    }

    /// Partitioned from 31 ms to 39 ms: sent before and arriving after, the answer is delivered
    /// (a message is only checked when it is sent and when it arrives).
    @Test func anAnswerInFlightAcrossAWholePartitionArrives() throws {
        let run = try Self.run(partitionAt: 31, for: 8)
        #expect(run.outcome == "200 @40ms")
        #expect(run.drops.isEmpty)
    }

    /// A closure's answer is checked the same way.
    @Test func aClosuresAnswerSentIntoAPartitionIsLost() throws {
        let sim = Simulation(seed: 1)
        let network = Network(simulation: sim, defaultLink: LinkProfile(latency: .constant(0.010)))
        network.addNode("client")
        network.addNode("s")
        let outcome = EventLog()
        sim.schedule(after: .milliseconds(25)) { network.partition([["s"], ["client"]]) }
        sim.schedule(after: .milliseconds(35)) { network.heal() }
        sim.spawn("client") { _ in
            do {
                let answer: String = try await network.call(from: "client", to: "s", timeout: .milliseconds(60)) {
                    await sim.sleep(for: .milliseconds(20))
                    return "ok"
                }
                outcome.append("\(answer) @\(sim.now.nanoseconds / 1_000_000)ms")
            } catch {
                outcome.append("\(error) @\(sim.now.nanoseconds / 1_000_000)ms")
            }
        }
        try sim.runToCompletion(timeLimit: .after(.seconds(1)))
        #expect(outcome.entries == ["timeout @60ms"])
    }
}
