extension StrictJSONCheck {
    /// The offset of the first byte of `bytes` that does not begin a well-formed UTF-8 sequence,
    /// or nil when all of it is UTF-8 (RFC 8259 §8.1: JSON exchanged between systems MUST be).
    ///
    /// Well-formed is the Unicode Standard's Table 3-7, which leaves out what a lenient decoder
    /// lets through: overlong forms (`C0 AF` for `/`, `E0 80 AF`), surrogates encoded in UTF-8
    /// (`ED A0 80`, U+D800), code points above U+10FFFF (`F4 90 80 80`), a continuation byte
    /// with no lead and a sequence cut short. Checked over the whole text, not only its strings:
    /// outside them only ASCII is JSON at all.
    static func firstInvalidUTF8(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int, second: ClosedRange<UInt8>
            switch lead {
            case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
            case 0xE0: (length, second) = (3, 0xA0...0xBF)  // below U+0800: overlong
            case 0xE1...0xEC, 0xEE...0xEF: (length, second) = (3, 0x80...0xBF)
            case 0xED: (length, second) = (3, 0x80...0x9F)  // U+D800 … U+DFFF: surrogates
            case 0xF0: (length, second) = (4, 0x90...0xBF)  // below U+10000: overlong
            case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
            case 0xF4: (length, second) = (4, 0x80...0x8F)  // above U+10FFFF
            default: return index  // a continuation byte, C0 or C1 (always overlong), F5 … FF
            }
            guard index + length <= bytes.count, second.contains(bytes[index + 1]),
                  bytes[(index + 2)..<(index + length)].allSatisfy({ (0x80...0xBF).contains($0) }) else { return index }
            index += length
        }
        return nil
    }
}
