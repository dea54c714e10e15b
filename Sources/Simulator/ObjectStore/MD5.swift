/// MD5 (RFC 1321), the hash behind every S3 ETag, computed in a value with no heap allocation.
///
/// swift-crypto's `Insecure.MD5` keeps BoringSSL's context in a class instance, so each hash
/// allocated and freed one; a PUT of a small object spent more time on that context than on
/// hashing its bytes. This hasher keeps its four state words, the unfinished block and the length
/// inline, so hashing costs only the compression rounds. It is bit-for-bit the reference
/// algorithm: the tests check it against RFC 1321's vectors (swift-crypto, which it was once also checked
/// against, is no longer a dependency).
struct MD5 {
    /// A finished digest: the 16 bytes read as two big-endian words, the form ``ObjectETag``
    /// stores and renders as hex.
    struct Digest: Equatable {
        /// Digest bytes 0 ..< 8, big-endian.
        let high: UInt64
        /// Digest bytes 8 ..< 16, big-endian.
        let low: UInt64

        /// The 16 digest bytes in order.
        var bytes: [UInt8] {
            (0..<16).map { index in UInt8(truncatingIfNeeded: (index < 8 ? high : low) >> (8 * (7 - index % 8))) }
        }
    }

    /// The chaining state: RFC 1321's A, B, C, D.
    private var state = State()
    /// Bytes of an unfinished block, waiting for the rest of it (only the first `pendingCount`).
    private var pending: Block = (0, 0, 0, 0, 0, 0, 0, 0)
    /// How many bytes of ``pending`` hold input.
    private var pendingCount = 0
    /// Total bytes hashed so far.
    private var length: UInt64 = 0

    /// A hasher with nothing hashed yet.
    init() {}

    /// The MD5 of `bytes`.
    ///
    /// - Complexity: O(*n*); does not allocate.
    static func hash(_ bytes: [UInt8]) -> Digest {
        var hasher = MD5()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// Hashes `bytes` after everything hashed so far.
    mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// Hashes `bytes` after everything hashed so far.
    ///
    /// - Complexity: O(*n*); does not allocate.
    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard var next = bytes.baseAddress, !bytes.isEmpty else { return }
        var remaining = bytes.count
        length &+= UInt64(remaining)
        if pendingCount > 0 {
            let (offset, source) = (pendingCount, next)
            let taken = min(64 - offset, remaining)
            withUnsafeMutableBytes(of: &pending) { $0.baseAddress!.advanced(by: offset).copyMemory(from: source, byteCount: taken) }
            pendingCount += taken
            next += taken
            remaining -= taken
            guard pendingCount == 64 else { return }
            var block = pending
            withUnsafeBytes(of: &block) { Self.compress(&state, $0.baseAddress!) }
            pendingCount = 0
        }
        while remaining >= 64 {
            Self.compress(&state, next)
            next += 64
            remaining -= 64
        }
        if remaining > 0 {
            let (source, count) = (next, remaining)
            withUnsafeMutableBytes(of: &pending) { $0.baseAddress!.copyMemory(from: source, byteCount: count) }
            pendingCount = remaining
        }
    }

    /// Pads the input as RFC 1321 says (a 1 bit, zeros, the bit length) and returns the digest.
    consuming func finalize() -> Digest {
        let bitLength = length &* 8
        var padding: Block = (0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &padding) { $0[0] = 0x80 }
        let padCount = pendingCount < 56 ? 56 - pendingCount : 120 - pendingCount
        withUnsafeBytes(of: padding) { update(UnsafeRawBufferPointer(rebasing: $0[..<padCount])) }
        withUnsafeBytes(of: bitLength.littleEndian) { update($0) }
        let (a, b, c, d) = (state.a, state.b, state.c, state.d)
        return Digest(high: UInt64(a.byteSwapped) << 32 | UInt64(b.byteSwapped),
                      low: UInt64(c.byteSwapped) << 32 | UInt64(d.byteSwapped))
    }
}

extension MD5 {
    /// RFC 1321's four chaining words, with their initial values.
    struct State {
        var a: UInt32 = 0x6745_2301
        var b: UInt32 = 0xefcd_ab89
        var c: UInt32 = 0x98ba_dcfe
        var d: UInt32 = 0x1032_5476
    }

