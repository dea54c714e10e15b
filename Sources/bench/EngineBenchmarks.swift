import Benchmark
import Simulator

/// Two actors of one simulation; `ping` calls across to the other actor.
actor Pinger {
    nonisolated let unownedExecutor: UnownedSerialExecutor
    var count = 0
    init(_ simulation: Simulation) { unownedExecutor = simulation.executor.asUnownedSerialExecutor() }
    func ping(_ other: Pinger) async { await other.pong() }
    func pong() { count += 1 }
}

func registerEngineBenchmarks() {
    // A hop through the executor's ready queue: suspend, be enqueued, be run again.
    Benchmark("Executor hops (Task.yield through the ready queue)", configuration: configuration(scale: .mega, mallocs: .absolute(20))) { benchmark in
        let simulation = Simulation(seed: 1)
        let perTask = benchmark.scaledIterations.count / 10
        for index in 0..<10 {
            simulation.spawn("yielder-\(index)") { _ in
                for _ in 0..<perTask { await Task.yield() }
            }
        }
        benchmark.startMeasurement()
        try simulation.runToCompletion(timeLimit: .after(.seconds(1)))
        benchmark.stopMeasurement()
        simulation.tearDown()
        benchmark.measurement(OrreryMetric.events, Int(simulation.executor.eventsProcessed))
    }

    // A call from one actor to another on the same simulation executor.
    Benchmark("Actor calls (actor to actor on one executor)", configuration: configuration(scale: .mega, mallocs: .absolute(20))) { benchmark in
        let simulation = Simulation(seed: 1)
        let a = Pinger(simulation), b = Pinger(simulation)
        let calls = benchmark.scaledIterations.count
        simulation.spawn("caller") { _ in
            for _ in 0..<calls { await a.ping(b) }
        }
        benchmark.startMeasurement()
        try simulation.runToCompletion(timeLimit: .after(.seconds(1)))
        benchmark.stopMeasurement()
        simulation.tearDown()
        benchmark.measurement(OrreryMetric.events, Int(simulation.executor.eventsProcessed))
    }

    // Sleeping tasks parked on the timer heap and woken in (instant, sequence) order.
    Benchmark("Timer wake-ups (100 sleepers, random delays)", configuration: configuration(scale: .mega, mallocs: .absolute(20))) { benchmark in
        let simulation = Simulation(seed: 1)
        let perTask = benchmark.scaledIterations.count / 100
        for index in 0..<100 {
            simulation.spawn("sleeper-\(index)") { _ in
                var random = simulation.randomStream("sleeper-\(index)")
                for _ in 0..<perTask {
                    await simulation.sleep(for: .nanoseconds(Int64(random.next() % 1_000_000)))
                }
            }
        }
        benchmark.startMeasurement()
        try simulation.runToCompletion(timeLimit: .after(.seconds(100_000)))
        benchmark.stopMeasurement()
        simulation.tearDown()
        benchmark.measurement(OrreryMetric.events, Int(simulation.executor.eventsProcessed))
    }

    // Sleepers whose delays are seconds to minutes, as closed-loop users' think times are: their
    // timers wait in the far heap and the ring of buckets after it, not among the near timers.
    // 10,000 sleepers keep 10,000 timers pending over about five virtual minutes.
    Benchmark("Far timer wake-ups (10,000 sleepers, exponential 30 s delays)", configuration: configuration(scale: .mega)) { benchmark in
        let simulation = Simulation(seed: 1)
        let sleepers = 10_000
        let perTask = benchmark.scaledIterations.count / sleepers
        let delay = Distribution.exponential(mean: 30)
        for index in 0..<sleepers {
            simulation.spawn("sleeper-\(index)") { _ in
                var random = simulation.randomStream("sleeper-\(index)")
                for _ in 0..<perTask {
                    await simulation.sleep(for: .nanoseconds(Int64(delay.sample(using: &random) * 1e9) + 1))
                }
            }
        }
        benchmark.startMeasurement()
        try simulation.runToCompletion(timeLimit: .after(.seconds(1_000_000)))
        benchmark.stopMeasurement()
        simulation.tearDown()
        benchmark.measurement(OrreryMetric.events, Int(simulation.executor.eventsProcessed))
    }

    // One request/response across the simulated network: latency both ways, a handler task.
    Benchmark("Network request/response (1 client, 1 server)", configuration: configuration(scale: .kilo)) { benchmark in
        let simulation = Simulation(seed: 1)
        let network = Network(simulation: simulation)
        let server = ServerReplica("s1", configuration: ServerConfiguration(slots: 1, serviceTime: .constant(0.0001)), network: network)
        let calls = benchmark.scaledIterations.count * 100
        simulation.spawn("client") { _ in
            for id in 0..<calls {
                let request = Request(id: UInt64(id), key: UInt64(id), client: "client")
                _ = try? await network.call(from: "client", to: server, timeout: .seconds(1), request: request)
            }
        }
        benchmark.startMeasurement()
        try simulation.runToCompletion(timeLimit: .after(.seconds(100_000)))
        benchmark.stopMeasurement()
        simulation.tearDown()
        benchmark.measurement(OrreryMetric.events, Int(simulation.executor.eventsProcessed) / 100)
    }
}
