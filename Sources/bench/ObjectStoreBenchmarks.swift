import Benchmark
import Simulator

/// The object store's costs: small-object put+get pairs against the state in process and through
/// the actor (with the modelled latency set to zero, so only the simulation's own work is timed),
/// and the memory a stored object costs beyond its bytes.
func registerObjectStoreBenchmarks() {
    // Pairs cycle over a fixed set of keys, so the store keeps its size and every put replaces.
    let keys = (0..<10_000).map { "objects/\($0)" }
    let body = [UInt8](repeating: 0x5A, count: 64)

    Benchmark("Object store: put+get pairs, ObjectStoreState in process", configuration: objectStoreConfiguration(scale: .kilo, [OrreryMetric.operationsPerSecond])) { benchmark in
        var state = ObjectStoreState()
        try state.createBucket("bench", now: 0)
        let pairs = benchmark.scaledIterations.count * 100
        benchmark.startMeasurement()
        let elapsed = try ContinuousClock().measure {
            for index in 0..<pairs {
                let key = keys[index % keys.count]
                _ = try state.putObject(bucket: "bench", key: key, body: body, now: Int64(index))
                blackHole(try state.getObject(bucket: "bench", key: key))
            }
        }
        benchmark.stopMeasurement()
        benchmark.measurement(OrreryMetric.operationsPerSecond, Int(Double(pairs) / elapsed.seconds))
    }

    Benchmark("Object store: put+get pairs through the actor, no modelled latency", configuration: objectStoreConfiguration(scale: .kilo, [OrreryMetric.operationsPerSecond])) { benchmark in
        let simulation = Simulation(seed: 1)
        let network = Network(simulation: simulation)
        let store = ObjectStore("s3", configuration: ObjectStore.Configuration(firstByteLatency: .constant(0), bytesPerSecond: .infinity, runsLifecycle: false), network: network)
        let pairs = benchmark.scaledIterations.count * 10
        simulation.spawn("client") { _ in
            _ = await store.serve(.write("bench")) { state, now throws(S3Error) in try state.createBucket("bench", now: now) }
            for index in 0..<pairs {
                let key = keys[index % keys.count]
                _ = await store.serve(.write("bench", key, bytes: body.count)) { state, now throws(S3Error) in
                    try state.putObject(bucket: "bench", key: key, body: body, now: now)
                }
                blackHole(await store.serve(.read("bench", key), responseBytes: { $0.body.count }) { state, _ throws(S3Error) in
                    try state.getObject(bucket: "bench", key: key)
                })
            }
        }
        benchmark.startMeasurement()
        let elapsed = try ContinuousClock().measure {
            try simulation.runToCompletion(timeLimit: .after(.seconds(1)))
        }
        benchmark.stopMeasurement()
        simulation.tearDown()
        benchmark.measurement(OrreryMetric.events, Int(simulation.executor.eventsProcessed))
        benchmark.measurement(OrreryMetric.operationsPerSecond, Int(Double(pairs) / elapsed.seconds))
    }

    // 100,000 objects of 16 bytes: the bookkeeping each costs, by the store's own estimate and by
    // jemalloc's count of the heap the store holds beyond the objects' bytes.
    Benchmark("Object store: memory per stored object beyond its bytes (100,000 objects)", configuration: objectStoreConfiguration(scale: .one, [OrreryMetric.heapBytesPerObject, OrreryMetric.estimatedMetadataBytesPerObject])) { benchmark in
        let count = 100_000
        let bodies = (0..<count).map { index in (0..<16).map { UInt8(truncatingIfNeeded: index >> ($0 % 8)) } }
        let names = (0..<count).map { "logs/2026/01/01/object-\($0).json" }
        let before = JemallocStats.read().allocated
        benchmark.startMeasurement()
        var state = ObjectStoreState()
        try state.createBucket("bench", now: 0)
        for index in 0..<count {
            _ = try state.putObject(bucket: "bench", key: names[index], body: bodies[index], now: Int64(index))
        }
        benchmark.stopMeasurement()
        // The bodies and key strings were allocated before the baseline and are shared with the
        // store, so the growth is the store's own bookkeeping.
        let grown = JemallocStats.read().allocated - before
        benchmark.measurement(OrreryMetric.heapBytesPerObject, grown / count)
        benchmark.measurement(OrreryMetric.estimatedMetadataBytesPerObject, state.approximateMetadataBytes() / count)
        blackHole(state)
    }
}

/// The suite's configuration plus the object store's own figures (reported, not gated).
private func objectStoreConfiguration(scale: BenchmarkScalingFactor, _ figures: [BenchmarkMetric]) -> Benchmark.Configuration {
    var configuration = configuration(scale: scale, maxDuration: .seconds(5))
    if !gateOnly { configuration.metrics += figures }
    return configuration
}