    /// 64 bytes of inline storage for one block.
    typealias Block = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    /// Folds the 64-byte block at `block` into `state`: RFC 1321's four rounds of sixteen steps,
    /// unrolled with the RFC's constants and shifts so every step is straight-line arithmetic.
    static func compress(_ state: inout State, _ block: UnsafeRawPointer) {
        @inline(__always) func m(_ index: Int) -> UInt32 {
            UInt32(littleEndian: block.loadUnaligned(fromByteOffset: 4 * index, as: UInt32.self))
        }
        @inline(__always) func step(_ a: inout UInt32, _ b: UInt32, _ mixed: UInt32, _ word: UInt32, _ constant: UInt32, _ shift: UInt32) {
            let sum = a &+ mixed &+ word &+ constant
            a = b &+ (sum << shift | sum >> (32 - shift))
        }
        @inline(__always) func f(_ a: inout UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ word: UInt32, _ constant: UInt32, _ shift: UInt32) {
            step(&a, b, d ^ (b & (c ^ d)), word, constant, shift)
        }
        @inline(__always) func g(_ a: inout UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ word: UInt32, _ constant: UInt32, _ shift: UInt32) {
            step(&a, b, c ^ (d & (b ^ c)), word, constant, shift)
        }
        @inline(__always) func h(_ a: inout UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ word: UInt32, _ constant: UInt32, _ shift: UInt32) {
            step(&a, b, b ^ c ^ d, word, constant, shift)
        }
        @inline(__always) func i(_ a: inout UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ word: UInt32, _ constant: UInt32, _ shift: UInt32) {
            step(&a, b, c ^ (b | ~d), word, constant, shift)
        }
        let (m0, m1, m2, m3, m4, m5, m6, m7) = (m(0), m(1), m(2), m(3), m(4), m(5), m(6), m(7))
        let (m8, m9, m10, m11, m12, m13, m14, m15) = (m(8), m(9), m(10), m(11), m(12), m(13), m(14), m(15))
        var (a, b, c, d) = (state.a, state.b, state.c, state.d)

        f(&a, b, c, d, m0, 0xd76a_a478, 7)
        f(&d, a, b, c, m1, 0xe8c7_b756, 12)
        f(&c, d, a, b, m2, 0x2420_70db, 17)
        f(&b, c, d, a, m3, 0xc1bd_ceee, 22)
        f(&a, b, c, d, m4, 0xf57c_0faf, 7)
        f(&d, a, b, c, m5, 0x4787_c62a, 12)
        f(&c, d, a, b, m6, 0xa830_4613, 17)
        f(&b, c, d, a, m7, 0xfd46_9501, 22)
        f(&a, b, c, d, m8, 0x6980_98d8, 7)
        f(&d, a, b, c, m9, 0x8b44_f7af, 12)
        f(&c, d, a, b, m10, 0xffff_5bb1, 17)
        f(&b, c, d, a, m11, 0x895c_d7be, 22)
        f(&a, b, c, d, m12, 0x6b90_1122, 7)
        f(&d, a, b, c, m13, 0xfd98_7193, 12)
        f(&c, d, a, b, m14, 0xa679_438e, 17)
        f(&b, c, d, a, m15, 0x49b4_0821, 22)

        g(&a, b, c, d, m1, 0xf61e_2562, 5)
        g(&d, a, b, c, m6, 0xc040_b340, 9)
        g(&c, d, a, b, m11, 0x265e_5a51, 14)
        g(&b, c, d, a, m0, 0xe9b6_c7aa, 20)
        g(&a, b, c, d, m5, 0xd62f_105d, 5)
        g(&d, a, b, c, m10, 0x0244_1453, 9)
        g(&c, d, a, b, m15, 0xd8a1_e681, 14)
        g(&b, c, d, a, m4, 0xe7d3_fbc8, 20)
        g(&a, b, c, d, m9, 0x21e1_cde6, 5)
        g(&d, a, b, c, m14, 0xc337_07d6, 9)
        g(&c, d, a, b, m3, 0xf4d5_0d87, 14)
        g(&b, c, d, a, m8, 0x455a_14ed, 20)
        g(&a, b, c, d, m13, 0xa9e3_e905, 5)
        g(&d, a, b, c, m2, 0xfcef_a3f8, 9)
        g(&c, d, a, b, m7, 0x676f_02d9, 14)
        g(&b, c, d, a, m12, 0x8d2a_4c8a, 20)

        h(&a, b, c, d, m5, 0xfffa_3942, 4)
        h(&d, a, b, c, m8, 0x8771_f681, 11)
        h(&c, d, a, b, m11, 0x6d9d_6122, 16)
        h(&b, c, d, a, m14, 0xfde5_380c, 23)
        h(&a, b, c, d, m1, 0xa4be_ea44, 4)
        h(&d, a, b, c, m4, 0x4bde_cfa9, 11)
        h(&c, d, a, b, m7, 0xf6bb_4b60, 16)
        h(&b, c, d, a, m10, 0xbebf_bc70, 23)
        h(&a, b, c, d, m13, 0x289b_7ec6, 4)
        h(&d, a, b, c, m0, 0xeaa1_27fa, 11)
        h(&c, d, a, b, m3, 0xd4ef_3085, 16)
        h(&b, c, d, a, m6, 0x0488_1d05, 23)
        h(&a, b, c, d, m9, 0xd9d4_d039, 4)
        h(&d, a, b, c, m12, 0xe6db_99e5, 11)
        h(&c, d, a, b, m15, 0x1fa2_7cf8, 16)
        h(&b, c, d, a, m2, 0xc4ac_5665, 23)

        i(&a, b, c, d, m0, 0xf429_2244, 6)
        i(&d, a, b, c, m7, 0x432a_ff97, 10)
        i(&c, d, a, b, m14, 0xab94_23a7, 15)
        i(&b, c, d, a, m5, 0xfc93_a039, 21)
        i(&a, b, c, d, m12, 0x655b_59c3, 6)
        i(&d, a, b, c, m3, 0x8f0c_cc92, 10)
        i(&c, d, a, b, m10, 0xffef_f47d, 15)
        i(&b, c, d, a, m1, 0x8584_5dd1, 21)
        i(&a, b, c, d, m8, 0x6fa8_7e4f, 6)
        i(&d, a, b, c, m15, 0xfe2c_e6e0, 10)
        i(&c, d, a, b, m6, 0xa301_4314, 15)
        i(&b, c, d, a, m13, 0x4e08_11a1, 21)
        i(&a, b, c, d, m4, 0xf753_7e82, 6)
        i(&d, a, b, c, m11, 0xbd3a_f235, 10)
        i(&c, d, a, b, m2, 0x2ad7_d2bb, 15)
        i(&b, c, d, a, m9, 0xeb86_d391, 21)

        state.a &+= a
        state.b &+= b
        state.c &+= c
        state.d &+= d
    }
}
