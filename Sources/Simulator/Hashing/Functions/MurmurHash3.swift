/// Austin Appleby's MurmurHash3, bit-for-bit compatible with the reference implementation in
/// SMHasher (`MurmurHash3_x86_32` and `MurmurHash3_x64_128`), so that hashes computed here can be
/// checked against any other language's implementation.
///
/// Every entry point reads bytes in little-endian order regardless of the host, as the reference
/// does on the little-endian machines its test vectors come from.
public enum MurmurHash3 {
    /// MurmurHash3 x86_32 of raw bytes.
    ///
    /// - Parameters:
    ///   - bytes: The bytes to hash.
    ///   - seed: The seed; the reference vectors use 0 unless they say otherwise.
    /// - Returns: The 32-bit hash.
    /// Inlined, with the 1–3 tail bytes read in one step: MapReduce hashes every word it emits
    /// with it (mostly a few bytes long), where a call and a byte loop cost more than the blocks.
    ///
    /// - Complexity: O(*n*) in the number of bytes; does not allocate.
    @inline(__always)
    public static func x86_32(_ bytes: UnsafeRawBufferPointer, seed: UInt32 = 0) -> UInt32 {
        let c1: UInt32 = 0xcc9e_2d51
        let c2: UInt32 = 0x1b87_3593
        let count = bytes.count
        var h1 = seed
        var offset = 0
        while offset + 4 <= count {
            var k1 = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
            k1 &*= c1
            k1 = rotateLeft(k1, by: 15)
            k1 &*= c2
            h1 ^= k1
            h1 = rotateLeft(h1, by: 13)
            h1 = h1 &* 5 &+ 0xe654_6b64
            offset += 4
        }

        let tail = count - offset
        if tail > 0 {
            var k1 = UInt32(bytes[offset])
            if tail > 1 { k1 |= UInt32(bytes[offset + 1]) << 8 }
            if tail > 2 { k1 |= UInt32(bytes[offset + 2]) << 16 }
            k1 &*= c1
            k1 = rotateLeft(k1, by: 15)
            k1 &*= c2
            h1 ^= k1
        }

        // The reference mixes in the length as a 32-bit value, so it wraps for inputs over 4 GiB.
        h1 ^= UInt32(truncatingIfNeeded: bytes.count)
        return fmix32(h1)
    }

    /// MurmurHash3 x86_32 of the bytes of a collection (for example `[UInt8]` or `String.UTF8View`).
    ///
    /// - Parameters:
    ///   - bytes: The bytes to hash.
    ///   - seed: The seed.
    /// - Returns: The 32-bit hash.
    /// - Complexity: O(*n*); allocates a temporary copy only when the collection has no contiguous
    ///   storage.
    public static func x86_32(_ bytes: some Collection<UInt8>, seed: UInt32 = 0) -> UInt32 {
        withContiguousBytes(of: bytes) { x86_32($0, seed: seed) }
    }

    /// MurmurHash3 x86_32 of a string's UTF-8 bytes.
    ///
    /// - Parameters:
    ///   - string: The string to hash.
    ///   - seed: The seed.
    /// - Returns: The 32-bit hash.
    /// - Complexity: O(*n*) in the UTF-8 length; does not allocate for native Swift strings.
    public static func x86_32(_ string: String, seed: UInt32 = 0) -> UInt32 {
        var string = string
        return string.withUTF8 { x86_32(UnsafeRawBufferPointer($0), seed: seed) }
    }

    /// MurmurHash3 x86_32 of an integer key's 8 little-endian bytes.
    ///
    /// - Parameters:
    ///   - key: The key to hash.
    ///   - seed: The seed.
    /// - Returns: The 32-bit hash, equal to hashing `withUnsafeBytes(of: key.littleEndian)`.
    /// - Complexity: O(1); does not allocate.
    public static func x86_32(_ key: UInt64, seed: UInt32 = 0) -> UInt32 {
        withUnsafeBytes(of: key.littleEndian) { x86_32($0, seed: seed) }
    }

    /// MurmurHash3 x86_32 of a signed integer key's 8 little-endian two's-complement bytes.
    ///
    /// - Parameters:
    ///   - key: The key to hash.
    ///   - seed: The seed.
    /// - Returns: The same hash as `x86_32(UInt64(bitPattern: Int64(key)), seed:)`.
    /// - Complexity: O(1); does not allocate.
    public static func x86_32(_ key: Int, seed: UInt32 = 0) -> UInt32 {
        x86_32(UInt64(bitPattern: Int64(key)), seed: seed)
    }

    /// The 32-bit finalizer of MurmurHash3: a bijection on `UInt32` with full avalanche.
    ///
    /// - Parameter value: The value to mix.
    /// - Returns: The mixed value.
    /// - Complexity: O(1).
    @inline(__always)
    public static func fmix32(_ value: UInt32) -> UInt32 {
        var h = value
        h ^= h >> 16
        h &*= 0x85eb_ca6b
        h ^= h >> 13
        h &*= 0xc2b2_ae35
        h ^= h >> 16
        return h
    }

    /// The 64-bit finalizer of MurmurHash3: a bijection on `UInt64` with full avalanche.
    ///
    /// - Parameter value: The value to mix.
    /// - Returns: The mixed value.
    /// - Complexity: O(1).
    @inline(__always)
    public static func fmix64(_ value: UInt64) -> UInt64 {
        var k = value
        k ^= k >> 33
        k &*= 0xff51_afd7_ed55_8ccd
        k ^= k >> 33
        k &*= 0xc4ce_b9fe_1a85_ec53
        k ^= k >> 33
        return k
    }

    @inline(__always)
    static func rotateLeft(_ value: UInt32, by amount: UInt32) -> UInt32 {
        (value << amount) | (value >> (32 - amount))
    }

    @inline(__always)
    static func rotateLeft(_ value: UInt64, by amount: UInt64) -> UInt64 {
        (value << amount) | (value >> (64 - amount))
    }

    static func withContiguousBytes<R>(
        of bytes: some Collection<UInt8>,
        _ body: (UnsafeRawBufferPointer) -> R
    ) -> R {
        if let result = bytes.withContiguousStorageIfAvailable({ body(UnsafeRawBufferPointer($0)) }) {
            return result
        }
        return Array(bytes).withUnsafeBytes(body)
    }
}
