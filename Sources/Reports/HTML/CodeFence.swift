/// The opening line of a fenced code block: three or more backticks or tildes, then an optional
/// info string whose first word names the language.
struct CodeFence: Equatable, Sendable {
    /// `` ` `` or `~`.
    var character: Character
    /// How many fence characters open the block; the closing fence needs at least as many.
    var length: Int
    /// The spaces before the opening fence; as many are removed from each line of the body.
    var indent: Int
    /// The info string's first word, or "".
    var language: String

    /// The fence `line` opens, or nil if it opens none.
    init?(_ line: String) {
        guard let content = line.withoutIndent(upTo: 3), let first = content.first, first == "`" || first == "~" else {
            return nil
        }
        let length = content.prefix { $0 == first }.count
        guard length >= 3 else { return nil }
        let info = content.dropFirst(length)
        // A backtick fence's info string may not hold a backtick: "```a```" is a code span.
        if first == "`", info.contains("`") { return nil }
        self.character = first
        self.length = length
        self.indent = line.indent
        self.language = String(info.split(separator: " ").first ?? "")
    }

    /// Whether `line` closes this block: up to three spaces, at least `length` of the same
    /// character, then only spaces.
    func isClosed(by line: String) -> Bool {
        guard let content = line.withoutIndent(upTo: 3) else { return false }
        let run = content.prefix { $0 == character }.count
        return run >= length && content.dropFirst(run).allSatisfy { $0 == " " }
    }
}
