import Benchmark
import OrreryBench

let benchmarks: @Sendable () -> Void = { registerOrreryBenchmarks() }
