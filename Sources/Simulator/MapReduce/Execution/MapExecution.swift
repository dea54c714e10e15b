extension MapReduce {
    /// What one map task produced: one encoded buffer per reduce partition, and its counters.
    public struct MapTaskOutput: Sendable, Equatable {
        /// Partition `r`'s sorted records, encoded: `varint(key length) key value` per record.
        public let partitions: [Bytes]
        /// The counters of the task.
        public let statistics: MapStatistics
    }

    /// Runs the real map side of a job over real bytes: map, combine, partition by
    /// `murmur3(key) mod R`, sort each partition by key, encode.
    public enum MapExecution {
        /// Maps `records` and partitions the output into `reducers` buffers.
        ///
        /// - Parameters:
        ///   - combining: Whether to run the job's combiner on the map side.
        ///   - inputBytes: The input size to report (the split's byte count).
        /// - Throws: Whatever the job's map function throws.
        /// - Complexity: O(*n* + *k* log *k*) for *n* emitted records with *k* distinct keys.
        public static func run<J: Job>(_ job: J, records: [InputRecord], inputBytes: Int, reducers: Int,
                                       combining: Bool) throws -> MapTaskOutput {
            precondition(reducers > 0, "a job needs at least one reducer")
            var emitter = Emitter(job: job, combining: combining)
            for record in records { try job.map(record, into: &emitter) }
            let groups = emitter.groups
            var buckets = Array(repeating: [Int](), count: reducers)
            for (index, key) in emitter.keys.enumerated() { buckets[key.partition(among: reducers)].append(index) }
            var statistics = MapStatistics()
            statistics.inputRecords = records.count
            statistics.inputBytes = inputBytes
            statistics.emittedRecords = emitter.emittedRecords
            statistics.emittedBytes = emitter.emittedBytes
            let partitions = buckets.map { bucket -> Bytes in
                let sorted = sortedByKey(bucket, emitter.keys).map { groups[$0] }
                statistics.outputRecords += sorted.reduce(0) { $0 + $1.values.count }
                return encode(sorted)
            }
            statistics.outputBytes = partitions.reduce(0) { $0 + $1.count }
            return MapTaskOutput(partitions: partitions, statistics: statistics)
        }

        /// `indices` into `keys` ordered by key bytes. Sorting indices into the concrete key array,
        /// rather than the job's generic (key, values) pairs, keeps the comparisons and moves free
        /// of the generic value witnesses a job behind `any Job` would otherwise pay on every swap.
        static func sortedByKey(_ indices: [Int], _ keys: [HashedKey]) -> [Int] {
            keys.withUnsafeBufferPointer { keys in
                indices.sorted { MapReduce.compare(keys[$0].bytes, keys[$1].bytes) < 0 }
            }
        }

        /// The reduce partition of `key` among `reducers`: MurmurHash3 x86_32 (seed 0) of the key's
        /// bytes, modulo the number of reducers.
        public static func partition(of key: some Collection<UInt8>, reducers: Int) -> Int {
            Int(MurmurHash3.x86_32(key) % UInt32(reducers))
        }

        /// Writes each key's values as records `varint(key length) key value`, keys in the given
        /// order, a key's values in theirs.
        static func encode<Value: IntermediateValue>(_ groups: [(key: HashedKey, values: [Value])]) -> Bytes {
            var buffer = Bytes()
            buffer.reserveCapacity(groups.reduce(0) { total, group in
                total + group.values.reduce(0) { $0 + 2 + group.key.bytes.count + $1.encodedSize }
            })
            for (key, values) in groups {
                for value in values {
                    MapReduce.appendVarint(UInt64(key.bytes.count), to: &buffer)
                    buffer.append(contentsOf: key.bytes)
                    value.encode(into: &buffer)
                }
            }
            return buffer
        }
    }
}
