import Foundation
import Testing
@testable import Scenarios

/// README's "Defaults" table lists exactly the defaults the schema states
/// (``ScenarioSchema/documentedDefaults``): each setting once, in the kinds of file it appears
/// in, with its value as the schema spells it or the rule it is derived by. A default the loader
/// gains, loses or changes is a row README must gain, lose or change.
struct ReadmeDefaultsTableTests {
    static let readme = (try? String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""

    /// The first three cells of a row: the setting, the kinds of file, the default.
    static func key(_ setting: String, _ files: String, _ value: String) -> String { "\(setting) | \(files) | \(value)" }

    /// A cell's text with `|` escaped, as a Markdown table needs it.
    static func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }

    /// The rows the schema's defaults make, in its order, as README writes them (the last
    /// column, what the setting is, from its description's first clause).
    static var expectedRows: [(key: String, row: String)] {
        ScenarioSchema.documentedDefaults.map { entry, files in
            let setting = "`\(entry.shapePath)`"
            let kinds = files.map { $0 == "job" ? "job file" : $0 }.joined(separator: ", ")
            let value = entry.value.isValue ? "`\(cell(entry.value.yaml))`" : cell(entry.value.yaml)
            // The description's first clause that says what the setting is, not its range or default.
            let clauses = (entry.property.summary ?? "").split(whereSeparator: { $0 == ";" || $0 == "." }).map { $0.trimmingCharacters(in: .whitespaces) }
            let meaning = clauses.first { clause in !["at least", "at most", "default"].contains { clause.lowercased().hasPrefix($0) } } ?? ""
            return (key(setting, kinds, value), "| \(setting) | \(kinds) | \(value) | \(cell(meaning)) |")
        }
    }

    /// README's rows of the table after `**Defaults.**`: their first three cells.
    static var readmeRows: [String] {
        guard let start = readme.range(of: "\n**Defaults.**") else { return [] }
        let lines = readme[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
        let table = lines.drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }
        return table.filter { $0.hasPrefix("| `") }.map { line in
            // Split on `|` not escaped.
            var cells: [String] = [], current = "", escaped = false
            for character in line.dropFirst(2) {
                if character == "|" && !escaped { cells.append(current.trimmingCharacters(in: .whitespaces)); current = "" } else { current.append(character) }
                escaped = character == "\\"
            }
            return cells.count >= 3 ? key(cells[0], cells[1], cells[2]) : String(line)
        }
    }

    @Test func readmesTableListsExactlyTheSchemasDefaults() {
        let expected = Self.expectedRows
        let rows = Self.readmeRows
        #expect(rows.count == expected.count, "README lists \(rows.count) defaults, the schema \(expected.count)")
        let missing = expected.filter { !rows.contains($0.key) }
        let extra = rows.filter { row in !expected.contains { $0.key == row } }
        #expect(missing.isEmpty, "rows README lacks:\n\(missing.map(\.row).joined(separator: "\n"))")
        #expect(extra.isEmpty, "rows README has that the schema does not state:\n\(extra.joined(separator: "\n"))")
    }

    @Test func theTableNamesTheDefaultsAnOutsideCheckFoundUnsaid() {
        for row in ["`servers[].queue` | world | `1000`", "`cluster.policy.backoff_cap` | world, job file, mapreduce | `30s`",
                    "`workload.timeout` | world | `1s`", "`balancer.retries.timeout` | world | no limit: leave it out",
                    "`queue.consumers[].group` | world, queue | its own name: it reads alone"] {
            #expect(Self.readmeRows.contains(row), "\(row)")
        }
    }

    @Test func theSizeRowNamesDecimalAndBinaryUnits() {
        #expect(Self.readme.contains("`KB`, `MB`, `GB` (powers of 1,000: 1 KB = 1,000 bytes)"))
        #expect(Self.readme.contains("`KiB`, `MiB`, `GiB` (powers of 1,024)"))
    }
}
