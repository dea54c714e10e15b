import Testing
@testable import Simulator

/// The digest folds in every answer handed to its caller (a `respond` event: when, from whom, to
/// whom, its status), so service times and latencies, which decide when answers arrive, are part
/// of it. (It used to fold in only sends, routes, drops, timeouts and faults: worlds whose answers
/// arrived at different times, with different latency percentiles, had one digest.)
struct AnswerDigestTests {
    /// 200 requests from `client` to a 4-slot server, one every millisecond, 1 ms each way;
    /// returns the digest and the `respond` events traced.
    static func run(serviceTime: Distribution, timeout: Duration = .seconds(10)) throws -> (digest: String, responds: [String]) {
        let sim = Simulation(seed: 1)
        let network = Network(simulation: sim, defaultLink: LinkProfile(latency: .constant(0.001)))
        network.addNode("client")
        let server = ServerReplica("s", configuration: ServerConfiguration(slots: 4, queueCapacity: 1_000, serviceTime: serviceTime), network: network)
        let responds = EventLog()
        sim.trace.sink = { event in
            if event.kind == .respond { responds.append("\(event.subject)->\(event.object) \(event.value) @\(event.time.nanoseconds / 1_000)us") }
        }
        for index in 0..<200 {
            sim.spawn("request \(index)") { _ in
                await sim.sleep(for: .milliseconds(index))
                _ = try? await network.call(from: "client", to: server, timeout: timeout, request: Request(id: UInt64(index), key: 1, client: "client"))
            }
        }
        try sim.runToCompletion(timeLimit: .after(.seconds(60)))
        return (sim.trace.digestHex, responds.entries)
    }

    /// The audit's three worlds: exponential service times of mean 2 ms and 9 ms, and a constant
    /// 1 ms. Sends happen at the same instants in all three; only the answers' times differ.
    @Test func threeServiceTimesGiveThreeDigests() throws {
        let digests = try [Distribution.exponential(mean: 0.002), .exponential(mean: 0.009), .constant(0.001)].map { try Self.run(serviceTime: $0).digest }
        #expect(Set(digests).count == 3)
        // The same world twice gives the same digest.
        #expect(try Self.run(serviceTime: .exponential(mean: 0.009)).digest == digests[1])
    }

    /// Each answer is traced when it reaches its caller, from the server to the client, with its
    /// status: sent at n ms, served for 1 ms, answered at n + 3 ms.
    @Test func eachAnswerIsTracedWhenItArrivesWithItsStatus() throws {
        let run = try Self.run(serviceTime: .constant(0.001))
        #expect(run.responds.count == 200)
        #expect(run.responds.prefix(3) == ["s->client 200 @3000us", "s->client 200 @4000us", "s->client 200 @5000us"])
        #expect(run.responds.last == "s->client 200 @202000us")
    }

    /// An answer that arrives after its caller timed out settles nothing and is not traced: the
    /// digest covers outcomes, and the timeout's time is the outcome.
    @Test func aLateAnswerIsNotTraced() throws {
        let slow = try Self.run(serviceTime: .constant(0.050), timeout: .milliseconds(10))
        let slower = try Self.run(serviceTime: .constant(0.060), timeout: .milliseconds(10))
        #expect(slow.responds.isEmpty && slower.responds.isEmpty)
        #expect(slow.digest == slower.digest)
    }

    /// A closure's answer is traced with status 0.
    @Test func aClosuresAnswerIsTracedWithStatusZero() throws {
        let sim = Simulation(seed: 1)
        let network = Network(simulation: sim, defaultLink: LinkProfile(latency: .constant(0.001)))
        network.addNode("client")
        network.addNode("worker")
        let responds = EventLog()
        sim.trace.sink = { event in
            if event.kind == .respond { responds.append("\(event.subject)->\(event.object) \(event.value) @\(event.time.nanoseconds / 1_000)us") }
        }
        sim.spawn("client") { _ in
            let _: String? = try? await network.call(from: "client", to: "worker", timeout: .seconds(1)) {
                await sim.sleep(for: .milliseconds(5))
                return "done"
            }
        }
        try sim.runToCompletion(timeLimit: .after(.seconds(1)))
        #expect(responds.entries == ["worker->client 0 @7000us"])
    }
}
