import Benchmark
import Foundation
import Scenarios
import Simulator

/// Real map-side bytes per wall-clock second: input megabytes (10^6 bytes) mapped, combined and
/// partitioned per second on one core (noisy: not gated).
let mapMegabytesPerSecond = BenchmarkMetric.custom("map+combine+partition MB/s", polarity: .prefersLarger, useScalingFactor: false)

func registerMapReduceBenchmarks() {
    // The map side of a word count over 8 MB of synthetic log lines, as one task's worth of work:
    // map, combine, partition by MurmurHash3 into 4, sort and encode — the real code a map
    // attempt runs before the simulation charges it virtual time.
    let corpus: [MapReduce.InputRecord] = {
        var generator = MapReduce.SyntheticLogGenerator(seed: 1)
        return MapReduce.Document(id: 0, name: "corpus", bytes: generator.bytes(atLeast: 8_000_000)).records
    }()
    let corpusBytes = corpus.reduce(0) { $0 + $1.line.count + 1 }
    var mapConfiguration = configuration(scale: .one, maxDuration: .seconds(5))
    if !gateOnly { mapConfiguration.metrics.append(mapMegabytesPerSecond) }
    Benchmark("MapReduce map+combine+partition, word count over 8 MB of logs", configuration: mapConfiguration) { benchmark in
        benchmark.startMeasurement()
        let start = ContinuousClock.now
        let output = try MapReduce.MapExecution.run(MapReduce.WordCount(), records: corpus, inputBytes: corpusBytes, reducers: 4, combining: true)
        let elapsed = start.duration(to: .now)
        benchmark.stopMeasurement()
        blackHole(output.partitions.count)
        benchmark.measurement(mapMegabytesPerSecond, Int(Double(corpusBytes) / 1e6 / elapsed.seconds))
    }

    // A whole simulated job: 40,000 log events published to a 4-partition topic, word count on
    // seed 001's cluster (4 workers, R = 2), run as a world like any scenario file. Wall time is
    // the cost of simulating it (the input's documents and oracle are built once, before).
    let scenario = MapReduceScenario(
        name: "bench", file: "bench", seed: 1, cluster: MapReduce.ClusterConfiguration(),
        job: .init(job: MapReduce.WordCount(), reducers: 2, combining: true),
        input: MapReduceInput(synthetic: .init(size: .lines(40_000), seed: 1), log: .init(topic: "logs", partitions: 4, recordsPerSplit: 10_000))).world
    _ = ScenarioRunner.run(scenario)
    Benchmark("MapReduce simulated job, word count over 40,000 log events", configuration: configuration(scale: .one, memory: true, maxDuration: .seconds(5))) { benchmark in
        benchmark.startMeasurement()
        let result = ScenarioRunner.run(scenario)
        benchmark.stopMeasurement()
        let run = result.jobs[0].result.run
        precondition(run.report?.status == .succeeded, "the benchmark job must succeed")
        let memory = JemallocStats.read()
        benchmark.measurement(OrreryMetric.events, Int(run.events))
        benchmark.measurement(OrreryMetric.allocatedBytes, memory.allocated)
        benchmark.measurement(OrreryMetric.residentBytes, memory.resident)
    }
}
