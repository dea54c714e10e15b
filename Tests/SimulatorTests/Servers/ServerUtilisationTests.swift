import Testing
@testable import Simulator

/// A server's busy time (``ServerStats/busyNanoseconds``, its utilisation's numerator) counts
/// every slot from the start of its service to its end, a crash or now: work still in service
/// when the run ends counts up to the end.
struct ServerUtilisationTests {
    /// Sends one call per instant of `instants` to `server` (each from its own task) and runs
    /// the simulation until `seconds`.
    private func call(_ server: ServerReplica, at instants: [Double], on network: Network, until seconds: Double) {
        let sim = network.simulation
        for (index, instant) in instants.enumerated() {
            sim.spawn("call-\(index)") { _ in
                await sim.sleep(until: .after(.seconds(double: instant)))
                _ = try? await network.call(from: "client", to: server, timeout: .seconds(1), request: Request(id: UInt64(index), key: 0, client: "client"))
            }
        }
        try! sim.run(until: .after(.seconds(double: seconds)))
    }

    private func server(slots: Int, service: Double) -> (ServerReplica, Network) {
        let network = Network(simulation: Simulation(seed: 1), defaultLink: LinkProfile(latency: .constant(0.0005)))
        return (ServerReplica("s1", configuration: ServerConfiguration(slots: slots, serviceTime: .constant(service)), network: network), network)
    }

    @Test func workInServiceWhenTheRunEndsCountsUpToTheEnd() {
        // A 60 s service that starts at 0.5005 s is busy for the rest of a 10 s run: 9.4995 s.
        let (server, network) = server(slots: 1, service: 60)
        call(server, at: [0.5], on: network, until: 10)
        #expect(network.simulation.now.nanoseconds == 10_000_000_000)
        #expect(server.stats.busyNanoseconds == 9_499_500_000)
        #expect(server.stats.served == 0)
    }

    @Test func finishedWorkCountsItsServiceTimes() {
        // Three 1 s services on two slots (the third waits for the first slot): 3 s of busy time.
        let (server, network) = server(slots: 2, service: 1)
        call(server, at: [0, 0, 0], on: network, until: 100)
        #expect(server.stats.served == 3)
        #expect(server.stats.busyNanoseconds == 3_000_000_000)
    }

    @Test func workLostInACrashCountsUpToTheCrash() {
        // A 10 s service from 0.0005 s, lost when the host crashes at 2 s: 1.9995 s.
        let (server, network) = server(slots: 1, service: 10)
        network.simulation.schedule(after: .seconds(2)) { network.crash("s1") }
        call(server, at: [0], on: network, until: 100)
        #expect(server.stats.lostInCrash == 1)
        #expect(server.stats.busyNanoseconds == 1_999_500_000)
    }
}
