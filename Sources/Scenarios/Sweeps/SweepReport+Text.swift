import Reports

extension String {
    /// Text from the user or from a shard — a file name, a description, a `--vary` label, an
    /// expectation, a metric's name, a world's problem — as a sweep's `report.md` and CSV files
    /// show it: as it is, unless it holds a scalar hidden when shown
    /// (``Unicode/Scalar/isHiddenWhenShown``, the rule of every message and of the terminal: a
    /// control character, line feeds and tabs included, a right-to-left override, a zero-width
    /// space, U+2028), and then as the shell word ``ShellQuoting/quote(_:)`` makes of it, as a
    /// replay command shows a path on the terminal: `$'evil\x1B[31m\nFAKE.yaml'`. No escape
    /// sequence, NUL, line break or override of a file name, a scenario's `description` or a
    /// tampered shard's record reaches a report raw, and a report of ordinary names is byte for
    /// byte what it was.
    var reportText: String {
        unicodeScalars.contains(where: \.isHiddenWhenShown) ? ShellQuoting.quote(self) : self
    }
}
