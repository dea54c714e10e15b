extension MapReduce {
    /// What one reduce task produced: its output part and its counters.
    public struct ReduceTaskOutput: Sendable, Equatable {
        /// The part's records, sorted by key.
        public let records: [Record]
        /// Intermediate records read.
        public let inputRecords: Int
        /// Distinct keys reduced.
        public let keys: Int
    }

    /// Runs the real reduce side of a job: decode every map task's buffer for this partition,
    /// merge them by key, and reduce each key's values.
    public enum ReduceExecution {
        /// Reduces `buffers`, one per map task in map-task order.
        ///
        /// - Throws: ``DecodingError`` for a malformed buffer, or whatever the job's reduce throws.
        /// - Complexity: O(*n* + *k* log *k*) for *n* intermediate records with *k* distinct keys.
        public static func run<J: Job>(_ job: J, buffers: [Bytes]) throws -> ReduceTaskOutput {
            // Grouping by key while reading the buffers in map-task order, each front to back,
            // hands every attempt of a reduce task the values of a key in the same order: map-task
            // order, then each task's own. The map side's emitter groups them so, without its
            // combiner.
            var groups = Emitter(job: job, combining: false)
            var inputRecords = 0
            for buffer in buffers {
                var reader = ByteReader(buffer)
                while !reader.isAtEnd {
                    let key = try reader.readLengthPrefixed()
                    groups.emit(key, try J.Value.decode(from: &reader))
                    inputRecords += 1
                }
            }
            let records = try groups.reducedInKeyOrder()
            return ReduceTaskOutput(records: records, inputRecords: inputRecords, keys: records.count)
        }
    }
}
