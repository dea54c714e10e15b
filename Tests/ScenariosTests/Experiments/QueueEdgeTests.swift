import Foundation
import Testing
@testable import Scenarios

/// The queue experiment's report at its edges (checker C2, session s73): an analysis where no
/// add moved more than its ideal still named the "most movement beyond the ideal" (0 replicas
/// against 0.5) beside a "–" no other table uses; a too-short run's refusal named `run.duration`
/// (the experiment's key is `duration`) and printed "0.000s"; and "leader crash, 1 copy"
/// acknowledged 3,992 of 4,000 with no word of the other 8.
struct QueueEdgeTests {
    /// `scenarios/queue.yaml` up to its consumers (the queue alone), with `edit` applied, then `more`.
    static func file(_ edit: (String) -> String = { $0 }, more: String) throws -> String {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("scenarios/queue.yaml"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let end = try #require(lines.firstIndex { $0.hasPrefix("runs:") })
        return edit(lines[..<end].joined(separator: "\n")) + "\n" + more
    }

    static func report(_ yaml: String) throws -> String {
        let bundle = try parseExperiment(yaml, file: "cases/queue.yaml").run(jobs: 1)
        let file = try #require(bundle.files.first { $0.path == "queue/report.md" })
        return String(decoding: file.contents, as: UTF8.self)
    }

    /// One broker, one partition, one copy: nothing moves on the add (ideal 0.5), and removing the
    /// only broker is not analysed ("—", as every other table writes no value).
    @Test func anAnalysisWhereNothingMovesBeyondItsIdealSaysSo() throws {
        let yaml = try Self.file({ $0.replacingOccurrences(of: "  brokers: 3", with: "  brokers: 1").replacingOccurrences(of: "  replication: 2", with: "  replication: 1") },
                                 more: "placement_analysis:\n  brokers: [1]\n  partitions: 1\n  replication: 1\n  algorithms:\n    - {name: ring, placement: {ring: {virtual_nodes: 160}}}\n")
        let report = try Self.report(yaml)
        #expect(report.contains("| ring      |       1 |              1 … 1 |       1.00 |          0.0 |              0 (0.5) |                       — |                      0 |"))
        #expect(report.contains("\n\nNo add moved more replicas than its ideal, rounded to a whole replica. Evenest split: ring with 1 broker (max / mean 1.00). "))
        #expect(!report.contains("Most movement beyond the ideal") && !report.contains("–"))
    }

    /// The shipped experiment's "Most movement beyond the ideal" sentence counts with its noun.
    @Test func theWorstAddCountsItsReplicas() throws {
        let yaml = try Self.file(more: "placement_analysis:\n  brokers: [3]\n  partitions: 240\n  replication: 2\n  algorithms:\n    - {name: Maglev, placement: {maglev: {table_size: 65537}}}\n")
        #expect(try Self.report(yaml).contains("Most movement beyond the ideal on an add: Maglev with 3 brokers (136 replicas against 120.0). "))
    }

    /// 2,000 messages at 200/s need 9.995 s; the run lasts 1 s. The refusal names the file's key.
    @Test func aRunTooShortForItsProducersNamesTheExperimentsKey() throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("scenarios/queue.yaml"), encoding: .utf8)
            .replacingOccurrences(of: "\nduration: 30s\n", with: "\nduration: 1s\n")
        #expect(throws: ScenarioError.self) { try parseExperiment(text, file: "queue.yaml") }
        do {
            _ = try parseExperiment(text, file: "queue.yaml")
        } catch {
            #expect("\(error)" == "queue.yaml:26:70: error: 2,000 messages at 200/s from 0.000 s end at 9.995 s, after the run's 1.000 s (duration); raise the rate or the duration (at queue.producers.[0].rate)")
        }
    }

    /// "leader crash, 1 copy": the 8 messages never acknowledged ran out of their 3 attempts
    /// (none reached a log, none was still in flight at 30 s).
    @Test func messagesNeverAcknowledgedAreAccountedFor() throws {
        let yaml = try Self.file(more: "runs:\n  - name: leader crash, 1 copy\n    replication: 1\n    faults:\n      - {at: 3s, crash: broker-1}\n      - {at: 12s, restart: broker-1, boot_time: 2s}\n")
        let report = try Self.report(yaml)
        #expect(report.contains("| leader crash, 1 copy | all  |      1 |        3,992 |"))
        #expect(report.contains("### leader crash, 1 copy\n\nFaults: 3.000 s: crash broker-1; 12.000 s: restart broker-1 (boot 2.000 s).\n\n8 of the 4,000 messages sent were never acknowledged: their producers gave up on 8 after 3 attempts each.\n\n"))
        // The run without faults acknowledged every message and says nothing more.
        #expect(report.contains("4,000 messages sent, 4,000 acknowledged. Every group's"))
    }
}
