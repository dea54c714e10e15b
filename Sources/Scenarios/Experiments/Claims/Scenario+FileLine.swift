import Reports

/// The line that names the file a comparison ran (the deploy, keepalive, zones, strategies and
/// claims reports). A file's `description:` is free text the runs do not read: a copy of
/// `deploy.yaml` cut to two servers and six users still said "ab -c 10 … to 3 single-worker
/// servers", and the report printed it as the scenario's own words about the run. It is quoted as
/// the file's; the reports' tables and headings give the run's figures.
extension Scenario {
    /// "Scenario `scenarios/deploy.yaml` (the file's description: “…”)." — without the
    /// parenthesis when the file has no description.
    var fileLine: String {
        "Scenario `\(file)`" + (summary.isEmpty ? "" : " (the file's description: “\(MarkdownTable.literal(summary))”)") + "."
    }
}
