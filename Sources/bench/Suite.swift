import Benchmark
import Foundation

/// Registers every Orrery benchmark. Called from the one-file shim in
/// `Benchmarks/OrreryBenchmarks`, where package-benchmark's plugin looks for suites.
public func registerOrreryBenchmarks() {
    registerEngineBenchmarks()
    registerScenarioBenchmarks()
    registerPlacementBenchmarks()
    registerMapReduceBenchmarks()
    registerBalancingBenchmarks()
    registerObjectStoreBenchmarks()
    registerQueueBenchmarks()
}

/// Metrics every benchmark records. With `ORRERY_BENCH_GATE=1` (as CI runs it) only the
/// deterministic ones are measured, so the baseline check compares exact counts, not noise.
let gateOnly = ProcessInfo.processInfo.environment["ORRERY_BENCH_GATE"] != nil

enum OrreryMetric {
    /// Jobs plus timer wake-ups processed per scaled operation (deterministic).
    static let events = BenchmarkMetric.custom("events", polarity: .prefersSmaller, useScalingFactor: true)
    /// jemalloc's allocated bytes at the end of the run (the simulation's live heap).
    static let allocatedBytes = BenchmarkMetric.custom("jemalloc allocated bytes", polarity: .prefersSmaller, useScalingFactor: false)
    /// Simulated requests completed per wall-clock second (noisy: not gated).
    static let simulatedRequestsPerSecond = BenchmarkMetric.custom("simulated requests/s", polarity: .prefersLarger, useScalingFactor: false)
    /// jemalloc's resident bytes at the end of the run.
    static let residentBytes = BenchmarkMetric.custom("jemalloc resident bytes", polarity: .prefersSmaller, useScalingFactor: false)
    /// Operations (object-store put+get pairs) per wall-clock second (noisy: not gated).
    static let operationsPerSecond = BenchmarkMetric.custom("operations/s", polarity: .prefersLarger, useScalingFactor: false)
    /// Heap bytes the object store holds per object beyond the object's bytes, by jemalloc.
    static let heapBytesPerObject = BenchmarkMetric.custom("heap bytes per object", polarity: .prefersSmaller, useScalingFactor: false)
    /// The store's own estimate of its bookkeeping per object (`approximateMetadataBytes`).
    static let estimatedMetadataBytesPerObject = BenchmarkMetric.custom("estimated metadata bytes per object", polarity: .prefersSmaller, useScalingFactor: false)
}

/// How far a malloc count may move before CI calls it a change: a share of a large count, or a
/// handful of allocations where the ideal is (nearly) none and one heap growth more is noise.
enum MallocTolerance {
    case relativePercent(Double)
    case absolute(Int)

    var thresholds: BenchmarkThresholds {
        switch self {
        case .relativePercent(let percent): return .init(relative: [.p50: percent])
        case .absolute(let count): return .init(absolute: [.p50: count])
        }
    }
}

func configuration(scale: BenchmarkScalingFactor, memory: Bool = false, maxDuration: Duration = .seconds(2), rate: Bool = false,
                   mallocs: MallocTolerance = .relativePercent(1)) -> Benchmark.Configuration {
    var metrics: [BenchmarkMetric] = [.mallocCountTotal, OrreryMetric.events]
    if !gateOnly {
        metrics += [.wallClock, .throughput, .peakMemoryResident]
        if memory { metrics += [OrreryMetric.allocatedBytes, OrreryMetric.residentBytes] }
        if rate { metrics.append(OrreryMetric.simulatedRequestsPerSecond) }
    }
    return .init(
        metrics: metrics, warmupIterations: 1, scalingFactor: scale, maxDuration: maxDuration, maxIterations: gateOnly ? 3 : 50,
        thresholds: [
            .mallocCountTotal: mallocs.thresholds,
            OrreryMetric.events: .init(absolute: [.p50: 0]),
        ])
}
