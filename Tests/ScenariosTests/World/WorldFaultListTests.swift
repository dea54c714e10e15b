import Foundation
import Testing
@testable import Scenarios

/// A world's faults are one list, whatever its sections: report.md's `# Faults` and report.json's
/// `faults` print the same lines, no section keeps a list of its own, a fault scheduled after the
/// run ended is marked not reached, and the timeline stops where the run did.
struct WorldFaultListTests {
    /// The `- ` lines of report.md's `# Faults` section.
    static func markdownFaults(_ result: RunResult) -> [String] {
        let lines = result.markdown().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let heading = lines.firstIndex(of: "# Faults") else { return [] }
        return lines[(heading + 2)...].prefix { $0.hasPrefix("- ") }.map { String($0.dropFirst(2)) }
    }

    /// The headings of report.md that title a list of faults, at any level.
    static func faultHeadings(_ result: RunResult) -> [String] {
        result.markdown().split(separator: "\n").map(String.init).filter { $0.hasPrefix("#") && $0.hasSuffix(" Faults") }
    }

    /// report.json's `faults`.
    static func jsonFaults(_ result: RunResult) throws -> [String] {
        let document = try JSONSerialization.jsonObject(with: Data(result.json().utf8)) as? [String: Any]
        return try #require(document?["faults"] as? [String])
    }

    /// A file's `timeline.csv`, one row per line.
    static func timelineCSV(_ result: RunResult) throws -> [String] {
        let file = try #require(result.bundle(formats: [.csv]).files.first { $0.path == "\(result.scenario)/timeline.csv" })
        return String(decoding: file.contents, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// `mapreduce-wordcount.yaml`: worker-2 crashes at 2 s and is restarted at 20 s, after the job
    /// is done and the run has ended at 15 s.
    @Test func aMapReduceFilesFaultsAreOneListAndTheLateRestartIsNotReached() throws {
        let result = ScenarioRunner.run(try WorldTearDownTests.scenario("mapreduce-wordcount.yaml"))
        #expect(result.virtualSeconds == 15)
        #expect(result.faults == ["2.000 s: crash worker-2",
                                  "20.000 s: restart worker-2 (boot 0.000 s) (not reached: the run ended at 15.000 s)"])
        #expect(try Self.jsonFaults(result) == result.faults)
        #expect(Self.markdownFaults(result) == result.faults)
        #expect(Self.faultHeadings(result) == ["# Faults"])
        let down = result.timeline.filter { $0.node == "worker-2" && $0.kind == "down" }
        #expect(down == [TimelineEvent(node: "worker-2", subsystem: .mapreduce, kind: "down", start: 2, end: 15, label: "down")])
        #expect(try Self.timelineCSV(result).filter { $0.hasPrefix("worker-2,mapreduce,down,") } == ["worker-2,mapreduce,down,2,15,down"])
    }

    /// `mapreduce-log-chaos.yaml`: chaos-drawn crashes, pauses and partitions beside its scheduled
    /// disk wipes, some drawn past the run's end.
    @Test func chaosDrawnClusterFaultsAreListedOnceAndTheLateOnesNotReached() throws {
        let result = ScenarioRunner.run(try WorldTearDownTests.scenario("mapreduce-log-chaos.yaml"))
        let end = String(format: "%.3f s", result.virtualSeconds)
        #expect(try Self.jsonFaults(result) == result.faults)
        #expect(Self.markdownFaults(result) == result.faults)
        #expect(Self.faultHeadings(result) == ["# Faults"])
        #expect(result.faults.filter { $0.contains("lose intermediate data on ") }.count == 5)
        // The five faults past the end are listed (ten would be, the rest counted in a last
        // line): the run ends at 49.000 s, no longer at 26.810 s, since backups rest 15 s after one
        // starts (Hadoop's `retry-after-speculate`) and reduce-1's backup no longer ends it early;
        // nor at 50.491 s, since the partition drawn at 13.789 s lasts its 7.314 s, no longer healed
        // at 19.897 s by the heal of the one it replaced (s82).
        let listed = result.faults.filter { !$0.hasPrefix("… and ") }
        let late = listed.filter { line in
            let at = Double(String(line.prefix { $0 != " " }).replacingOccurrences(of: ",", with: ""))!
            return at > result.virtualSeconds
        }
        #expect(late.count == 5)
        #expect(late.allSatisfy { $0.hasSuffix(" (not reached: the run ended at \(end))") })
        #expect(result.faults.filter { $0.contains("(not reached") } == late)
        #expect(listed.count == result.faults.count)
        #expect(result.timeline.allSatisfy { $0.start <= result.virtualSeconds && $0.end <= result.virtualSeconds })
    }

    /// A world of traffic and a cluster: the balancer's section lists no faults of its own, and a
    /// crash scheduled after the run's 20 s neither strikes nor draws an outage.
    @Test func aComposedWorldListsItsFaultsOnceUnderFaults() throws {
        let yaml = WorldCompositionTests.balancedCluster
            + "\nfaults:\n  - {at: 2s, crash: worker-1}\n  - {at: 12s, restart: worker-1}\n  - {at: 500s, crash: worker-2}\n"
        let result = try WorldCompositionTests.run(yaml)
        let end = String(format: "%.3f s", result.virtualSeconds)
        #expect(result.faults == ["2.000 s: crash worker-1", "12.000 s: restart worker-1 (boot 0.000 s)",
                                  "500.000 s: crash worker-2 (not reached: the run ended at \(end))"])
        #expect(try Self.jsonFaults(result) == result.faults)
        #expect(Self.markdownFaults(result) == result.faults)
        #expect(Self.faultHeadings(result) == ["# Faults"])
        #expect(result.timeline.filter { $0.kind == "down" }.map(\.node) == ["worker-1"])
    }
}
