import Reports

extension YAMLCursor {
    /// The most UTF-8 bytes a name holds: 255, the longest file name ext4, XFS, APFS and NTFS
    /// accept (POSIX `NAME_MAX`, the bound ``ReportBundle`` keeps for a path's component) and near
    /// Kafka's 249 for a topic and DNS's 253 for a hostname. A name is written into every report
    /// row, chart label, metric series and trace line that mentions it, so without a bound a
    /// 4 MB server name ran 56 s, held 2.28 GB and wrote about 1 GB.
    static let maximumNameBytes = 255

    /// Refuses in `text` (`what` says what it is: "a name", "a hostname") a scalar that showing
    /// would hide or act on — a control character (a NUL reached reports raw), a format
    /// character (U+202E reverses what follows it; U+200B and U+FEFF show nothing, so `web` and
    /// `web` + U+200B were two servers every report showed alike) or a line or paragraph
    /// separator (``Unicode/Scalar/isHiddenWhenShown``) — and text longer than
    /// ``maximumNameBytes``. Descriptions are free text and do not come here.
    func checkShownName(_ text: String, _ what: String) throws(ScenarioError) {
        if let scalar = text.unicodeScalars.first(where: \.isHiddenWhenShown) {
            if scalar.properties.generalCategory == .control {
                throw error(.invalidValue("\(what) must not contain control characters, got '\(text.excerpt)' (\(scalar.codePoint))"))
            }
            throw error(.invalidValue(
                "\(what) must not contain characters that show nothing or reorder the text (format characters such as U+200B and U+202E, line and paragraph separators), got '\(text.excerpt)' (\(scalar.codePoint))"))
        }
        let bytes = text.utf8.count
        guard bytes <= Self.maximumNameBytes else {
            throw error(.invalidValue("\(what) has at most \(NumberFormat.integer(Self.maximumNameBytes)) bytes (UTF-8), got \(NumberFormat.integer(bytes)) bytes"))
        }
    }
}
