/// Deterministic, opaque identifiers derived from the store's sequence counter.
///
/// S3 version ids, upload ids and continuation tokens look random to clients. A simulation must
/// replay identically, so here they are a bijective scramble of a sequence number: two 64-bit
/// words `a = mix(seq ^ salt)` and `b = mix(a ^ check)`, printed as 32 hex digits. Because `mix`
/// is invertible, an id decodes straight back to the sequence number (no id → version table is
/// stored), and the check word lets a mistyped or foreign id be told apart from a well-formed id
/// that simply names nothing — the difference between S3's 400 `InvalidArgument` and 404.
enum ObjectStoreIdentifiers {
    /// Salts that keep version ids, upload ids and tokens from validating as one another.
    private static let versionSalt: UInt64 = 0x6F72_7265_7279_5633
    private static let versionCheck: UInt64 = 0x2545_F491_4F6C_DD1D
    private static let uploadSalt: UInt64 = 0x6F72_7265_7279_4D50
    private static let uploadCheck: UInt64 = 0x9E37_79B9_7F4A_7C15
    private static let tokenSalt: UInt64 = 0x6F72_7265_7279_4C54

    /// The 32-character version id of a non-null version.
    static func versionId(sequence: UInt64) -> String {
        encode(sequence, salt: versionSalt, check: versionCheck)
    }

    /// The sequence number a version id was made from; nil if the text is not a well-formed id.
    static func sequence(fromVersionId text: String) -> UInt64? {
        decode(text, salt: versionSalt, check: versionCheck)
    }

    /// The 32-character id of a multipart upload.
    static func uploadId(sequence: UInt64) -> String {
        encode(sequence, salt: uploadSalt, check: uploadCheck)
    }

    /// The sequence number an upload id was made from; nil if the text is not a well-formed id.
    static func sequence(fromUploadId text: String) -> UInt64? {
        decode(text, salt: uploadSalt, check: uploadCheck)
    }

    /// An opaque continuation token that resumes a listing after `marker`.
    ///
    /// The marker bytes travel inside the token (the store keeps no per-listing state, as S3's
    /// tokens are also self-describing) followed by a keyed checksum so forged or truncated tokens
    /// are rejected.
    static func continuationToken(marker: String) -> String {
        ObjectStoreHex.encode(marker.utf8) + ObjectStoreHex.encode(checksum(Array(marker.utf8)))
    }

    /// The marker inside a continuation token; nil if the token was not made by this store.
    static func marker(fromContinuationToken token: String) -> String? {
        let utf8 = Substring(token).utf8
        guard utf8.count >= 16 else { return nil }
        let split = utf8.index(utf8.endIndex, offsetBy: -16)
        guard let bytes = ObjectStoreHex.decode(utf8[..<split]),
              let sum = ObjectStoreHex.decodeWord(utf8[split...]),
              sum == checksum(bytes)
        else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    // MARK: - Bijective mixing

    private static func encode(_ sequence: UInt64, salt: UInt64, check: UInt64) -> String {
        let first = mix(sequence ^ salt)
        return ObjectStoreHex.encode(first) + ObjectStoreHex.encode(mix(first ^ check))
    }

    private static func decode(_ text: String, salt: UInt64, check: UInt64) -> UInt64? {
        let utf8 = Substring(text).utf8
        guard utf8.count == 32 else { return nil }
        let middle = utf8.index(utf8.startIndex, offsetBy: 16)
        guard let first = ObjectStoreHex.decodeWord(utf8[..<middle]),
              let second = ObjectStoreHex.decodeWord(utf8[middle...]),
              second == mix(first ^ check)
        else { return nil }
        return unmix(first) ^ salt
    }

    private static func checksum(_ bytes: [UInt8]) -> UInt64 {
        bytes.reduce(tokenSalt) { mix($0 ^ UInt64($1)) }
    }

    /// SplitMix64's finalizer: every step (xor-shift, multiply by an odd constant) is invertible.
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The inverse of ``mix(_:)``.
    static func unmix(_ value: UInt64) -> UInt64 {
        var z = invertXorShift(value, by: 31)
        z = invertXorShift(z &* multiplicativeInverse(0x94D0_49BB_1331_11EB), by: 27)
        z = invertXorShift(z &* multiplicativeInverse(0xBF58_476D_1CE4_E5B9), by: 30)
        return z
    }

    /// Undoes `y = x ^ (x >> shift)`; each pass recovers `shift` more high bits.
    private static func invertXorShift(_ value: UInt64, by shift: UInt64) -> UInt64 {
        var result = value
        for _ in 0..<(64 / shift + 1) { result = value ^ (result >> shift) }
        return result
    }

    /// Inverse of an odd number modulo 2^64 by Newton's iteration (correct bits double each step).
    private static func multiplicativeInverse(_ odd: UInt64) -> UInt64 {
        var inverse = odd
        for _ in 0..<5 { inverse = inverse &* (2 &- odd &* inverse) }
        return inverse
    }
}
