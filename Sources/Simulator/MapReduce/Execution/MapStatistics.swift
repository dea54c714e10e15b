extension MapReduce {
    /// Counters of one map task, summed over a job for reports.
    public struct MapStatistics: Sendable, Hashable {
        /// Input records (lines) read.
        public var inputRecords = 0
        /// Input bytes read (lines plus their newlines).
        public var inputBytes = 0
        /// Records the map function emitted.
        public var emittedRecords = 0
        /// Bytes those records take encoded: the map output size without a combiner.
        public var emittedBytes = 0
        /// Records written to map output (fewer than emitted when the combiner merged some).
        public var outputRecords = 0
        /// Bytes of map output written: what reduce tasks fetch.
        public var outputBytes = 0

        /// All zero.
        public init() {}

        /// Adds `other`'s counters to these.
        public mutating func add(_ other: MapStatistics) {
            inputRecords += other.inputRecords
            inputBytes += other.inputBytes
            emittedRecords += other.emittedRecords
            emittedBytes += other.emittedBytes
            outputRecords += other.outputRecords
            outputBytes += other.outputBytes
        }
    }
}
