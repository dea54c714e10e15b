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
            return output(of: emitter, inputRecords: records.count, inputBytes: inputBytes, reducers: reducers)
        }

        /// Maps the lines of `input` (the job's ``Job/map(lines:into:)``) and partitions the
        /// output into `reducers` buffers: the same output as ``run(_:records:inputBytes:reducers:combining:)``
        /// over `input.records`.
        public static func run<J: Job>(_ job: J, input: MapInput, inputBytes: Int, reducers: Int,
                                       combining: Bool) throws -> MapTaskOutput {
            precondition(reducers > 0, "a job needs at least one reducer")
            var emitter = Emitter(job: job, combining: combining)
            try job.map(lines: input, into: &emitter)
            return output(of: emitter, inputRecords: input.count, inputBytes: inputBytes, reducers: reducers)
        }

        /// What `emitter` collected, partitioned by `murmur3(key) mod reducers`, each partition
        /// sorted by key and encoded, with the task's counters.
        private static func output<J: Job>(of emitter: Emitter<J>, inputRecords: Int, inputBytes: Int, reducers: Int) -> MapTaskOutput {
            var buckets = Array(repeating: [Int](), count: reducers)
            for (index, key) in emitter.keys.enumerated() { buckets[key.partition(among: reducers)].append(index) }
            var statistics = MapStatistics()
            statistics.inputRecords = inputRecords
            statistics.inputBytes = inputBytes
            statistics.emittedRecords = emitter.emittedRecords
            statistics.emittedBytes = emitter.emittedBytes
            let partitions = buckets.indices.map { partition -> Bytes in
                sortByKey(&buckets[partition], emitter.keys, emitter.keyBytes)
                let encoded = encode(buckets[partition], of: emitter)
                statistics.outputRecords += encoded.records
                return encoded.bytes
            }
            statistics.outputBytes = partitions.reduce(0) { $0 + $1.count }
            return MapTaskOutput(partitions: partitions, statistics: statistics)
        }

        /// Orders `indices` into `keys` by key bytes (the keys' bytes lie in `keyBytes`), in place.
        /// Sorting indices into the concrete key array, rather than the job's generic values, keeps
        /// the comparisons and moves free of generic value witnesses; each index is sorted next
        /// to its key's prefix, so most comparisons (``KeySpan/precedes(_:in:)``) read the two
        /// entries being compared and nothing else.
        ///
        /// From `radixFrom` keys on, the entries are put in order of their prefixes by a radix
        /// sort (``MapReduce/radixSortByPrefix(_:)``), then each run of keys sharing a prefix by
        /// their bytes: the keys are distinct, so the order is the same either way.
        static func sortByKey(_ indices: inout [Int], _ keys: [KeySpan], _ keyBytes: Bytes,
                              radixFrom: Int = MapReduce.radixSortThreshold) {
            keys.withUnsafeBufferPointer { keys in
                keyBytes.withUnsafeBytes { buffer in
                    var entries = indices.map { SortEntry(prefix: keys[$0].prefix, index: $0) }
                    if entries.count >= radixFrom {
                        radixSortByPrefix(&entries)
                        var start = 0
                        while start < entries.count {
                            var end = start + 1
                            while end < entries.count, entries[end].prefix == entries[start].prefix { end += 1 }
                            if end - start > 1 { entries[start..<end].sort { keys[$0.index].precedes(keys[$1.index], in: buffer) } }
                            start = end
                        }
                    } else {
                        entries.sort { $0.prefix != $1.prefix ? $0.prefix < $1.prefix : keys[$0.index].precedes(keys[$1.index], in: buffer) }
                    }
                    for position in entries.indices { indices[position] = entries[position].index }
                }
            }
        }

        /// The reduce partition of `key` among `reducers`: MurmurHash3 x86_32 (seed 0) of the key's
        /// bytes, modulo the number of reducers.
        public static func partition(of key: some Collection<UInt8>, reducers: Int) -> Int {
            Int(MurmurHash3.x86_32(key) % UInt32(reducers))
        }

        /// Writes the values of the emitter's keys `order` as records `varint(key length) key
        /// value`, keys in the given order, a key's values in theirs; returns the bytes and the
        /// number of records.
        static func encode<J: Job>(_ order: [Int], of emitter: Emitter<J>) -> (bytes: Bytes, records: Int) {
            var records = 0
            var size = 0
            for index in order {
                let keyCount = emitter.keys[index].count
                emitter.forEachValue(of: index) { size += 2 + keyCount + $0.encodedSize; records += 1 }
            }
            var buffer = Bytes()
            buffer.reserveCapacity(size)
            emitter.keyBytes.withUnsafeBytes { keyBytes in
                for index in order {
                    let key = emitter.keys[index].bytes(in: keyBytes)
                    emitter.forEachValue(of: index) { value in
                        MapReduce.appendVarint(UInt64(key.count), to: &buffer)
                        buffer.append(contentsOf: key.assumingMemoryBound(to: UInt8.self))
                        value.encode(into: &buffer)
                    }
                }
            }
            return (buffer, records)
        }
    }
}
