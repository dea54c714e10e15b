extension MapReduce {
    /// Collects what one map task emits, grouped by key as it arrives. With the combiner on, it
    /// folds each key's values into one; otherwise it keeps every value of a key in emission
    /// order (the output is the same as sorting every pair by key, ties in emission order, but
    /// only distinct keys are ever sorted).
    ///
    /// Each distinct key is copied once, when first emitted, to the end of one byte buffer
    /// (``keyBytes``) and named from then on by its span there (``KeySpan``), which holds its
    /// MurmurHash3 — its partition — computed then, once. Finding a key again is a probe of an
    /// open-addressing table whose slots hold each key's first eight bytes and length
    /// (``Slot``), started at a cheap hash of those: emitting a word seen before costs a load or
    /// two of the word, a multiplication, a probe or two that compare two integers, no allocation
    /// and no reference counting — the map side's hot path. (Hashing every emission with
    /// MurmurHash3 and comparing it byte by byte against the key buffer took most of that path;
    /// keys kept as `ArraySlice`s of the input retained and released the input's storage at
    /// every emission.)
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
        ///
        /// Inlined into the map functions' loops: a key seen before is found and its value added
        /// here; only a new key goes on to ``insert(_:head:at:_:)``.
        @inline(__always)
        public mutating func emit(_ key: UnsafeRawBufferPointer, _ value: J.Value) {
            // Wrapping arithmetic: the counts are bounded by the bytes mapped, and an overflow
            // check per emission was a tenth of the word count's loop. A key shorter than 128
            // bytes — every word — has a one-byte length.
            let count = key.count
            emittedRecords &+= 1
            emittedBytes &+= (count < 0x80 ? 1 : MapReduce.varintSize(UInt64(count))) &+ count &+ value.encodedSize
            let head = MapReduce.firstEightBytes(of: key)
            let found = slots.withUnsafeBufferPointer { slots in
                let mask = slots.count &- 1
                var slot = Slot.hash(head: head, key) & mask
                while true {
                    let candidate = slots[slot]
                    if candidate.isEmpty { return (slot: slot, index: -1) }
                    if candidate.head == head, candidate.count == UInt32(truncatingIfNeeded: count),
                       count <= 8 || restEqual(candidate.index, key) {
                        return (slot: slot, index: candidate.index)
                    }
                    slot = (slot &+ 1) & mask
                }
            }
            guard found.index >= 0 else { return insert(key, head: head, at: found.slot, value) }
            if combining { job.combine(&combined[found.index], with: value) } else { append(value, at: found.index) }
        }

        /// Whether the bytes of the `index`th key past its head equal those of `key` (both are
        /// longer than eight bytes, and as long as each other).
        private func restEqual(_ index: Int, _ key: UnsafeRawBufferPointer) -> Bool {
            let span = keys[index]
            return keyBytes.withUnsafeBytes { buffer in
                MapReduce.equal(UnsafeRawBufferPointer(rebasing: buffer[(span.offset + 8)..<(span.offset + span.count)]),
                                UnsafeRawBufferPointer(rebasing: key[8...]))
            }
        }

        /// Appends `value` to the values of the `index`th key (combiner off): out of line, so that
        /// ``emit(_:_:)-(UnsafeRawBufferPointer,_)`` stays small enough to be inlined.
        @inline(never)
        private mutating func append(_ value: J.Value, at index: Int) {
            lists[index].append(value)
        }

        /// Adds `key`, not seen before, with its first value: its bytes to ``keyBytes``, its span
        /// to ``keys``, its slot at `slot` (the empty one its probe ended on).
        @inline(never)
        private mutating func insert(_ key: UnsafeRawBufferPointer, head: UInt64, at slot: Int, _ value: J.Value) {
            precondition(key.count <= UInt32.max && keys.count < UInt32.max, "a map task's keys must be shorter than 4 GiB, and fewer than 2^32")
            slots[slot] = Slot(head: head, count: key.count, index: keys.count)
            keys.append(KeySpan(offset: keyBytes.count, count: key.count, murmur: MurmurHash3.x86_32(key), head: head))
            keyBytes.append(contentsOf: key.assumingMemoryBound(to: UInt8.self))
            if combining { combined.append(value) } else { lists.append([value]) }
            if keys.count * 2 > slots.count { grow() }
        }

        /// Doubles the table, keeping it at most half full so probes stay short.
        private mutating func grow() {
            slots = [Slot](repeating: Slot(), count: slots.count * 2)
            let mask = slots.count - 1
            keyBytes.withUnsafeBytes { buffer in
                for (index, span) in keys.enumerated() {
                    let key = span.bytes(in: buffer)
                    let head = MapReduce.firstEightBytes(of: key)
                    var slot = Slot.hash(head: head, key) & mask
                    while !slots[slot].isEmpty { slot = (slot + 1) & mask }
                    slots[slot] = Slot(head: head, count: key.count, index: index)
                }
            }
        }
    }
}

extension MapReduce.Emitter {
    /// Calls `body` with each value of the key at `index` in ``keys``: its one combined value
    /// when combining, otherwise every value in emission order.
    func forEachValue(of index: Int, _ body: (J.Value) -> Void) {
        if combining { body(combined[index]) } else { lists[index].forEach(body) }
    }

    /// Each key's values (combiner off) reduced by the job, one record per key, sorted by key: the
    /// end of a reduce task and of a sequential run.
    func reducedInKeyOrder() throws -> [MapReduce.Record] {
        var order = Array(keys.indices)
        MapReduce.MapExecution.sortByKey(&order, keys, keyBytes)
        return try keyBytes.withUnsafeBytes { keyBytes in
            try order.map { index in
                let key = MapReduce.Bytes(keys[index].bytes(in: keyBytes))
                return MapReduce.Record(key: key, value: try job.reduce(key: key[...], values: lists[index]))
            }
        }
    }
}
