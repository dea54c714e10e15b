/// Server-side encryption modes; only SSE-S3 (S3-managed keys, AES-256) is modelled.
public enum ServerSideEncryption: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// SSE-S3: `x-amz-server-side-encryption: AES256`.
    case aes256 = "AES256"
}

/// Deterministic AES-256-GCM sealing of bytes at rest for SSE-S3.
///
/// The data key and nonce of each stored segment are derived from the store's master key and a
/// sequence number unique to that segment (the version's own sequence number for a single-part
/// put), so reruns produce byte-identical ciphertext and no key or nonce is ever reused.
///
/// The primitives are Orrery's own (`Cipher/`): swift-crypto was a dependency for this one type,
/// and compiling its copy of BoringSSL took ~90 s of every debug build and ~120 s of every
/// release build. The output is byte for byte what swift-crypto's `AES.GCM` and `HMAC<SHA256>`
/// produced (``ObjectStoreCipherTests`` pins ciphertexts recorded from it).
struct ObjectStoreCipher: Sendable, Equatable {
    /// Bytes GCM adds to every sealed segment: 12-byte nonce in front, 16-byte tag behind (28).
    static let overhead = AES256GCM.nonceByteCount + AES256GCM.tagByteCount

    /// The 32-byte master key every data key is derived from.
    let masterKey: [UInt8]
    /// HMAC-SHA256 under ``masterKey``, its padded key compressed once for every derivation.
    private let pseudoRandomFunction: HMACSHA256

    /// A cipher whose data keys and nonces all derive from `masterKey`.
    init(masterKey: [UInt8]) {
        self.masterKey = masterKey
        pseudoRandomFunction = HMACSHA256(key: masterKey)
    }

    /// Seals `plaintext` as nonce ‖ ciphertext ‖ tag.
    ///
    /// Sealing under a derived 32-byte key and 12-byte nonce cannot fail; the method throws
    /// `S3Error` like ``open(_:sequence:)`` so that callers handle the two alike.
    func seal(_ plaintext: [UInt8], sequence: UInt64) throws(S3Error) -> [UInt8] {
        let nonce = Array(derive("orrery.s3.sse.nonce", sequence).prefix(AES256GCM.nonceByteCount))
        return AES256GCM(key: dataKey(sequence)).seal(plaintext, nonce: nonce)
    }

    /// Opens a segment sealed by ``seal(_:sequence:)`` with the same sequence number.
    ///
    /// - Throws: `internalError` when the segment is shorter than ``overhead`` or its tag does not
    ///   match (the bytes at rest were altered, or the sequence number is not the sealing one).
    func open(_ sealed: [UInt8], sequence: UInt64) throws(S3Error) -> [UInt8] {
        do {
            return try AES256GCM(key: dataKey(sequence)).open(sealed)
        } catch {
            throw S3Error(.internalError, "SSE-S3 decryption failed: \(error)")
        }
    }

    private func dataKey(_ sequence: UInt64) -> [UInt8] {
        derive("orrery.s3.sse.key", sequence)
    }

    /// HMAC-SHA256(master, label ‖ sequence big-endian): a PRF, so distinct labels and sequence
    /// numbers give independent keys and nonces.
    private func derive(_ label: String, _ sequence: UInt64) -> [UInt8] {
        var message = Array(label.utf8)
        message.append(contentsOf: (0..<8).map { UInt8(truncatingIfNeeded: sequence >> (8 * (7 - $0))) })
        return pseudoRandomFunction.authenticationCode(for: message)
    }
}
