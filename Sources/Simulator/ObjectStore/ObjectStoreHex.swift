/// Lowercase hexadecimal encoding used for ETags, version ids, upload ids and tokens.
enum ObjectStoreHex {
    private static let digits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Two lowercase hex digits per byte.
    static func encode(_ bytes: some Sequence<UInt8>) -> String {
        var ascii: [UInt8] = []
        ascii.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            ascii.append(digits[Int(byte >> 4)])
            ascii.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: ascii, as: UTF8.self)
    }

    /// Sixteen lowercase hex digits, most significant first.
    static func encode(_ word: UInt64) -> String {
        encode((0..<8).map { UInt8(truncatingIfNeeded: word >> (8 * (7 - $0))) })
    }

    /// Decodes lowercase hex; nil for odd length or any other character (ids are case-sensitive in S3).
    static func decode(_ text: Substring.UTF8View) -> [UInt8]? {
        guard text.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count / 2)
        var high: UInt8?
        for character in text {
            guard let nibble = nibble(character) else { return nil }
            if let pending = high {
                bytes.append(pending << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        return bytes
    }

    /// Decodes exactly sixteen hex digits into a word.
    static func decodeWord(_ text: Substring.UTF8View) -> UInt64? {
        guard text.count == 16, let bytes = decode(text) else { return nil }
        return bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }

    private static func nibble(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
