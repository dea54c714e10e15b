/// An S3 entity tag kept as 16 raw MD5 bytes plus a part count, rendered on demand.
///
/// Storing the digest as two integers instead of a 34-character `String` keeps every version's
/// ETag inline (no heap allocation), which matters when a simulation holds millions of objects.
public struct ObjectETag: Hashable, Sendable, CustomStringConvertible {
    /// First eight digest bytes, big-endian.
    let high: UInt64
    /// Last eight digest bytes, big-endian.
    let low: UInt64
    /// Number of parts for a multipart ETag (`-N` suffix); 0 for a single-part ETag.
    public let partCount: UInt16

    /// Builds an ETag from a 16-byte digest and a part count.
    init(digest: some Sequence<UInt8>, partCount: UInt16 = 0) {
        var high: UInt64 = 0
        var low: UInt64 = 0
        for (index, byte) in digest.enumerated() {
            if index < 8 { high = high << 8 | UInt64(byte) } else { low = low << 8 | UInt64(byte) }
        }
        self.high = high
        self.low = low
        self.partCount = partCount
    }

    /// Builds an ETag from a finished MD5 and a part count.
    init(_ digest: MD5.Digest, partCount: UInt16 = 0) {
        self.init(high: digest.high, low: digest.low, partCount: partCount)
    }

    /// The single-part ETag of `bytes`: their MD5, read as two big-endian words.
    static func md5(of bytes: [UInt8]) -> ObjectETag {
        ObjectETag(MD5.hash(bytes))
    }

    private init(high: UInt64, low: UInt64, partCount: UInt16) {
        self.high = high
        self.low = low
        self.partCount = partCount
    }

    /// The multipart ETag: MD5 of the concatenated binary MD5s of the parts, with `-N`.
    static func multipart(partDigests: [ObjectETag]) -> ObjectETag {
        var hasher = MD5()
        for part in partDigests {
            withUnsafeBytes(of: (part.high.bigEndian, part.low.bigEndian)) { hasher.update($0) }
        }
        return ObjectETag(hasher.finalize(), partCount: UInt16(partDigests.count))
    }

    /// The 16 digest bytes.
    var digestBytes: [UInt8] {
        (0..<16).map { index in
            let word = index < 8 ? high : low
            return UInt8(truncatingIfNeeded: word >> (8 * (7 - index % 8)))
        }
    }

    /// Lowercase hex digest with `-N` for multipart, without quotes.
    public var unquoted: String {
        let hex = hexDigest(quoted: false)
        return partCount == 0 ? hex : "\(hex)-\(partCount)"
    }

    /// The ETag as S3 sends it: the unquoted form in double quotes.
    public var description: String {
        partCount == 0 ? hexDigest(quoted: true) : "\"\(unquoted)\""
    }

    /// The 32 hex digits, optionally in quotes, written straight into the string's storage:
    /// every PUT answer and every GET header carries one.
    private func hexDigest(quoted: Bool) -> String {
        let digits: StaticString = "0123456789abcdef"
        return String(unsafeUninitializedCapacity: quoted ? 34 : 32) { buffer in
            var position = 0
            if quoted { buffer[0] = UInt8(ascii: "\""); position = 1 }
            for shift in stride(from: 60, through: 0, by: -4) {
                buffer[position] = digits.utf8Start[Int(high >> UInt64(shift) & 0xF)]
                buffer[position + 16] = digits.utf8Start[Int(low >> UInt64(shift) & 0xF)]
                position += 1
            }
            position += 16
            if quoted { buffer[position] = UInt8(ascii: "\""); position += 1 }
            return position
        }
    }

    /// Whether an ETag list from an If-Match / If-None-Match header names this ETag.
    ///
    /// The header may hold several comma-separated, optionally quoted and optionally weak (`W/`)
    /// tags, or `*` which matches any existing object (RFC 9110 §13.1.1).
    func matches(headerValue: String) -> Bool {
        let mine = unquoted
        return headerValue.split(separator: ",").contains { element in
            var tag = Substring(element.drop { $0 == " " })
            while tag.last == " " { tag.removeLast() }
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
            if tag.hasPrefix("\""), tag.hasSuffix("\""), tag.count >= 2 { tag = tag.dropFirst().dropLast() }
            return tag == mine
        }
    }

    /// Normalizes a client-supplied part ETag (quoted or not) for comparison at completion.
    static func normalizedClientTag(_ tag: String) -> Substring {
        var trimmed = Substring(tag)
        if trimmed.hasPrefix("\""), trimmed.hasSuffix("\""), trimmed.count >= 2 { trimmed = trimmed.dropFirst().dropLast() }
        return trimmed
    }
}
