/// Escaping for text placed in an HTML page.
public enum HTMLText {
    /// `text` made safe as element content and as a quoted attribute value: `&`, `<`, `>`, `"`
    /// and `'` become character references, everything else is kept as it is.
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
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }
}
