extension MapReduce {
    /// Collects what one map task emits, grouped by key as it arrives. With the combiner on, it
    /// folds each key's values into one; otherwise it keeps every value of a key in emission
    /// order (the output is the same as sorting every pair by key, ties in emission order, but
    /// only distinct keys are ever sorted).
    ///
    /// Keys are kept as slices of the input when the map function slices them, and found again
    /// in an open-addressing table probed with their MurmurHash3 (the hash that also picks their
    /// partition), so emitting a word seen before costs one hash of the word, a probe or two and
    /// no allocation — the map side's hot path.
    public struct Emitter<J: Job> {
        /// The job, for its combine function.
        let job: J
        /// Whether values are combined as they are emitted.
        let combining: Bool
        /// Each distinct key, in order of first emission.
        private(set) var keys: [HashedKey] = []
        /// The hash of each key, parallel to ``keys``: probing compares these first, without
        /// touching (and reference-counting) the keys' storage.
        private var murmurs: [UInt32] = []
        /// The combined value of each key (combiner on), parallel to ``keys``.
        private var combined: [J.Value] = []
        /// Every value of each key in emission order (combiner off), parallel to ``keys``.
        private var lists: [[J.Value]] = []
        /// Open-addressing table: the index in ``keys`` of the key in each slot, -1 when empty.
        private var slots = [Int32](repeating: -1, count: 1024)
        /// Records emitted by the map function (before any combining).
        public private(set) var emittedRecords = 0
        /// Bytes those records would take in map output without a combiner.
        public private(set) var emittedBytes = 0

        init(job: J, combining: Bool) {
            self.job = job
            self.combining = combining
        }

        /// Emits `value` under `key`.
        public mutating func emit(_ key: ArraySlice<UInt8>, _ value: J.Value) {
            emittedRecords += 1
            emittedBytes += MapReduce.varintSize(UInt64(key.count)) + key.count + value.encodedSize
            let hashed = HashedKey(key)
            let mask = slots.count - 1
            var slot = Int(hashed.murmur) & mask
            while true {
                let entry = Int(slots[slot])
                if entry < 0 { break }
                if murmurs[entry] == hashed.murmur, keys.withUnsafeBufferPointer({ MapReduce.compare($0[entry].bytes, key) == 0 }) {
                    if combining { job.combine(&combined[entry], with: value) } else { lists[entry].append(value) }
                    return
                }
                slot = (slot + 1) & mask
            }
            slots[slot] = Int32(keys.count)
            keys.append(hashed)
            murmurs.append(hashed.murmur)
            if combining { combined.append(value) } else { lists.append([value]) }
            if keys.count * 2 > slots.count { grow() }
        }

        /// Emits `value` under `key`.
        public mutating func emit(_ key: Bytes, _ value: J.Value) {
            emit(key[...], value)
        }

        /// Each distinct key with its values (one combined value when combining), in order of
        /// first emission.
        var groups: [(key: HashedKey, values: [J.Value])] {
            combining ? zip(keys, combined).map { ($0, [$1]) } : Array(zip(keys, lists))
        }

        /// Doubles the table, keeping it at most half full so probes stay short.
        private mutating func grow() {
            slots = [Int32](repeating: -1, count: slots.count * 2)
            let mask = slots.count - 1
            for (index, murmur) in murmurs.enumerated() {
                var slot = Int(murmur) & mask
                while slots[slot] >= 0 { slot = (slot + 1) & mask }
                slots[slot] = Int32(index)
            }
        }
    }
}
