import Reports

extension ShellQuoting {
    /// A command a report's Markdown keeps to be copied and run (``posixCommand(_:)``): a code
    /// span on the line, as every command of ordinary paths is; or, when a line break of a path
    /// stands inside its quotes, a fenced block of its own after the line. A code span cannot hold
    /// a line break — Markdown shows it as a space, and the next line could open a heading or a
    /// list — while a fence longer than any run of backticks inside keeps every line as it is.
    ///
    /// - Parameter remark: what the line says after the command (`(reads …)`), kept on the line.
    static func markdown(_ command: String, remark: String = "") -> String {
        guard command.contains(where: \.isNewline) else { return command.markdownCode + remark }
        var longest = 0, run = 0
        for character in command {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        return "in the block below\(remark):\n\n\(fence)sh\n\(command)\n\(fence)\n"
    }

    /// A path a report's line names beside a command (`(reads …)`), as the command's words quote
    /// it: as it is when no scalar of it is hidden when shown (``Unicode/Scalar/isHiddenWhenShown``);
    /// otherwise as ``quote(_:)``
    /// escapes it (`$'…/nl\nx/deploy.yaml'`), the one spelling of a line break that stays on
    /// the line — not a space in its place, which named a path that does not exist.
    static func markdownPath(_ path: String) -> String {
        path.unicodeScalars.contains(where: \.isHiddenWhenShown) ? quote(path).markdownCode : path.markdownCode
    }
}
