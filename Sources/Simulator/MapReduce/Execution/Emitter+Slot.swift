extension MapReduce.Emitter {
    /// One slot of the emitter's table: a key's head (its first eight bytes), its length and its
    /// index. A key of at most eight bytes — nearly every word — is found by comparing the slot's
    /// head and length with the probe's, without reading ``keyBytes``; a longer key compares the
    /// rest of its bytes there too.
    struct Slot {
        /// The key's first eight bytes, zero-padded (``MapReduce/firstEightBytes(of:)``).
        let head: UInt64
        /// How many bytes the key has.
        let count: UInt32
        /// The key's index in ``keys`` plus one; 0 marks an empty slot.
        private let entry: UInt32

        /// An empty slot.
        init() {
            head = 0
            count = 0
            entry = 0
        }

        /// A slot for the `index`th distinct key, `count` bytes long, whose head is `head`.
        init(head: UInt64, count: Int, index: Int) {
            self.head = head
            self.count = UInt32(count)
            entry = UInt32(index + 1)
        }

        /// Whether no key occupies the slot.
        var isEmpty: Bool { entry == 0 }
        /// The key's index in ``keys``.
        var index: Int { Int(entry) - 1 }

        /// Where `key` (whose head is `head`) starts probing the table: a hash of its length, its
        /// head and, for a longer key, the rest of its bytes eight at a time. Only the table sees
        /// it — the key's partition is its MurmurHash3, computed once, when the key is first
        /// emitted — so it only has to spread keys well, and cost a few instructions per emission.
        @inline(__always)
        static func hash(head: UInt64, _ key: UnsafeRawBufferPointer) -> Int {
            var hash = head ^ UInt64(truncatingIfNeeded: key.count) &* multiplier
            if key.count > 8 { hash = mixingRest(of: key, into: hash) }
            return Int(truncatingIfNeeded: mix(hash))
        }

        /// `hash` with the bytes of `key` past its head mixed in, eight at a time (the last eight
        /// overlapping the ones before when the length is not a multiple of eight).
        static func mixingRest(of key: UnsafeRawBufferPointer, into hash: UInt64) -> UInt64 {
            var hash = hash
            var offset = 8
            while offset + 8 < key.count {
                hash = mix(hash ^ UInt64(littleEndian: key.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                offset += 8
            }
            return mix(hash ^ UInt64(littleEndian: key.loadUnaligned(fromByteOffset: key.count - 8, as: UInt64.self)))
        }

        /// The high and low halves of `value` times an odd constant, xored: every bit of the
        /// result depends on every bit of `value` (the mixing step of wyhash).
        @inline(__always)
        static func mix(_ value: UInt64) -> UInt64 {
            let product = value.multipliedFullWidth(by: multiplier)
            return product.high ^ product.low
        }

        /// 2^64 divided by the golden ratio, made odd.
        static var multiplier: UInt64 { 0x9E37_79B9_7F4A_7C15 }
    }
}
