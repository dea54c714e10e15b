import Benchmark
import Scenarios
import Simulator

func registerScenarioBenchmarks() {
    // The engine's reference scenario: 100 closed-loop clients × 1,000 requests against 3
    // servers (scenarios/closed-loop.yaml). Throughput is simulated requests per wall second.
    Benchmark("Closed loop 100 clients x 1,000 requests, 3 servers", configuration: configuration(scale: .one, memory: true, maxDuration: .seconds(5), rate: true)) { benchmark in
        let requests = 100_000
        let simulation = Simulation(seed: 42)
        let network = Network(simulation: simulation)
        let servers = (1...3).map {
            ServerReplica(NodeID("s\($0)"), configuration: ServerConfiguration(slots: 4, queueCapacity: 200, serviceTime: .exponential(mean: 0.002)), network: network)
        }
        try measureClosedLoop(benchmark, simulation: simulation, target: DirectServers(network: network, servers: servers), requests: requests)
    }
}

/// Runs 100 closed-loop clients against `target` for `requests` requests, measuring only the run,
/// and records events, simulated requests per wall second and jemalloc's bytes.
func measureClosedLoop(_ benchmark: Benchmark, simulation: Simulation, target: some RequestTarget, requests: Int) throws {
    let metrics = WorkloadMetrics()
    let workload = Workload(arrivals: .closedLoop(users: 100, thinkTime: .constant(0)), requestLimit: requests, timeout: .seconds(1))
    WorkloadDriver.start(workload, target: target, simulation: simulation, metrics: metrics)
    benchmark.startMeasurement()
    let elapsed = try ContinuousClock().measure {
        try simulation.runToCompletion(timeLimit: .after(.seconds(100_000)))
    }
    benchmark.stopMeasurement()
    simulation.tearDown()
    precondition(metrics.succeeded == requests, "the benchmark scenario must complete every request")
    let memory = JemallocStats.read()
    benchmark.measurement(OrreryMetric.events, Int(simulation.executor.eventsProcessed))
    benchmark.measurement(OrreryMetric.simulatedRequestsPerSecond, Int(Double(requests) / elapsed.seconds))
    benchmark.measurement(OrreryMetric.allocatedBytes, memory.allocated)
    benchmark.measurement(OrreryMetric.residentBytes, memory.resident)
}
