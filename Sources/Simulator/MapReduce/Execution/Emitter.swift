extension MapReduce {
    /// Collects what one map task emits, grouped by key as it arrives. With the combiner on, it
    /// folds each key's values into one; otherwise it keeps every value of a key in emission
    /// order (the output is the same as sorting every pair by key, ties in emission order, but
    /// only distinct keys are ever sorted).
    ///
    /// Each distinct key is copied once, when first emitted, to the end of one byte buffer
    /// (``keyBytes``) and named from then on by its span there (``KeySpan``). Finding a key again
    /// is a probe of an open-addressing table whose slots hold the key's MurmurHash3 (the hash
    /// that also picks its partition), its span and its index, compared against the buffer's
    /// bytes through raw pointers — so emitting a word seen before costs one hash of the word, a
    /// probe or two, no allocation and no reference counting: the map side's hot path. (Keys
    /// kept as `ArraySlice`s of the input retained and released the input's storage at every
    /// emission, and compared through `memcmp` calls.)
    public struct Emitter<J: Job> {
        /// The job, for its combine function.
        let job: J
        /// Whether values are combined as they are emitted.
        let combining: Bool
        /// Every distinct key's bytes, back to back, in order of first emission.
        private(set) var keyBytes: Bytes = []
        /// Each distinct key's place in ``keyBytes`` and its hash, in order of first emission.
        private(set) var keys: [KeySpan] = []
        /// The combined value of each key (combiner on), parallel to ``keys``.
        private(set) var combined: [J.Value] = []
        /// Every value of each key in emission order (combiner off), parallel to ``keys``.
        private(set) var lists: [[J.Value]] = []
        /// Open-addressing table of the distinct keys, at most half full so probes stay short.
        private var slots = [Slot](repeating: Slot(), count: 1024)
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
            key.withUnsafeBytes { emit($0, value) }
        }

        /// Emits `value` under `key`.
        public mutating func emit(_ key: Bytes, _ value: J.Value) {
            key.withUnsafeBytes { emit($0, value) }
        }

        /// Emits `value` under the key whose bytes `key` points at (read only during the call).
        public mutating func emit(_ key: UnsafeRawBufferPointer, _ value: J.Value) {
            emittedRecords += 1
            emittedBytes += MapReduce.varintSize(UInt64(key.count)) + key.count + value.encodedSize
            let murmur = MurmurHash3.x86_32(key)
            let mask = slots.count - 1
            var slot = Int(murmur) & mask
            while true {
                let found = slots[slot]
                if found.isEmpty { break }
                if found.murmur == murmur, found.count == UInt32(truncatingIfNeeded: key.count),
                   keyBytes.withUnsafeBytes({ MapReduce.equal(UnsafeRawBufferPointer(rebasing: $0[found.bytes]), key) }) {
                    let index = found.index
                    if combining { job.combine(&combined[index], with: value) } else { lists[index].append(value) }
                    return
                }
                slot = (slot + 1) & mask
            }
            precondition(keyBytes.count + key.count <= UInt32.max && keys.count < UInt32.max, "a map task's distinct keys must fit in 4 GiB")
            let span = KeySpan(offset: keyBytes.count, count: key.count, murmur: murmur)
            slots[slot] = Slot(span, index: keys.count)
            keys.append(span)
            keyBytes.append(contentsOf: key)
            if combining { combined.append(value) } else { lists.append([value]) }
            if keys.count * 2 > slots.count { grow() }
        }

        /// Doubles the table, keeping it at most half full so probes stay short.
        private mutating func grow() {
            slots = [Slot](repeating: Slot(), count: slots.count * 2)
            let mask = slots.count - 1
            for (index, key) in keys.enumerated() {
                var slot = Int(key.murmur) & mask
                while !slots[slot].isEmpty { slot = (slot + 1) & mask }
                slots[slot] = Slot(key, index: index)
            }
        }
    }
}

extension MapReduce.Emitter {
    /// One slot of the emitter's table: a key's hash and where its bytes lie, copied from its
    /// ``MapReduce/KeySpan`` so that a probe compares hash, length and bytes without first
    /// reading the key array (one dependent memory access less per emission), and the key's
    /// index for its values.
    struct Slot {
        /// The key's MurmurHash3.
        let murmur: UInt32
        /// The key's index in ``keys`` plus one; 0 marks an empty slot.
        private let entry: UInt32
        /// Where the key's bytes start in ``keyBytes``.
        private let offset: UInt32
        /// How many bytes the key has.
        let count: UInt32

        /// An empty slot.
        init() {
            murmur = 0
            entry = 0
            offset = 0
            count = 0
        }

        /// A slot for the key `span`, the `index`th distinct key.
        init(_ span: MapReduce.KeySpan, index: Int) {
            murmur = span.murmur
            entry = UInt32(index + 1)
            offset = UInt32(span.offset)
            count = UInt32(span.count)
        }

        /// Whether no key occupies the slot.
        var isEmpty: Bool { entry == 0 }
        /// The key's index in ``keys``.
        var index: Int { Int(entry) - 1 }
        /// The key's bytes' positions in ``keyBytes``.
        var bytes: Range<Int> { Int(offset)..<(Int(offset) + Int(count)) }
    }
}

extension MapReduce.Emitter {
    /// Calls `body` with each value of the key at `index` in ``keys``: its one combined value
    /// when combining, otherwise every value in emission order.
    func forEachValue(of index: Int, _ body: (J.Value) -> Void) {
        if combining { body(combined[index]) } else { lists[index].forEach(body) }
    }
}
