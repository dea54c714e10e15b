/// Escaping for text placed in an HTML page.
public enum HTMLText {
    /// `text` made safe as element content and as a quoted attribute value: `&`, `<`, `>`, `"`
    /// and `'` become character references; a control character the HTML parser calls an error
    /// (NUL, the other C0 controls but tab, line feed, form feed and carriage return, DEL and the
    /// C1 controls) becomes U+FFFD, as a browser shows a NUL; everything else is kept as it is.
    ///
    /// One function for both places keeps callers from picking the wrong one; escaping quotes in
    /// element content costs nothing and changes nothing a reader sees.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            case _ where Self.isForbiddenControl(character): escaped.unicodeScalars.append("\u{FFFD}")
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }

    /// Whether the HTML standard's parser reports `scalar` as a control character in the input
    /// stream (NUL among them): every control but ASCII whitespace.
    private static func isForbiddenControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0C, 0x0D: false
        case 0x00...0x1F, 0x7F...0x9F: true
        default: false
        }
    }
}
