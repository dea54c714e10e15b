extension String {
    /// The text on one line of Markdown: every line break a space, so that text from a user (a
    /// `--vary` value, a description) stays in its heading or paragraph instead of starting
    /// blocks of its own (`a\n\n## injected` made a heading).
    public var markdownLine: String {
        String(map { $0.isNewline ? " " : $0 })
    }
}
