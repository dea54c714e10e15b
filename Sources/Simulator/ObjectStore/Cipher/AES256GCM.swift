/// AES-256 in Galois/Counter Mode (NIST SP 800-38D) with a 96-bit nonce, a 128-bit tag and no
/// additional authenticated data: what SSE-S3 seals each stored segment with.
///
/// A sealed segment is nonce ‖ ciphertext ‖ tag, the "combined" layout of swift-crypto's
/// `AES.GCM.SealedBox`, which this replaced byte for byte (the tests pin ciphertexts it produced
/// and NIST's test cases).
struct AES256GCM {
    /// Why a sealed segment does not open, named as swift-crypto's `CryptoKitError` cases are.
    /// ``ObjectStoreCipher``'s message for a short segment reads as it did with swift-crypto; for a
    /// wrong tag swift-crypto passed on BoringSSL's error code
    /// (`underlyingCoreCryptoError(error: 503316581)`), where this says `authenticationFailure`.
    enum Failure: Error, Equatable {
        /// Shorter than a nonce and a tag.
        case incorrectParameterSize
        /// The tag does not match: wrong key, or nonce, ciphertext or tag altered.
        case authenticationFailure
    }

    /// Bytes of the nonce in front of a sealed segment (the 96-bit IV SP 800-38D recommends).
    static let nonceByteCount = 12
    /// Bytes of the tag behind a sealed segment.
    static let tagByteCount = 16

    /// The block cipher under the data key.
    private let cipher: AES256
    /// GHASH keyed by H = E(K, 0¹²⁸), nothing absorbed yet.
    private let emptyHash: GaloisHash

    /// A sealer and opener for a 32-byte key.
    init(key: [UInt8]) {
        cipher = AES256(key: key)
        emptyHash = GaloisHash(key: cipher.encrypt(0))
    }

    /// Encrypts and authenticates `plaintext` under `nonce` (12 bytes): nonce ‖ C ‖ T.
    ///
    /// - Complexity: O(*n*).
    func seal(_ plaintext: [UInt8], nonce: [UInt8]) -> [UInt8] {
        precondition(nonce.count == Self.nonceByteCount, "A GCM nonce here is 12 bytes.")
        let count = plaintext.count
        return [UInt8](unsafeUninitializedCapacity: Self.nonceByteCount + count + Self.tagByteCount) { sealed, initialized in
            let sealed = UnsafeMutableRawBufferPointer(sealed)
            sealed.copyBytes(from: nonce)
            let firstCounter = Self.firstCounter(nonce: UnsafeRawBufferPointer(rebasing: sealed[..<Self.nonceByteCount]))
            let ciphertext = UnsafeMutableRawBufferPointer(rebasing: sealed[Self.nonceByteCount..<(Self.nonceByteCount + count)])
            plaintext.withUnsafeBytes { applyKeystream(from: $0, to: ciphertext, firstCounter: firstCounter) }
            let tag = self.tag(of: UnsafeRawBufferPointer(ciphertext), firstCounter: firstCounter)
            sealed.storeBytes(of: tag.bigEndian, toByteOffset: Self.nonceByteCount + count, as: UInt128.self)
            initialized = sealed.count
        }
    }

    /// Checks the tag of a segment sealed by ``seal(_:nonce:)`` under the same key and returns its
    /// plaintext.
    ///
    /// - Throws: ``Failure/incorrectParameterSize`` for fewer than 28 bytes,
    ///   ``Failure/authenticationFailure`` when the tag does not match.
    /// - Complexity: O(*n*).
    func open(_ sealed: [UInt8]) throws(Failure) -> [UInt8] {
        guard sealed.count >= Self.nonceByteCount + Self.tagByteCount else { throw .incorrectParameterSize }
        let count = sealed.count - Self.nonceByteCount - Self.tagByteCount
        let opened: [UInt8]? = sealed.withUnsafeBytes { sealed in
            let firstCounter = Self.firstCounter(nonce: UnsafeRawBufferPointer(rebasing: sealed[..<Self.nonceByteCount]))
            let ciphertext = UnsafeRawBufferPointer(rebasing: sealed[Self.nonceByteCount..<(Self.nonceByteCount + count)])
            let received = UInt128(bigEndian: sealed.loadUnaligned(fromByteOffset: Self.nonceByteCount + count, as: UInt128.self))
            // All 128 bits are compared at once, with no early exit at the first differing byte.
            guard tag(of: ciphertext, firstCounter: firstCounter) ^ received == 0 else { return nil }
            return [UInt8](unsafeUninitializedCapacity: count) { plaintext, initialized in
                applyKeystream(from: ciphertext, to: UnsafeMutableRawBufferPointer(plaintext), firstCounter: firstCounter)
                initialized = count
            }
        }
        guard let opened else { throw .authenticationFailure }
        return opened
    }

    /// J₀ = nonce ‖ 0³¹ ‖ 1, the pre-counter block of a 96-bit nonce (SP 800-38D §7.1 step 2).
    private static func firstCounter(nonce: UnsafeRawBufferPointer) -> UInt128 {
        nonce.reduce(0) { $0 &<< 8 | UInt128($1) } &<< 32 | 1
    }

    /// inc₃₂: the last 32 bits of a counter block plus one, modulo 2³²; the first 96 unchanged.
    private static func increment(_ counter: UInt128) -> UInt128 {
        counter & ~UInt128(UInt32.max) | UInt128(UInt32(truncatingIfNeeded: counter) &+ 1)
    }

    /// GCTR from inc₃₂(J₀) (SP 800-38D §6.5): `output` = `input` ⊕ E(K, inc₃₂(J₀)) ‖ E(K, inc₃₂²(J₀)) ‖ …,
    /// the last keystream block cut to the input's length. Encrypts and decrypts alike.
    private func applyKeystream(from input: UnsafeRawBufferPointer, to output: UnsafeMutableRawBufferPointer, firstCounter: UInt128) {
        cipher.withBlockCipher { cipher in
            var counter = firstCounter
            var offset = 0
            while offset < input.count {
                counter = Self.increment(counter)
                let keystream = cipher.encrypt(counter)
                if input.count - offset >= 16 {
                    let block = UInt128(bigEndian: input.loadUnaligned(fromByteOffset: offset, as: UInt128.self))
                    output.storeBytes(of: (block ^ keystream).bigEndian, toByteOffset: offset, as: UInt128.self)
                } else {
                    for index in offset..<input.count {
                        output[index] = input[index] ^ UInt8(truncatingIfNeeded: keystream &>> (8 * (15 - (index - offset))))
                    }
                }
                offset += 16
            }
        }
    }

    /// T = E(K, J₀) ⊕ GHASH(C ‖ 0ᵘ ‖ [0]₆₄ ‖ [len(C)]₆₄) (SP 800-38D §7.1 steps 5–6, with no
    /// additional authenticated data).
    private func tag(of ciphertext: UnsafeRawBufferPointer, firstCounter: UInt128) -> UInt128 {
        var hash = emptyHash
        hash.absorb(ciphertext)
        hash.absorb(UInt128(ciphertext.count) * 8)
        return hash.value ^ cipher.encrypt(firstCounter)
    }
}
