/// xoshiro256** (Blackman & Vigna): a small, fast generator whose whole future is fixed by its
/// seed. Each simulation component gets its own stream, derived from the simulation seed and the
/// component's stable name.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var s0: UInt64, s1: UInt64, s2: UInt64, s3: UInt64

    /// A generator for stream `stream` of simulation seed `seed`.
    ///
    /// The name is hashed with FNV-1a (never with `Hasher`, which is seeded per process), then
    /// the state is filled by SplitMix64, as the xoshiro authors recommend.
    public init(seed: UInt64, stream: String) {
        self.init(seed: seed, streamHash: StableHash.fnv1a64(stream))
    }

    /// The generator of ``init(seed:stream:)`` for a stream whose name's FNV-1a is `streamHash`
    /// (a node's ``NodeID/stableHash``, say), without hashing the name again.
    public init(seed: UInt64, streamHash: UInt64) {
        self.init(seed: seed ^ streamHash.rotatedLeft(by: 17))
    }

    /// A generator seeded directly from `seed` via SplitMix64.
    public init(seed: UInt64) {
        var splitMix = seed
        func next() -> UInt64 {
            splitMix &+= 0x9E37_79B9_7F4A_7C15
            var z = splitMix
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        s0 = next(); s1 = next(); s2 = next(); s3 = next()
    }

    public mutating func next() -> UInt64 {
        let result = (s1 &* 5).rotatedLeft(by: 7) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = s3.rotatedLeft(by: 45)
        return result
    }

    /// A uniform double in [0, 1) with 53 random bits.
    @inline(__always)
    public mutating func nextUnitInterval() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A uniform double in (0, 1]: safe to take the logarithm of.
    @inline(__always)
    public mutating func nextOpenUnitInterval() -> Double {
        Double((next() >> 11) + 1) * 0x1.0p-53
    }

    /// True with probability `p`.
    @inline(__always)
    public mutating func chance(_ p: Double) -> Bool {
        p > 0 && nextUnitInterval() < p
    }
}

extension UInt64 {
    @inline(__always)
    func rotatedLeft(by k: UInt64) -> UInt64 { (self << k) | (self >> (64 - k)) }
}

/// Hashes that are the same in every process (unlike `Hasher`, which Swift seeds per process).
public enum StableHash {
    /// FNV-1a, 64-bit, over the UTF-8 bytes of `string`.
    @inline(__always)
    public static func fnv1a64(_ string: String) -> UInt64 {
        FNV1a.hash64(string)
    }

    /// Folds `value` into `state` (a 64-bit mix in the style of SplitMix64's finaliser).
    @inline(__always)
    public static func fold(_ state: UInt64, _ value: UInt64) -> UInt64 {
        var z = (state ^ value) &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 32)) &* 0xD6E8_FEB8_6659_FD93
        return z ^ (z >> 32)
    }
}
