import CJemalloc

/// jemalloc's own view of the heap: bytes the program has allocated and bytes resident in
/// physical memory, refreshed on every read. `bench` links jemalloc, so these are the real figures
/// of the benchmarked simulation, not an estimate.
enum JemallocStats {
    /// (allocated, resident) in bytes, after asking jemalloc to refresh its counters.
    static func read() -> (allocated: Int, resident: Int) {
        var newEpoch: UInt64 = 1
        var oldEpoch: UInt64 = 0
        var epochSize = MemoryLayout<UInt64>.size
        _ = mallctl("epoch", &oldEpoch, &epochSize, &newEpoch, epochSize)
        return (value("stats.allocated"), value("stats.resident"))
    }

    private static func value(_ name: String) -> Int {
        var value = 0
        var size = MemoryLayout<Int>.size
        return mallctl(name, &value, &size, nil, 0) == 0 ? value : -1
    }
}
