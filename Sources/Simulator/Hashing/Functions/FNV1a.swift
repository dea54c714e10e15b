/// The Fowler–Noll–Vo FNV-1a hash in its 32-bit and 64-bit widths, with the standard offset bases
/// and primes, so results match every published FNV-1a implementation.
///
/// FNV-1a is simple and fast but mixes weakly: the low *k* bits of the result depend only on the
/// low *k* bits of the running state, which matters when the hash is reduced modulo a power of two.
public enum FNV1a {
    /// The 32-bit offset basis, which is also the hash of no bytes.
    public static let offsetBasis32: UInt32 = 0x811c_9dc5
    /// The 32-bit FNV prime.
    public static let prime32: UInt32 = 0x0100_0193
    /// The 64-bit offset basis, which is also the hash of no bytes.
    public static let offsetBasis64: UInt64 = 0xcbf2_9ce4_8422_2325
    /// The 64-bit FNV prime.
    public static let prime64: UInt64 = 0x0000_0100_0000_01b3

    /// FNV-1a 32 of a sequence of bytes (for example `[UInt8]` or `String.UTF8View`).
    ///
    /// - Parameter bytes: The bytes to hash.
    /// - Returns: The 32-bit hash.
    /// - Complexity: O(*n*); does not allocate.
    public static func hash32(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var hash = offsetBasis32
        for byte in bytes {
            hash = (hash ^ UInt32(byte)) &* prime32
        }
        return hash
    }

    /// FNV-1a 32 of a string's UTF-8 bytes.
    ///
    /// - Parameter string: The string to hash.
    /// - Returns: The 32-bit hash.
    /// - Complexity: O(*n*) in the UTF-8 length; does not allocate for native Swift strings.
    public static func hash32(_ string: String) -> UInt32 {
        var string = string
        return string.withUTF8 { hash32($0) }
    }

    /// FNV-1a 32 of an integer key's 8 little-endian bytes.
    ///
    /// - Parameter key: The key to hash.
    /// - Returns: The 32-bit hash.
    /// - Complexity: O(1); does not allocate.
    public static func hash32(_ key: UInt64) -> UInt32 {
        var hash = offsetBasis32
        for shift in stride(from: UInt64(0), to: 64, by: 8) {
            hash = (hash ^ UInt32(truncatingIfNeeded: (key >> shift) & 0xff)) &* prime32
        }
        return hash
    }

    /// FNV-1a 32 of a signed integer key's 8 little-endian two's-complement bytes.
    ///
    /// - Parameter key: The key to hash.
    /// - Returns: The same hash as `hash32(UInt64(bitPattern: Int64(key)))`.
    /// - Complexity: O(1); does not allocate.
    public static func hash32(_ key: Int) -> UInt32 {
        hash32(UInt64(bitPattern: Int64(key)))
    }

    /// FNV-1a 64 of a sequence of bytes (for example `[UInt8]` or `String.UTF8View`).
    ///
    /// - Parameter bytes: The bytes to hash.
    /// - Returns: The 64-bit hash.
    /// - Complexity: O(*n*); does not allocate.
    public static func hash64(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash = offsetBasis64
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* prime64
        }
        return hash
    }

    /// FNV-1a 64 of a string's UTF-8 bytes.
    ///
    /// - Parameter string: The string to hash.
    /// - Returns: The 64-bit hash.
    /// Read through the string's contiguous UTF-8 buffer rather than its `utf8` view, whose
    /// iterator decodes the string's storage byte by byte: every node name is hashed when it is
    /// made (a closed loop's user per request, in A-4).
    ///
    /// - Complexity: O(*n*) in the UTF-8 length; does not allocate for native Swift strings.
    public static func hash64(_ string: String) -> UInt64 {
        var string = string
        return string.withUTF8 { hash64($0) }
    }

    /// FNV-1a 64 of an integer key's 8 little-endian bytes.
    ///
    /// - Parameter key: The key to hash.
    /// - Returns: The 64-bit hash.
    /// - Complexity: O(1); does not allocate.
    public static func hash64(_ key: UInt64) -> UInt64 {
        continueHash64(offsetBasis64, with: key)
    }

    /// FNV-1a 64 of a signed integer key's 8 little-endian two's-complement bytes.
    ///
    /// - Parameter key: The key to hash.
    /// - Returns: The same hash as `hash64(UInt64(bitPattern: Int64(key)))`.
    /// - Complexity: O(1); does not allocate.
    public static func hash64(_ key: Int) -> UInt64 {
        hash64(UInt64(bitPattern: Int64(key)))
    }

    /// FNV-1a 64 of two integers laid out as 16 little-endian bytes, `first` then `second`.
    static func hash64(_ first: UInt64, _ second: UInt64) -> UInt64 {
        continueHash64(continueHash64(offsetBasis64, with: first), with: second)
    }

    /// Feeds the 8 little-endian bytes of `word` into a running FNV-1a 64 state.
    private static func continueHash64(_ state: UInt64, with word: UInt64) -> UInt64 {
        var hash = state
        for shift in stride(from: UInt64(0), to: 64, by: 8) {
            hash = (hash ^ ((word >> shift) & 0xff)) &* prime64
        }
        return hash
    }
}
