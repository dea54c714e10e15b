import Foundation
import Testing
@testable import Scenarios
import Reports

/// A group's lag on a partition it does not read (checker Z, session 79, F15): a consumer of
/// T1:P1 and T1:P2 read "max lag 100" on T1:P3, every record of it "not yet handed over". The
/// report writes "—" there, the CSV an empty cell, and report.json leaves the group out.
struct QueueUnreadPartitionLagTests {
    static func bundle() throws -> ReportBundle {
        let yaml = try QueueEdgeTests.file({
            $0.replacingOccurrences(of: "messages: 2000", with: "messages: 100")
                .replacingOccurrences(of: "from: [\"T1:P1\", \"T1:P2\", \"T2:*\"]", with: "from: [\"T1:P1\", \"T2:*\"]")
        }, more: "")
        return try parseExperiment(yaml, file: "cases/queue.yaml").run(jobs: 1)
    }

    static func text(_ bundle: ReportBundle, _ path: String) throws -> String {
        String(decoding: try #require(bundle.files.first { $0.path == path }).contents, as: UTF8.self)
    }

    /// The cells of `partition`'s row in the report's first table that has one.
    static func cells(_ report: String, _ partition: String) throws -> [String] {
        let line = try #require(report.split(separator: "\n").first { $0.hasPrefix("| \(partition) ") && $0.contains("|") })
        return line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test func aPartitionTheGroupDoesNotReadHasNoLag() throws {
        let bundle = try Self.bundle()
        let report = try Self.text(bundle, "queue/report.md")
        let section = try #require(report.components(separatedBy: "## Without faults").dropFirst().first)
        // partition, records, 2 producers, then read by / max lag for consumer-1 and consumer-2.
        let unread = try Self.cells(section, "T1:P2"), read = try Self.cells(section, "T1:P1")
        #expect(unread.count == 8 && unread[6] == "0" && unread[7] == "—")
        #expect(read[7] != "—" && read[5] != "—")
        #expect(section.contains("Max lag is the most records acknowledged to a producer but not yet handed to the group at any instant; a dash marks a partition the group does not read. "))
        let csv = try Self.text(bundle, "queue/partitions.csv").split(separator: "\n")
        let row = try #require(csv.first { $0.hasPrefix("no faults,T1:P2,") }).split(separator: ",", omittingEmptySubsequences: false)
        #expect(row[row.count - 3] == "0" && row[row.count - 2] == "")
        let json = try Self.text(bundle, "queue/report.json")
        #expect(json.contains("\"maximumLagByGroup\" : {\n            \"consumer-1\" : "))
    }

    /// The shipped file's consumers read every partition: no dash and no word of one.
    @Test func everyPartitionReadKeepsEveryLag() throws {
        let yaml = try QueueEdgeTests.file({ $0.replacingOccurrences(of: "messages: 2000", with: "messages: 100") }, more: "")
        let report = try Self.text(try parseExperiment(yaml, file: "cases/queue.yaml").run(jobs: 1), "queue/report.md")
        #expect(report.contains("Max lag is the most records acknowledged to a producer but not yet handed to the group at any instant. "))
        #expect(!report.contains("a dash marks"))
    }
}
