extension StrictJSONCheck {
    /// Reads the string whose opening quote is at `index`, leaving `index` after its closing
    /// quote, and its text decoded to UTF-8 in ``key`` when `decoding` (a key, to compare with
    /// the object's others).
    ///
    /// RFC 8259 §7: a control character is escaped, never raw; an escape is one of the eight
    /// named or `\u` and four hex digits; a surrogate escape comes in a pair, high then low
    /// (§8.2: a lone one's meaning is "unpredictable" — one decoder replaces it, another
    /// refuses it, and Foundation's reads it when the string is skipped).
    mutating func string(decoding: Bool) throws(Problem) {
        if decoding { key.removeAll(keepingCapacity: true) }
        index += 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == ASCII.quote {
                index += 1
                return
            }
            if byte < 0x20 { throw .notJSON(offset: index) }
            if byte == ASCII.backslash {
                let scalar = try escape()
                if decoding { key.append(contentsOf: UTF8.encode(scalar)!) }
            } else {
                if decoding { key.append(byte) }
                index += 1
            }
        }
        throw .notJSON(offset: index)
    }

    /// Reads the escape whose `\` is at `index`, leaving `index` after it (both halves of a
    /// surrogate pair), and returns the character it stands for.
    private mutating func escape() throws(Problem) -> Unicode.Scalar {
        let start = index
        guard index + 1 < bytes.count else { throw .notJSON(offset: bytes.count) }
        let named: Unicode.Scalar
        switch bytes[index + 1] {
        case ASCII.quote: named = "\""
        case ASCII.backslash: named = "\\"
        case ASCII.slash: named = "/"
        case UInt8(ascii: "b"): named = "\u{8}"
        case UInt8(ascii: "f"): named = "\u{C}"
        case UInt8(ascii: "n"): named = "\n"
        case UInt8(ascii: "r"): named = "\r"
        case UInt8(ascii: "t"): named = "\t"
        case UInt8(ascii: "u"):
            guard let unit = hexEscape(at: index) else { throw .notJSON(offset: index) }
            index += 6
            if (0xDC00...0xDFFF).contains(unit) { throw unpaired(at: start) }
            guard (0xD800...0xDBFF).contains(unit) else { return Unicode.Scalar(unit)! }
            guard let low = hexEscape(at: index), (0xDC00...0xDFFF).contains(low) else { throw unpaired(at: start) }
            index += 6
            return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!
        default:
            throw .notJSON(offset: index)
        }
        index += 2
        return named
    }

    /// The code unit of the `\uXXXX` escape at `offset`, or nil when there is none there.
    private func hexEscape(at offset: Int) -> UInt32? {
        guard offset + 6 <= bytes.count, bytes[offset] == ASCII.backslash, bytes[offset + 1] == UInt8(ascii: "u") else { return nil }
        var unit: UInt32 = 0
        for byte in bytes[(offset + 2)..<(offset + 6)] {
            guard let digit = Self.hexDigit(byte) else { return nil }
            unit = unit << 4 | digit
        }
        return unit
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case ASCII.digits: UInt32(byte - ASCII.zero)
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// The lone surrogate escape at `offset`, as it is written (`\uD800`).
    private func unpaired(at offset: Int) -> Problem {
        .unpairedSurrogate(String(decoding: bytes[offset..<(offset + 6)], as: UTF8.self), offset: offset)
    }

    /// Reads the number at `index`: `-`? then `0` or a digit 1-9 and more digits, then `.` and
    /// digits, then `e` or `E`, a sign and digits (RFC 8259 §6: no `01`, `1.`, `.5`, `+1` or `1e`).
    mutating func number() throws(Problem) {
        if bytes[index] == ASCII.minus { index += 1 }
        guard index < bytes.count, ASCII.digits.contains(bytes[index]) else { throw .notJSON(offset: index) }
        if bytes[index] == ASCII.zero { index += 1 } else { skipDigits() }
        if index < bytes.count, bytes[index] == ASCII.dot {
            index += 1
            try digits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == ASCII.plus || bytes[index] == ASCII.minus { index += 1 }
            try digits()
        }
    }

    /// One digit or more at `index`.
    private mutating func digits() throws(Problem) {
        guard index < bytes.count, ASCII.digits.contains(bytes[index]) else { throw .notJSON(offset: index) }
        skipDigits()
    }

    private mutating func skipDigits() {
        while index < bytes.count, ASCII.digits.contains(bytes[index]) { index += 1 }
    }

    /// Reads `true`, `false` or `null` at `index`; anything else there is no JSON value — at the
    /// text's end when the text stops inside one of them (`{"passed":tru` is cut short, as a
    /// string or number that stops there is).
    mutating func literal() throws(Problem) {
        let rest = bytes[index...]
        for word in ["true", "false", "null"] {
            if rest.starts(with: word.utf8) {
                index += word.utf8.count
                return
            }
            if word.utf8.starts(with: rest) { throw .notJSON(offset: bytes.count) }
        }
        throw .notJSON(offset: index)
    }
}
