import Reports

extension ScenarioError {
    /// The error of a file loaded with `overrides` (`--set`, a sweep variant's `--vary`), saying
    /// that they are involved: the one that set the value the error is about
    /// (``mentioning(_:option:)``), or else — an error at a line the overrides did not touch —
    /// all of them, when the file as written (`asWritten` loads it) does not have this error.
    /// `--vary servers.0.count=3,1` left `crash: s2` naming no node and was blamed on that line
    /// alone, the variant unnamed; `--set run.max_events=1` was blamed on `workload.rate`.
    ///
    /// The file as written is loaded again only on this error path; an error it has itself is
    /// returned unchanged, as the overrides did not cause it.
    func attributed(to overrides: [ScenarioOverride], option: String, asWritten: () throws(ScenarioError) -> Void) -> ScenarioError {
        let noted = mentioning(overrides, option: option)
        guard noted == self, !overrides.isEmpty else { return noted }
        do { try asWritten() } catch where error == self { return self } catch {}
        let named = overrides.map { $0.description.excerpt }
        let list = named.count == 1 ? named[0] : named.dropLast().joined(separator: ", ") + " and " + named[named.count - 1]
        var attributed = self
        attributed.kind = .invalidValue("\(message) (not in the file as written: it comes with \(option) \(list))")
        return attributed
    }
}
