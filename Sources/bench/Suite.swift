import Benchmark
public func registerOrreryBenchmarks() {}
