extension String {
    /// The text on one line of Markdown: every line break a space, so that text from a user (a
    /// `--vary` value, a description) stays in its heading or paragraph instead of starting
    /// blocks of its own (`a\n\n## injected` made a heading).
    public var markdownLine: String {
        String(map { $0.isNewline ? " " : $0 })
    }
}

extension String {
    /// The text as one Markdown code span that shows it whole: fenced by one backtick more than
    /// its longest run of them, with a space inside each fence when it begins or ends with one
    /// (CommonMark strips one from each end), on one line. A replay line with a `--set` value
    /// holding a backtick (`'servers.0.name=x`y`z'`) ended its single-backtick span early.
    public var markdownCode: String {
        let line = markdownLine
        var longest = 0, run = 0
        for character in line {
            run = character == "`" ? run + 1 : 0
            longest = Swift.max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let padded = line.hasPrefix("`") || line.hasSuffix("`") || (line.hasPrefix(" ") && line.hasSuffix(" ") && line.contains { $0 != " " })
        return padded ? "\(fence) \(line) \(fence)" : "\(fence)\(line)\(fence)"
    }
}
