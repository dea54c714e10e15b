import Crypto

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
struct ObjectStoreCipher: Sendable, Equatable {
    /// Bytes GCM adds to every sealed segment: 12-byte nonce in front, 16-byte tag behind.
    static let overhead = 28

    /// The 32-byte master key every data key is derived from.
    let masterKey: [UInt8]

    /// Seals `plaintext` as nonce ‖ ciphertext ‖ tag.
    func seal(_ plaintext: [UInt8], sequence: UInt64) throws(S3Error) -> [UInt8] {
        do {
            let nonce = try AES.GCM.Nonce(data: derive("orrery.s3.sse.nonce", sequence).prefix(12))
            let box = try AES.GCM.seal(plaintext, using: dataKey(sequence), nonce: nonce)
            guard let combined = box.combined else {
                throw S3Error(.internalError, "AES-GCM produced no combined representation.")
            }
            return Array(combined)
        } catch {
            throw S3Error(.internalError, "SSE-S3 encryption failed: \(error)")
        }
    }

    /// Opens a segment sealed by ``seal(_:sequence:)`` with the same sequence number.
    func open(_ sealed: [UInt8], sequence: UInt64) throws(S3Error) -> [UInt8] {
        do {
            let box = try AES.GCM.SealedBox(combined: sealed)
            return Array(try AES.GCM.open(box, using: dataKey(sequence)))
        } catch {
            throw S3Error(.internalError, "SSE-S3 decryption failed: \(error)")
        }
    }

    private func dataKey(_ sequence: UInt64) -> SymmetricKey {
        SymmetricKey(data: derive("orrery.s3.sse.key", sequence))
    }

    /// HMAC-SHA256(master, label ‖ sequence big-endian): a PRF, so distinct labels and sequence
    /// numbers give independent keys and nonces.
    private func derive(_ label: String, _ sequence: UInt64) -> [UInt8] {
        var message = Array(label.utf8)
        message.append(contentsOf: (0..<8).map { UInt8(truncatingIfNeeded: sequence >> (8 * (7 - $0))) })
        return Array(HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: masterKey)))
    }
}
