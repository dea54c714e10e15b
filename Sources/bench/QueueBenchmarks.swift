import Benchmark
import Simulator

/// The sharded queue's costs: append+consume pairs against one broker in process (actor calls,
/// one copy, no network), and through the network (two copies, acks = all, a producer and a
/// consumer on their own nodes, links of zero latency so only the simulation's work is timed).
func registerQueueBenchmarks() {
    let partition = TopicPartition("T1", 0)

    Benchmark("Queue: append+consume pairs in process (one broker, one copy)", configuration: queueConfiguration(scale: .kilo)) { benchmark in
        let simulation = Simulation(seed: 1)
        let network = Network(simulation: simulation)
        let queue = try ShardedQueue(topics: [("T1", 1)], brokers: 1, placement: try HashRing(virtualNodesPerNode: 16),
                                     configuration: QueueConfiguration(replication: 1), network: network)
        let broker = queue.brokers[0]
        let pairs = benchmark.scaledIterations.count * 10
        simulation.spawn("client") { _ in
            for sequence in 0..<pairs {
                let offset = try? await broker.append(QueueMessage(producer: "p", sequence: sequence, key: nil), to: partition)
                blackHole(try? await broker.fetch(partition, from: offset ?? 0, maxRecords: 1))
            }
        }
        benchmark.startMeasurement()
        let elapsed = try ContinuousClock().measure { try simulation.run(until: .after(.milliseconds(1))) }
        benchmark.stopMeasurement()
        simulation.tearDown()
        benchmark.measurement(OrreryMetric.events, Int(simulation.executor.eventsProcessed))
        benchmark.measurement(OrreryMetric.operationsPerSecond, Int(Double(pairs) / elapsed.seconds))
    }

    Benchmark("Queue: append+consume pairs through the network (3 brokers, 2 copies, acks all)", configuration: queueConfiguration(scale: .kilo)) { benchmark in
        let simulation = Simulation(seed: 1)
        let network = Network(simulation: simulation, defaultLink: LinkProfile(latency: .constant(0)))
        let queue = try ShardedQueue(topics: [("T1", 1)], brokers: 3, placement: try HashRing(virtualNodesPerNode: 16),
                                     configuration: QueueConfiguration(replication: 2, acks: .all), network: network)
        let pairs = benchmark.scaledIterations.count * 10
        queue.startProducer(QueueProducerSpec(id: "producer", targets: [.topic("T1")], messages: pairs, rate: 1_000_000))
        queue.startConsumer(QueueConsumerSpec(id: "consumer", group: "g", targets: [.topic("T1")], pollInterval: .milliseconds(1), maxRecords: 10_000))
        let horizon = VirtualInstant.after(.seconds(double: Double(pairs) / 1_000_000 + 0.01))
        benchmark.startMeasurement()
        let elapsed = try ContinuousClock().measure { try simulation.run(until: horizon) }
        benchmark.stopMeasurement()
        simulation.tearDown()
        guard queue.ledger.deliveries.count == pairs else { fatalError("the consumer read \(queue.ledger.deliveries.count) of \(pairs) records") }
        benchmark.measurement(OrreryMetric.events, Int(simulation.executor.eventsProcessed))
        benchmark.measurement(OrreryMetric.operationsPerSecond, Int(Double(pairs) / elapsed.seconds))
    }
}

private func queueConfiguration(scale: BenchmarkScalingFactor) -> Benchmark.Configuration {
    var configuration = configuration(scale: scale, maxDuration: .seconds(5))
    if !gateOnly { configuration.metrics.append(OrreryMetric.operationsPerSecond) }
    return configuration
}
