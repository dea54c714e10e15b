import Testing
@testable import Simulator

/// A node's open calls are not counted by its table (``OpenCalls``): each has another owner until
/// it answers or its node crashes. A restart reads them all, so this test restarts nodes holding
/// calls in every state a call can be open in — in service, queued behind it, held by a hang
/// (one for good among them), run by a handler task that is still waiting, paused on a frozen node —
/// and checks that every caller is refused one link latency later, and that each node serves
/// again after its boot. (Run under `--sanitize=address` it also shows no call was read freed.)
struct OpenCallOwnersTests {
    @Test func aRestartFindsEveryOpenCallAliveAndResetsItsCaller() throws {
        let sim = Simulation(seed: 1)
        let network = Network(simulation: sim, defaultLink: LinkProfile(latency: .constant(0.0005)))
        let serving = ServerReplica("serving", configuration: ServerConfiguration(slots: 1, queueCapacity: 5, serviceTime: .constant(1)), network: network)
        let hung = ServerReplica("hung", configuration: ServerConfiguration(serviceTime: .constant(0.01)), network: network)
        let hungForGood = ServerReplica("hung-for-good", configuration: ServerConfiguration(serviceTime: .constant(0.01)), network: network)
        let frozen = ServerReplica("frozen", configuration: ServerConfiguration(serviceTime: .constant(1)), network: network)
        network.addNode("worker")
        network.addNode("client")
        let log = ServerCallLog()
        func call(_ label: String, at instant: Double, _ send: @escaping @Sendable () async throws(NetworkError) -> String) {
            sim.spawn(label) { _ in
                await sim.sleep(until: .after(.seconds(double: instant)))
                let result: String
                do { result = try await send() } catch { result = "\(error)" }
                log.items.append((log.items.count, "\(label): \(result) @\(sim.now.nanoseconds / 1_000)us", sim.now.seconds))
            }
        }
        func call(_ label: String, at instant: Double, _ server: ServerReplica, id: UInt64) {
            call(label, at: instant) { () throws(NetworkError) in
                let request = Request(id: id, key: 0, client: "client")
                return String(try await network.call(from: "client", to: server, timeout: .seconds(10), request: request).status)
            }
        }
        sim.schedule(after: .milliseconds(50)) {
            network.apply(.hang("hung", duration: .seconds(10)))
            network.apply(.hang("hung-for-good", duration: nil))
        }
        // Delivered at 0.1005 s; the node freezes at 0.2 s with the call in service (1 s long).
        call("frozen", at: 0.1, frozen, id: 1)
        sim.schedule(after: .milliseconds(200)) { network.apply(.pause("frozen", duration: .seconds(2))) }
        call("in service", at: 0, serving, id: 2)
        call("queued", at: 0.1, serving, id: 3)
        call("hung", at: 0.1, hung, id: 4)
        call("hung for good", at: 0.1, hungForGood, id: 5)
        call("task", at: 0.1) { () throws(NetworkError) in
            try await network.call(from: "client", to: "worker", timeout: .seconds(10)) { () -> String in
                await sim.sleep(for: .seconds(2))
                return "done"
            }
        }
        sim.schedule(after: .milliseconds(500)) {
            for node in ["serving", "hung", "hung-for-good", "worker", "frozen"] { network.restart(NodeID(node), bootTime: .seconds(1)) }
        }
        // Once booted, each node serves again (the hangs went with the processes).
        call("served again", at: 2, serving, id: 6)
        call("hung again", at: 2, hung, id: 7)
        try sim.run(until: .after(.seconds(20)))
        #expect(log.items.map(\.1).sorted() == [
            "frozen: refused @500500us",
            "hung again: 200 @2011000us",
            "hung for good: refused @500500us",
            "hung: refused @500500us",
            "in service: refused @500500us",
            "queued: refused @500500us",
            "served again: 200 @3001000us",
            "task: refused @500500us",
        ])
    }
}
