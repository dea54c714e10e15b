import Reports

/// The header of a report whose file carries a `description:`, which is free text the runs do
/// not read: a copy of `a1.yaml` cut to 1 request and 1 server still said "10,000 concurrent
/// requests … to 3 replicas", and the header printed it as the run's "setup:". Here it is quoted
/// as the file's words, shown as written (``MarkdownTable/literal(_:opensBlock:)``: a
/// description's `<b>`, `**b**` or `[link](http://x)` was live markup); the setup line, when
/// given, is written from the run's figures.
extension ExperimentReport {
    /// ``header(title:spec:digest:)`` with `setup` (from the figures) as the setup line, when
    /// given, and the file's description quoted beneath it as the file's, when it has one.
    static func headerQuotingDescription(title: String, spec: some ExperimentIdentity, digest: String, setup: String? = nil) -> String {
        var out = header(title: title, spec: FiguredIdentity(name: spec.name, summary: setup ?? "", file: spec.file, seed: spec.seed, replayArguments: spec.replayArguments), digest: digest)
        guard !spec.summary.isEmpty else { return out }
        out.removeLast()
        return out + "- the file's description: “\(MarkdownTable.literal(spec.summary))”\n\n"
    }

    /// An experiment as the header names it, its setup the figures' rather than the description.
    private struct FiguredIdentity: ExperimentIdentity {
        var name: String
        var summary: String
        var file: String
        var seed: UInt64
        var replayArguments: [String]
    }
}
