import Testing
@testable import Simulator

struct ServerFailureModeTests {
    /// What a call came to: a status or an error, and when.
    struct Outcome: Equatable {
        var result: String
        var at: Double
        init(_ result: String, _ at: Double) {
            self.result = result
            self.at = at
        }
    }

    /// Calls `server` from `client` at each instant and returns the outcomes in call order.
    private func calls(_ sim: Simulation, _ network: Network, _ server: ServerReplica, at instants: [Double], timeout: Duration = .seconds(60)) -> [Outcome] {
        let results = ServerCallLog()
        for (index, instant) in instants.enumerated() {
            sim.spawn("call-\(index)") { _ in
                await sim.sleep(until: .after(.seconds(double: instant)))
                let request = Request(id: UInt64(index), key: 0, client: "client")
                do {
                    let response = try await network.call(from: "client", to: server, timeout: timeout, request: request)
                    results.items.append((index, String(response.status), sim.now.seconds))
                } catch {
                    results.items.append((index, "\(error)", sim.now.seconds))
                }
            }
        }
        try! sim.run(until: .after(.seconds(100)))
        return results.items.sorted { $0.0 < $1.0 }.map { Outcome($0.1, micros($0.2)!) }
    }

    @Test func speedDividesTheServiceTime() {
        let sim = Simulation(seed: 1)
        let network = Network(simulation: sim, defaultLink: LinkProfile(latency: .constant(0.0005)))
        let server = ServerReplica("s1", configuration: ServerConfiguration(serviceTime: .constant(0.01), speed: 2), network: network)
        #expect(calls(sim, network, server, at: [0]).map(\.at) == [0.006])
    }

    @Test func anErrorRateAnswers500AfterTheServiceTime() {
        let sim = Simulation(seed: 1)
        let network = Network(simulation: sim, defaultLink: LinkProfile(latency: .constant(0.0005)))
        let server = ServerReplica("s1", configuration: ServerConfiguration(serviceTime: .constant(0.01), errorRate: 1), network: network)
        #expect(calls(sim, network, server, at: [0]).map(\.result) == ["500"])
        #expect(server.stats.errors == 1 && server.stats.served == 0)
    }

    @Test func aHungServerHoldsEveryRequestUntilTheHangEnds() {
        let sim = Simulation(seed: 1)
        let network = Network(simulation: sim, defaultLink: LinkProfile(latency: .constant(0.0005)))
        let server = ServerReplica("s1", configuration: ServerConfiguration(serviceTime: .constant(0.01)), network: network)
        sim.schedule(after: .seconds(1)) { network.apply(.hang("s1", duration: .seconds(5))) }
        let results = calls(sim, network, server, at: [2, 3, 7], timeout: .seconds(2))
        #expect(results == [Outcome("timeout", 4), Outcome("timeout", 5), Outcome("200", 7.011)])
        #expect(server.stats.hung == 2)
    }

    /// A replica nobody holds any more (removed from a balancer after its forward timed out) is
    /// freed though a call it took is still in service; that call's timer must not reach it.
    @Test func aServerFreedWhileACallIsInServiceIsNotTouchedAgain() throws {
        let sim = Simulation(seed: 1)
        let network = Network(simulation: sim, defaultLink: LinkProfile(latency: .constant(0.0005)))
        let results = ServerCallLog()
        let freed = FreedServerProbe()
        do {
            let server = ServerReplica("s1", configuration: ServerConfiguration(serviceTime: .constant(1)), network: network)
            freed.server = server
            sim.spawn("call") { _ in
                do {
                    _ = try await network.call(from: "client", to: server, timeout: .milliseconds(100), request: Request(id: 1, key: 0, client: "client"))
                    results.items.append((0, "answered", sim.now.seconds))
                } catch {
                    results.items.append((0, "\(error)", sim.now.seconds))
                }
            }
        }
        try sim.run(until: .after(.seconds(5)))
        #expect(freed.server == nil)
        #expect(results.items.map(\.1) == ["timeout"])
        // The call's service ended at 1.0005 s on the freed replica: answered 500 from its node
        // (back at 1.001 s, to a caller that had given up), not served by the freed replica.
        #expect(sim.now == .after(.microseconds(1001_000)))
    }

    @Test func aRestartResetsTheCallsInService() {
        let sim = Simulation(seed: 1)
        let network = Network(simulation: sim, defaultLink: LinkProfile(latency: .constant(0.0005)))
        let server = ServerReplica("s1", configuration: ServerConfiguration(serviceTime: .constant(1)), network: network)
        sim.schedule(after: .milliseconds(500)) { network.restart("s1", bootTime: .seconds(1)) }
        let crashing = Simulation(seed: 1)
        let crashNetwork = Network(simulation: crashing, defaultLink: LinkProfile(latency: .constant(0.0005)))
        let crashed = ServerReplica("s1", configuration: ServerConfiguration(serviceTime: .constant(1)), network: crashNetwork)
        crashing.schedule(after: .milliseconds(500)) { crashNetwork.crash("s1") }
        #expect(calls(sim, network, server, at: [0], timeout: .seconds(10)) == [Outcome("refused", 0.5005)])
        #expect(calls(crashing, crashNetwork, crashed, at: [0], timeout: .seconds(10)) == [Outcome("timeout", 10)], "a host crash resets nothing")
    }
}

/// Call outcomes in completion order. `@unchecked Sendable`: written on the simulation thread only.
final class ServerCallLog: @unchecked Sendable {
    var items: [(Int, String, Double)] = []
}

/// Sees whether a replica was freed, without keeping it alive.
final class FreedServerProbe: @unchecked Sendable {
    weak var server: ServerReplica?
}
