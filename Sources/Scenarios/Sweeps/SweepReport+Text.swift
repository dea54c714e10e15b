extension String {
    /// Text from the user or from a shard — a file name, a description, a `--vary` label, an
    /// expectation, a metric's name, a world's problem — as a sweep's `report.md` and CSV files
    /// show it: as it is, unless it holds a control character (C0, line feeds and tabs included,
    /// DEL or C1), and then as the shell word ``ShellQuoting/quote(_:)`` makes of it, as a replay
    /// command shows a path on the terminal: `$'evil\x1B[31m\nFAKE.yaml'`. No escape sequence, NUL or line break of a file name, a
    /// scenario's `description` or a tampered shard's record reaches a report raw, and a report
    /// of ordinary names is byte for byte what it was.
    var reportText: String {
        unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) ? ShellQuoting.quote(self) : self
    }
}
