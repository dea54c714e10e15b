extension MapReduce {
    /// MurmurHash3 x86_32 (seed 0) of a map-side key: bit for bit ``MurmurHash3/x86_32(_:seed:)``,
    /// the hash that picks a key's partition, written again for the emitter's hot loop.
    ///
    /// Keys are mostly words of a few bytes, where the general function's call and its byte-by-byte
    /// tail loop cost more than its 4-byte blocks (a fifth of the map side's time in profiles).
    /// Inlined into the emitter and reading the 1–3 tail bytes in one step, hashing a word costs
    /// a few multiplications. The tests check it against the general function.
    ///
    /// - Complexity: O(*n*); does not allocate.
    @inline(__always)
    static func keyHash(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        let c1: UInt32 = 0xcc9e_2d51
        let c2: UInt32 = 0x1b87_3593
        let count = bytes.count
        var h1: UInt32 = 0
        var offset = 0
        while offset + 4 <= count {
            var k1 = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
            k1 &*= c1
            k1 = k1 << 15 | k1 >> 17
            k1 &*= c2
            h1 ^= k1
            h1 = h1 << 13 | h1 >> 19
            h1 = h1 &* 5 &+ 0xe654_6b64
            offset += 4
        }
        let tail = count - offset
        if tail > 0 {
            var k1 = UInt32(bytes[offset])
            if tail > 1 { k1 |= UInt32(bytes[offset + 1]) << 8 }
            if tail > 2 { k1 |= UInt32(bytes[offset + 2]) << 16 }
            k1 &*= c1
            k1 = k1 << 15 | k1 >> 17
            k1 &*= c2
            h1 ^= k1
        }
        h1 ^= UInt32(truncatingIfNeeded: count)
        return MurmurHash3.fmix32(h1)
    }
}
