@testable import Simulator

/// A balancer over the assignment's map with N servers "Server 1" … "Server N", on a quiet LAN.
struct BalancerFixture {
    let sim: Simulation
    let network: Network
    let balancer: LoadBalancer

    init(servers: Int = 3, seed: UInt64 = 11, retries: Int = 1) {
        sim = Simulation(seed: seed)
        network = Network(simulation: sim, defaultLink: LinkProfile(latency: .constant(0.0005)))
        let map = try! ConsistentHashMap(configuration: .assignment)
        balancer = LoadBalancer(placement: .assignment(map), configuration: .init(retries: retries, server: ServerConfiguration(slots: 2, serviceTime: .constant(0.001))), network: network)
        let names = (1...servers).map { "Server \($0)" }
        let balancer = balancer
        sim.spawn("setup") { _ in _ = try! await balancer.add(n: servers, hostnames: names) }
        try! sim.runToCompletion(timeLimit: .after(.seconds(1)))
    }

    /// Runs `body` inside the simulation to completion and returns its result.
    func run<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
        let box = ResultBox<T>()
        sim.spawn("test") { _ in box.value = await body() }
        try! sim.runToCompletion(timeLimit: .after(.seconds(600)))
        return box.value!
    }
}

final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}
