import Reports
import Foundation
import Simulator

/// The files `orrery ops` writes for one scenario: `results.jsonl` (one answer per line) and
/// `summary.md`.
enum OperationReport {
    /// The report files under `<name>/`.
    static func bundle(_ scenario: OperationScenario, outcomes: [OperationOutcome]) -> ReportBundle {
        var bundle = ReportBundle()
        bundle.add("\(scenario.name)/results.jsonl", jsonLines(outcomes))
        bundle.add("\(scenario.name)/summary.md", markdown(scenario, outcomes: outcomes))
        return bundle
    }

    /// One compact JSON object per answered step, keys sorted: `index`, `line` and `op`, then the
    /// answer's fields (`status`, `errorCode`, `versionId`, `eTag`, `keys`, …; absent when empty).
    static func jsonLines(_ outcomes: [OperationOutcome]) -> String {
        outcomes.map { JSONReport.line(LogLine(outcome: $0)) + "\n" }.joined()
    }

    static func markdown(_ scenario: OperationScenario, outcomes: [OperationOutcome]) -> String {
        let succeeded = outcomes.filter { (200..<300).contains($0.result.status) }.count
        var out = "# Operation scenario \(scenario.name.markdownCode)\n\n"
        out += "- seed: `\(scenario.seed)`\n"
        out += "- replay: \(ShellQuoting.markdown(ShellQuoting.posixCommand(["orrery", "ops", ShellQuoting.fileArgument(scenario.file)])))\n"
        out += "- operations answered: \(outcomes.count) (\(succeeded) with 2xx, \(outcomes.count - succeeded) with an error status)\n"
        out += "- every answer in full: `results.jsonl`\n\n"
        var table = MarkdownTable(columns: [.numeric("#"), .numeric("line"), .text("operation"), .numeric("status"),
                                            .text("error code"), .text("version id"), .text("ETag"), .text("keys")])
        for outcome in outcomes {
            let result = outcome.result
            // The keys are the user's text: a backtick in one is shown, not a code span.
            table.append(cells: [.markdown(String(outcome.index)), .markdown(String(outcome.line)), .text(outcome.name), .markdown(String(result.status)),
                                 .text(result.errorCode ?? ""), .markdown(result.versionId.map { "`\($0)`" } ?? ""),
                                 .markdown(result.eTag.map { "`\($0)`" } ?? ""), .text(keys(result))])
        }
        return out + table.rendered()
    }

    /// The most keys or prefixes one row of the summary names; `results.jsonl` has them all.
    static let listedInSummary = 10

    /// Listed keys, prefixes or versions, briefly: a table pads every row to its widest cell, so
    /// 10,000 uploads listed in one cell padded 10,000 rows to it (690 MB, 25 s).
    static func keys(_ result: ObjectStoreOperationResult) -> String {
        func brief(_ items: [String]) -> String {
            let named = items.prefix(listedInSummary).joined(separator: ", ")
            return items.count <= listedInSummary ? named : named + ", … (\(items.count) in all)"
        }
        var parts: [String] = []
        if let keys = result.keys { parts.append(keys.isEmpty ? "(none)" : brief(keys)) }
        if let prefixes = result.commonPrefixes, !prefixes.isEmpty { parts.append("prefixes: " + brief(prefixes)) }
        if result.isTruncated == true { parts.append("truncated") }
        if let versions = result.versions { parts.append(NumberFormat.counted(versions.count, "version")) }
        if let actions = result.lifecycleActions { parts.append(NumberFormat.counted(actions.count, "lifecycle action")) }
        return parts.joined(separator: "; ")
    }

    /// A log line: the step's position, then the result's own fields at the same level.
    private struct LogLine: Encodable {
        enum Keys: String, CodingKey { case index, line, op }
        let outcome: OperationOutcome

        func encode(to encoder: any Encoder) throws {
            try outcome.result.encode(to: encoder)
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(outcome.index, forKey: .index)
            try container.encode(outcome.line, forKey: .line)
            try container.encode(outcome.name, forKey: .op)
        }
    }
}
