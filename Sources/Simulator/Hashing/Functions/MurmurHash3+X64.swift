extension MurmurHash3 {
    /// MurmurHash3 x64_128 of raw bytes.
    ///
    /// The two halves are returned in the reference's output order: `h1` is the first 8 bytes of
    /// the 16-byte digest read as a little-endian integer, `h2` the last 8.
    ///
    /// - Parameters:
    ///   - bytes: The bytes to hash.
    ///   - seed: The seed (the reference takes a 32-bit seed and widens it).
    /// - Returns: The 128-bit hash as two 64-bit halves.
    /// - Complexity: O(*n*) in the number of bytes; does not allocate.
    public static func x64_128(_ bytes: UnsafeRawBufferPointer, seed: UInt32 = 0) -> (h1: UInt64, h2: UInt64) {
        let blockCount = bytes.count / 16
        var h1 = UInt64(seed)
        var h2 = UInt64(seed)

        for block in 0..<blockCount {
            let k1 = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: block * 16, as: UInt64.self))
            let k2 = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: block * 16 + 8, as: UInt64.self))

            mixBlock(k1, k2, into: &h1, &h2)
        }

        let tailStart = blockCount * 16
        let tailCount = bytes.count - tailStart
        var k1: UInt64 = 0
        var k2: UInt64 = 0
        for offset in 0..<tailCount {
            let byte = UInt64(bytes[tailStart + offset])
            if offset < 8 {
                k1 |= byte << (8 * UInt64(offset))
            } else {
                k2 |= byte << (8 * UInt64(offset - 8))
            }
        }
        // The reference mixes a half of the tail only when that half holds at least one byte.
        if tailCount > 8 { h2 ^= mixedSecondHalf(k2) }
        if tailCount > 0 { h1 ^= mixedFirstHalf(k1) }
        return finalize(&h1, &h2, byteCount: bytes.count)
    }

    /// A 16-byte block's halves mixed into the state.
    @inline(__always)
    static func mixBlock(_ k1: UInt64, _ k2: UInt64, into h1: inout UInt64, _ h2: inout UInt64) {
        h1 ^= mixedFirstHalf(k1)
        h1 = rotateLeft(h1, by: 27)
        h1 &+= h2
        h1 = h1 &* 5 &+ 0x52dc_e729

        h2 ^= mixedSecondHalf(k2)
        h2 = rotateLeft(h2, by: 31)
        h2 &+= h1
        h2 = h2 &* 5 &+ 0x3849_5ab5
    }

    /// The first 8 bytes of a block or tail, mixed before they enter `h1`.
    @inline(__always)
    static func mixedFirstHalf(_ k1: UInt64) -> UInt64 {
        rotateLeft(k1 &* 0x87c3_7b91_1142_53d5, by: 31) &* 0x4cf5_ad43_2745_937f
    }

    /// The last 8 bytes of a block or tail, mixed before they enter `h2`.
    @inline(__always)
    static func mixedSecondHalf(_ k2: UInt64) -> UInt64 {
        rotateLeft(k2 &* 0x4cf5_ad43_2745_937f, by: 33) &* 0x87c3_7b91_1142_53d5
    }

    /// The reference's finalization: the length mixed into both halves, each half into the other,
    /// both through ``fmix64(_:)``.
    @inline(__always)
    static func finalize(_ h1: inout UInt64, _ h2: inout UInt64, byteCount: Int) -> (h1: UInt64, h2: UInt64) {
        h1 ^= UInt64(byteCount)
        h2 ^= UInt64(byteCount)
        h1 &+= h2
        h2 &+= h1
        h1 = fmix64(h1)
        h2 = fmix64(h2)
        h1 &+= h2
        h2 &+= h1
        return (h1, h2)
    }

    /// MurmurHash3 x64_128 of the bytes of a collection (for example `[UInt8]` or `String.UTF8View`).
    ///
    /// - Parameters:
    ///   - bytes: The bytes to hash.
    ///   - seed: The seed.
    /// - Returns: The 128-bit hash as two 64-bit halves.
    /// - Complexity: O(*n*); allocates a temporary copy only when the collection has no contiguous
    ///   storage.
    public static func x64_128(_ bytes: some Collection<UInt8>, seed: UInt32 = 0) -> (h1: UInt64, h2: UInt64) {
        withContiguousBytes(of: bytes) { x64_128($0, seed: seed) }
    }

    /// MurmurHash3 x64_128 of a string's UTF-8 bytes.
    ///
    /// - Parameters:
    ///   - string: The string to hash.
    ///   - seed: The seed.
    /// - Returns: The 128-bit hash as two 64-bit halves.
    /// - Complexity: O(*n*) in the UTF-8 length; does not allocate for native Swift strings.
    public static func x64_128(_ string: String, seed: UInt32 = 0) -> (h1: UInt64, h2: UInt64) {
        var string = string
        return string.withUTF8 { x64_128(UnsafeRawBufferPointer($0), seed: seed) }
    }

    /// MurmurHash3 x64_128 of an integer key's 8 little-endian bytes.
    ///
    /// - Parameters:
    ///   - key: The key to hash.
    ///   - seed: The seed.
    /// - Returns: The 128-bit hash as two 64-bit halves.
    ///
    /// The reference's steps for exactly 8 bytes: no block, the key as the first half of the
    /// tail. Every placement hashes every key with it (A-4 hashes 900,000 keys per placement),
    /// where the byte loop over the tail cost more than the mixing.
    ///
    /// - Complexity: O(1); does not allocate.
    public static func x64_128(_ key: UInt64, seed: UInt32 = 0) -> (h1: UInt64, h2: UInt64) {
        var h1 = UInt64(seed) ^ mixedFirstHalf(key)
        var h2 = UInt64(seed)
        return finalize(&h1, &h2, byteCount: 8)
    }

    /// MurmurHash3 x64_128 of a signed integer key's 8 little-endian two's-complement bytes.
    ///
    /// - Parameters:
    ///   - key: The key to hash.
    ///   - seed: The seed.
    /// - Returns: The same hash as `x64_128(UInt64(bitPattern: Int64(key)), seed:)`.
    /// - Complexity: O(1); does not allocate.
    public static func x64_128(_ key: Int, seed: UInt32 = 0) -> (h1: UInt64, h2: UInt64) {
        x64_128(UInt64(bitPattern: Int64(key)), seed: seed)
    }
}
