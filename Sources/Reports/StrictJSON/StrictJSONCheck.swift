import Foundation

/// A strict reading of a JSON text, made before `JSONDecoder` reads a `report.json` for its
/// verdicts, so that a file two readers could read differently is not read at all.
///
/// Foundation's decoder (Swift 6.3.1) reads the fields asked of it and is lenient about the rest,
/// measured:
/// - a key given twice, `{"passed": true, "passed": false}`, reads as passed — the first wins,
///   where Python's `json` takes the last: the page and a script disagree about the verdict
///   (RFC 8259 §4: names SHOULD be unique, and then "the behavior … is unpredictable");
/// - a string it skips is never checked: invalid UTF-8 in it, a raw line feed, an unknown escape
///   `\q`, an unpaired surrogate escape `\ud800` all read as valid;
/// - a trailing comma (`{"passed": true,}`) and malformed numbers (`01`, `1.`, `-`, `1e`) in
///   fields it skips read as valid, as do a byte order mark and UTF-16 or UTF-32 text.
///
/// This check accepts exactly RFC 8259's grammar over UTF-8 text, every object's keys unique
/// (compared after their escapes are decoded, so `"a"` and `"\u0061"` are one key) and no more
/// than ``depthLimit`` arrays and objects deep. It builds no values — it keeps only the keys of
/// the objects open at the moment — and it recurses nowhere (an explicit stack, capped), so no
/// text can exhaust the stack; the decoder still reads the fields.
///
/// - Complexity: O(*n*) in the text's length; memory O(keys of the open objects).
struct StrictJSONCheck {
    /// The deepest nesting of arrays and objects read: 512, the depth Foundation's decoder reads
    /// too. Orrery's reports nest eight deep at most; 100,000 `[` are refused at the 513th.
    static let depthLimit = 512

    /// The first problem of `json`, or nil when it is strict JSON: a byte order mark first, then
    /// invalid UTF-8 anywhere, then the first problem of its grammar, keys or nesting.
    static func problem(in json: Data) -> Problem? {
        json.withUnsafeBytes { raw -> Problem? in
            var check = StrictJSONCheck(bytes: raw.assumingMemoryBound(to: UInt8.self))
            do throws(Problem) { try check.scan() } catch { return error }
            return nil
        }
    }

    /// What the check expects next, outside strings and whitespace.
    private enum Expecting: Equatable {
        /// A value: the whole text, after `:` or after `,` in an array.
        case value
        /// A value or `]`, right after `[`.
        case valueOrClose
        /// A key, after `,` in an object.
        case key
        /// A key or `}`, right after `{`.
        case keyOrClose
        /// The `:` after a key.
        case colon
        /// `,` or the end of the container, after a value inside one.
        case commaOrClose
        /// Nothing but whitespace, after the text's one value.
        case end
    }

    let bytes: UnsafeBufferPointer<UInt8>
    /// The offset of the byte being read.
    var index = 0
    /// The opening byte, `{` or `[`, of every container open, innermost last.
    private var openers: [UInt8] = []
    /// The keys of every object open.
    private var keys = OpenKeys()
    /// The key being read, decoded to UTF-8 (one buffer for all of them).
    var key: [UInt8] = []

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Reads the whole text, throwing its first problem.
    private mutating func scan() throws(Problem) {
        // RFC 8259 §8.1: a JSON text MUST NOT begin with one; a parser MAY ignore it, so readers
        // differ (Python's `json.loads` refuses it): it is refused.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { throw .byteOrderMark }
        if let offset = Self.firstInvalidUTF8(in: bytes) { throw .notUTF8(offset: offset) }
        var expecting = Expecting.value
        while true {
            while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
            guard index < bytes.count else { break }
            let byte = bytes[index]
            switch expecting {
            case .value, .valueOrClose:
                if expecting == .valueOrClose, byte == ASCII.closeBracket {
                    try close()
                    expecting = afterValue
                } else {
                    expecting = try value(startingWith: byte)
                }
            case .key, .keyOrClose:
                if expecting == .keyOrClose, byte == ASCII.closeBrace {
                    try close()
                    expecting = afterValue
                } else {
                    try readKey()
                    expecting = .colon
                }
            case .colon:
                guard byte == ASCII.colon else { throw .notJSON(offset: index) }
                index += 1
                expecting = .value
            case .commaOrClose:
                if byte == ASCII.comma {
                    index += 1
                    expecting = openers.last == ASCII.openBrace ? .key : .value
                } else {
                    try close()
                    expecting = afterValue
                }
            case .end:
                throw .notJSON(offset: index)
            }
        }
        guard expecting == .end else { throw .notJSON(offset: bytes.count) }
    }

    /// What follows a complete value: the end of the text, or more of its container.
    private var afterValue: Expecting { openers.isEmpty ? .end : .commaOrClose }

    /// Reads the value starting with `byte` at `index`; returns what is expected after it.
    private mutating func value(startingWith byte: UInt8) throws(Problem) -> Expecting {
        switch byte {
        case ASCII.openBrace:
            try open()
            keys.open()
            return .keyOrClose
        case ASCII.openBracket:
            try open()
            return .valueOrClose
        case ASCII.quote:
            try string(decoding: false)
        case ASCII.minus, ASCII.digits:
            try number()
        default:
            try literal()
        }
        return afterValue
    }

    /// Reads the key at `index` and adds it to its object's, throwing when the object has it
    /// already.
    private mutating func readKey() throws(Problem) {
        guard bytes[index] == ASCII.quote else { throw .notJSON(offset: index) }
        let start = index
        try string(decoding: true)
        guard keys.insert(key) else {
            throw .duplicateKey(String(decoding: key, as: UTF8.self), offset: start)
        }
    }

    /// Opens the container whose `{` or `[` is at `index`, unless that is one too deep.
    private mutating func open() throws(Problem) {
        guard openers.count < Self.depthLimit else { throw .tooDeep(offset: index) }
        openers.append(bytes[index])
        index += 1
    }

    /// Closes the innermost container with the `}` or `]` at `index`, which must be its own.
    private mutating func close() throws(Problem) {
        let closer = bytes[index]
        switch (openers.last, closer) {
        case (ASCII.openBrace, ASCII.closeBrace): keys.close()
        case (ASCII.openBracket, ASCII.closeBracket): break
        default: throw .notJSON(offset: index)
        }
        openers.removeLast()
        index += 1
    }

    /// JSON's four whitespace bytes; a form feed or a no-break space is not one.
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}

extension StrictJSONCheck {
    /// The ASCII bytes the check reads by name.
    enum ASCII {
        static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\"), slash = UInt8(ascii: "/")
        static let openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}")
        static let openBracket = UInt8(ascii: "["), closeBracket = UInt8(ascii: "]")
        static let colon = UInt8(ascii: ":"), comma = UInt8(ascii: ","), minus = UInt8(ascii: "-"), plus = UInt8(ascii: "+")
        static let dot = UInt8(ascii: "."), zero = UInt8(ascii: "0"), digits = UInt8(ascii: "0")...UInt8(ascii: "9")
    }
}
