import Benchmark
import Foundation
import Scenarios
import Simulator

/// The package root, found from this file's path so the benchmarks read the committed scenario
/// files wherever the benchmark runner's working directory is.
private let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func registerBalancingBenchmarks() {
    // Requests through the balancer to the servers and back: client → balancer → server → balancer
    // → client, with least connections over 3 servers. Simulated requests per wall second.
    Benchmark("Balancer least_conn over 3 servers, 100 clients x 3,000 requests", configuration: configuration(scale: .one, memory: true, maxDuration: .seconds(10), rate: true)) { benchmark in
        let requests = 300_000
        let simulation = Simulation(seed: 42)
        let network = Network(simulation: simulation)
        let balancer = LoadBalancer(strategy: LeastConnectionsStrategy(), configuration: .init(forwardTimeout: .seconds(1), retries: 2), network: network)
        let servers = (1...3).map {
            ServerReplica(NodeID("s\($0)"), configuration: ServerConfiguration(slots: 4, queueCapacity: 200, serviceTime: .exponential(mean: 0.002)), network: network)
        }
        simulation.spawn("setup") { _ in
            for server in servers { _ = try? await balancer.register(server) }
        }
        try simulation.runToCompletion(timeLimit: .zero)
        try measureClosedLoop(benchmark, simulation: simulation, target: BalancedServers(network: network, balancer: balancer), requests: requests)
    }

    // Seed 004's scenario file as committed: 10,000 users for 10 virtual minutes through least_conn
    // to 3 backends, with a backend restart and a burst of 500s. Wall time and peak memory.
    Benchmark("Seed 004 scenario: 10,000 users, 10 virtual minutes", configuration: configuration(scale: .one, memory: true, maxDuration: .seconds(30), rate: true)) { benchmark in
        let scenario = try ScenarioLoader.load(path: packageRoot.appendingPathComponent("scenarios/seed-004-web-platform.yaml").path)
        benchmark.startMeasurement()
        let start = ContinuousClock.now
        let result = ScenarioRunner.runTraffic(scenario)
        let elapsed = ContinuousClock.now - start
        benchmark.stopMeasurement()
        precondition(result.passed, "the seed 004 scenario's expectations hold")
        let memory = JemallocStats.read()
        benchmark.measurement(OrreryMetric.events, Int(result.events))
        benchmark.measurement(OrreryMetric.simulatedRequestsPerSecond, Int(Double(result.completed) / elapsed.seconds))
        benchmark.measurement(OrreryMetric.allocatedBytes, memory.allocated)
        benchmark.measurement(OrreryMetric.residentBytes, memory.resident)
    }

    // 100,000 closed-loop users at once (a 30 s think time, all started within 30 s) through the
    // balancer to 3 servers for 2 virtual minutes: how much memory a world that size needs. The
    // heap is read at 2 minutes, when every user is in the world; the run then drains, so each
    // iteration frees its world before the next.
    Benchmark("100,000 concurrent users through the balancer, 2 virtual minutes", configuration: configuration(scale: .one, memory: true, maxDuration: .seconds(60), rate: true)) { benchmark in
        let simulation = Simulation(seed: 7)
        let network = Network(simulation: simulation)
        let balancer = LoadBalancer(strategy: LeastConnectionsStrategy(), configuration: .init(forwardTimeout: .seconds(30), retries: 2), network: network)
        let servers = (1...3).map {
            ServerReplica(NodeID("s\($0)"), configuration: ServerConfiguration(slots: 32, queueCapacity: 10_000, serviceTime: .exponential(mean: 0.02)), network: network)
        }
        simulation.spawn("setup") { _ in
            for server in servers { _ = try? await balancer.register(server) }
        }
        try simulation.runToCompletion(timeLimit: .zero)
        let metrics = WorkloadMetrics()
        let workload = Workload(arrivals: .closedLoop(users: 100_000, thinkTime: .exponential(mean: 30)), issueUntil: .after(.seconds(120)),
                                timeout: .seconds(30), rampUp: .seconds(30))
        WorkloadDriver.start(workload, target: BalancedServers(network: network, balancer: balancer), simulation: simulation, metrics: metrics)
        let fullest = MemoryReading()
        simulation.schedule(after: .seconds(120)) { fullest.value = JemallocStats.read() }
        benchmark.startMeasurement()
        let elapsed = try ContinuousClock().measure {
            // Users thinking when traffic stops finish their think time, then leave.
            try simulation.runToCompletion(timeLimit: .after(.seconds(3_600)))
        }
        benchmark.stopMeasurement()
        simulation.tearDown()
        precondition(metrics.successRatio > 0.99, "100,000 users at 30 s think time fit 3 × 1,600 requests/s")
        benchmark.measurement(OrreryMetric.events, Int(simulation.executor.eventsProcessed))
        benchmark.measurement(OrreryMetric.simulatedRequestsPerSecond, Int(Double(metrics.completed) / elapsed.seconds))
        benchmark.measurement(OrreryMetric.allocatedBytes, fullest.value.allocated)
        benchmark.measurement(OrreryMetric.residentBytes, fullest.value.resident)
    }
}

/// The heap at one instant of a run. `@unchecked Sendable`: written on the simulation thread,
/// read after the run.
private final class MemoryReading: @unchecked Sendable {
    var value = (allocated: 0, resident: 0)
}
