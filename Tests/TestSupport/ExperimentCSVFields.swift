/// Test support shared by the test targets: reading back what Orrery writes.
/// Reading back what the experiments write: a CSV line's fields and a command's shell words.
public enum ExperimentCSVFields {
    /// One CSV line's fields: a field in double quotes may hold commas and doubled quotes.
    public static func fields(_ line: String) -> [String] {
        var fields: [String] = [], current = "", quoted = false, previous: Character?
        for character in line {
            if quoted {
                if character == "\"" { quoted = false } else { current.append(character) }
            } else if character == "\"" {
                if previous == "\"" { current.append("\"") }
                quoted = true
            } else if character == "," {
                fields.append(current)
                current = ""
            } else {
                current.append(character)
            }
            previous = character
        }
        fields.append(current)
        return fields
    }

    /// The words of a command as a POSIX shell reads bare words and single quotes (`'\''` for a
    /// quote); nil for anything else — a `$'…'` or a double quote, which a replay command must not use.
    public static func shellWords(_ command: String) -> [String]? {
        var words: [String] = [], current = "", inWord = false, quoted = false, escaped = false
        for character in command {
            if escaped {
                current.append(character)
                escaped = false
            } else if quoted {
                if character == "'" { quoted = false } else { current.append(character) }
            } else if character == "'" || character == "\\" {
                quoted = character == "'"
                escaped = character == "\\"
                inWord = true
            } else if character == " " {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else if character == "\"" || character == "$" {
                return nil
            } else {
                current.append(character)
                inWord = true
            }
        }
        guard !quoted, !escaped else { return nil }
        if inWord { words.append(current) }
        return words
    }
}
