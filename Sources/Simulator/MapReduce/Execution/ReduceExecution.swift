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
            // order, then each task's own.
            var index: [HashedKey: Int] = [:]
            var groups: [(key: HashedKey, values: [J.Value])] = []
            var inputRecords = 0
            for buffer in buffers {
                var reader = ByteReader(buffer)
                while !reader.isAtEnd {
                    let key = HashedKey(try reader.readLengthPrefixed())
                    let value = try J.Value.decode(from: &reader)
                    inputRecords += 1
                    if let position = index[key] {
                        groups[position].values.append(value)
                    } else {
                        index[key] = groups.count
                        groups.append((key, [value]))
                    }
                }
            }
            groups.sort { MapReduce.compare($0.key.bytes, $1.key.bytes) < 0 }
            let records = try groups.map { group in
                Record(key: Bytes(group.key.bytes), value: try job.reduce(key: group.key.bytes, values: group.values))
            }
            return ReduceTaskOutput(records: records, inputRecords: inputRecords, keys: records.count)
        }
    }
}
