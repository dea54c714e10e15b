extension StrictJSONCheck {
    /// Why a text is not strict JSON. Offsets count bytes from 0, as `xxd`, `od` and `dd skip=`
    /// do, and point at the first byte of what is wrong.
    enum Problem: Error, Equatable, CustomStringConvertible {
        /// The text begins with a UTF-8 byte order mark, `EF BB BF` (RFC 8259 §8.1: it MUST NOT).
        case byteOrderMark
        /// The sequence starting at `offset` is not well-formed UTF-8 (a UTF-16 text's `FF FE`
        /// included).
        case notUTF8(offset: Int)
        /// The text breaks JSON's grammar at `offset` (a trailing comma, `01`, a raw line feed in
        /// a string, `\q`, a NUL byte of UTF-16 text, the end of a text cut short).
        case notJSON(offset: Int)
        /// An object gives `key` (decoded) a second time, its opening quote at `offset`.
        case duplicateKey(String, offset: Int)
        /// A surrogate escape, written as in the text (`\uD800`), without its other half.
        case unpairedSurrogate(String, offset: Int)
        /// The `{` or `[` at `offset` opens a container deeper than ``StrictJSONCheck/depthLimit``.
        case tooDeep(offset: Int)

        /// One line, following "could not be read: ".
        var description: String {
            switch self {
            case .byteOrderMark:
                "it begins with a byte order mark, which JSON text must not"
            case let .notUTF8(offset):
                "it is not UTF-8 at byte offset \(offset)"
            case let .notJSON(offset):
                "it is not JSON at byte offset \(offset)"
            case let .duplicateKey(key, offset):
                "its key \(Self.quoted(key)) is repeated in one object at byte offset \(offset)"
            case let .unpairedSurrogate(escape, offset):
                "it has an unpaired surrogate escape \(escape) at byte offset \(offset)"
            case let .tooDeep(offset):
                "it nests arrays and objects more than \(StrictJSONCheck.depthLimit) deep at byte offset \(offset)"
            }
        }

        /// `key` in double quotes as JSON writes it — `"` and `\` escaped, any scalar hidden when
        /// shown (``Unicode/Scalar/isHiddenWhenShown``: C0, DEL, C1, a right-to-left override, a
        /// zero-width space, U+2028) as `\u001B` (UTF-16 halves beyond U+FFFF) — and cut to its
        /// first 40 characters with `…`, so that a note is one line of readable length whatever
        /// the key holds.
        ///
        /// Not `JSONText.quote`, which writes the JSON files: it lives in `Simulator`, which this
        /// module does not depend on, and it leaves DEL, C1 and overrides raw, as a file may.
        static func quoted(_ key: String) -> String {
            let limit = 40
            var text = "\""
            for scalar in key.unicodeScalars.prefix(limit) {
                switch scalar {
                case "\"": text += "\\\""
                case "\\": text += "\\\\"
                case "\n": text += "\\n"
                case "\t": text += "\\t"
                case "\r": text += "\\r"
                case _ where scalar.isHiddenWhenShown:
                    text += String(scalar).utf16.map { "\\u" + String($0, radix: 16, uppercase: true).leftPadded(to: 4) }.joined()
                default: text.unicodeScalars.append(scalar)
                }
            }
            return text + (key.unicodeScalars.count > limit ? "…\"" : "\"")
        }
    }
}
