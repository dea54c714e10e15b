import Foundation
import Testing
import Simulator
@testable import Scenarios

/// A fault written with `for:` is listed once, with its length, as `pause` and `hang` are: the
/// loader schedules its undo (`slow … ×1`, `drop rate 0.0`, …) as a second entry, which the
/// report folds back into the fault instead of listing it as another fault. The schedule the
/// network applies keeps both entries.
struct FaultLengthListingTests {
    /// The audit's ten faults, each kind once, every lasting one for 1 s.
    static let faults = """
        faults: [{at: 1s, crash: s1}, {at: 2s, restart: s1, boot_time: 1s}, {at: 3s, pause: s2, for: 1s}, {at: 4s, slow: s3, factor: 2, for: 1s}, \
        {at: 5s, partition: [[s1]]}, {at: 6s, heal: true}, {at: 7s, drop_rate: 0.1, for: 1s}, {at: 8s, latency_spike: 5ms, for: 1s}, \
        {at: 9s, hang: s2, for: 1s}, {at: 10s, errors: s3, rate: 0.5, for: 1s}]
        """

    static let traffic = """
        run: {duration: 30s}
        servers: [{name: s, count: 3}]
        balancer: {strategy: round_robin}
        workload: {type: closed_loop, users: 2}
        """

    /// Each written fault once, in the order written, the four undone ones with their `for:` and
    /// the partition with the heal written after it.
    static let listed = [
        "1.000 s: crash s1",
        "2.000 s: restart s1 (boot 1.000 s)",
        "3.000 s: pause s2 for 1.000 s",
        "4.000 s: slow s3 ×2 for 1.000 s",
        "5.000 s: partition [s1] for 1.000 s",
        "7.000 s: drop rate 0.1 for 1.000 s",
        "8.000 s: latency spike +0.005 s for 1.000 s",
        "9.000 s: hang s2 for 1.000 s",
        "10.000 s: errors s3 rate 0.5 for 1.000 s",
    ]

    static func run(_ yaml: String) throws -> RunResult {
        ScenarioRunner.run(try ScenarioLoader.parse(yaml, file: "faults.yaml"))
    }

    /// The `- ` lines under report.md's faults heading (`## Faults` alone, `# Faults` composed).
    static func markdownFaults(_ markdown: String, heading: String) -> [String] {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let at = lines.firstIndex(of: heading) else { return [] }
        return lines[(at + 2)...].prefix { $0.hasPrefix("- ") }.map { String($0.dropFirst(2)) }
    }

    static func jsonFaults(_ json: String) throws -> [String] {
        let document = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return try #require(document?["faults"] as? [String])
    }

    @Test func aBalancerOnlyWorldListsEachFaultOnce() throws {
        let result = try Self.run(Self.traffic + "\n" + Self.faults)
        let traffic = try #require(result.traffic)
        #expect(traffic.faults == Self.listed)
        #expect(Self.markdownFaults(traffic.markdown(), heading: "## Faults") == Self.listed)
        #expect(try Self.jsonFaults(traffic.json()) == Self.listed)
        // The report.md the run writes is that one.
        let report = try #require(result.bundle(formats: [.md]).files.first { $0.path == "\(result.scenario)/report.md" })
        #expect(Self.markdownFaults(String(decoding: report.contents, as: UTF8.self), heading: "## Faults") == Self.listed)
    }

    @Test func aComposedWorldListsEachFaultOnce() throws {
        let world = Self.traffic + """

            mapreduce: {cluster: {workers: 2}, jobs: [{id: j, name: word-count, reducers: 1, input: {synthetic: {lines: 10, seed: 1}}}]}

            """ + Self.faults
        let result = try Self.run(world)
        #expect(result.subsystems.count == 2)
        #expect(result.faults == Self.listed)
        #expect(Self.markdownFaults(result.markdown(), heading: "# Faults") == Self.listed)
        #expect(try Self.jsonFaults(result.json()) == Self.listed)
    }

    /// The network still applies the undo: the schedule keeps both entries of each `for:`.
    @Test func theScheduleKeepsTheUndoEntries() throws {
        let scenario = try ScenarioLoader.parse(Self.traffic + "\n" + Self.faults, file: "faults.yaml")
        let entries = scenario.faults.timeline(seed: 1, horizon: .after(.seconds(60)))
        #expect(entries.count == 14)
        #expect(entries.map(\.fault).contains(.slow(NodeID("s3"), factor: 1)))
        #expect(entries.map(\.fault).contains(.errors(NodeID("s3"), rate: 0)))
    }

    /// A fault whose `for:` outlasts the run: it struck, so it is listed with the length written,
    /// as a pause would be, not marked as not reached.
    @Test func aFaultOutlastingTheRunKeepsTheLengthWritten() throws {
        let result = try Self.run(Self.traffic + "\nfaults: [{at: 4s, slow: s3, factor: 2, for: 50s}]\n")
        #expect(result.virtualSeconds < 54)
        #expect(result.traffic?.faults == ["4.000 s: slow s3 ×2 for 50.000 s"])
    }

    /// Two faults of one target that overlap: the schedule no longer says which `for:` wrote
    /// which undo, so the four entries stay as the network applies them rather than be given
    /// lengths nobody wrote. Another target's fault in between pairs as usual.
    @Test func overlappingFaultsOfOneTargetAreListedAsApplied() {
        let s3 = NodeID("s3"), s2 = NodeID("s2")
        func at(_ seconds: Int64) -> VirtualInstant { .after(.seconds(seconds)) }
        let entries: [FaultSchedule.Entry] = [
            .init(at: at(4), fault: .slow(s3, factor: 2)), .init(at: at(5), fault: .slow(s3, factor: 3)),
            .init(at: at(5), fault: .slow(s2, factor: 4)), .init(at: at(6), fault: .slow(s3, factor: 1)),
            .init(at: at(7), fault: .slow(s2, factor: 1)), .init(at: at(10), fault: .slow(s3, factor: 1)),
        ]
        #expect(FaultSchedule.reportLines(entries.map(FaultSchedule.Listed.init), end: at(20)) == [
            "4.000 s: slow s3 ×2", "5.000 s: slow s3 ×3", "5.000 s: slow s2 ×4 for 2.000 s",
            "6.000 s: slow s3 ×1", "10.000 s: slow s3 ×1",
        ])
    }

    /// An undo written by hand with no fault before it (`factor: 1`) is a fault of its own; one
    /// after a fault written without `for:` ends it, as a `for:` would have.
    @Test func aHandWrittenUndoPairsOnlyWithAFaultBeforeIt() {
        func at(_ seconds: Int64) -> VirtualInstant { .after(.seconds(seconds)) }
        let entries: [FaultSchedule.Entry] = [
            .init(at: at(1), fault: .dropRate(0)), .init(at: at(2), fault: .latencySpike(extra: .milliseconds(20))),
            .init(at: at(5), fault: .latencySpike(extra: .zero)), .init(at: at(30), fault: .errors(NodeID("s1"), rate: 0.25)),
            .init(at: at(31), fault: .errors(NodeID("s1"), rate: 0)),
        ]
        #expect(FaultSchedule.reportLines(entries.map(FaultSchedule.Listed.init), end: at(20)) == [
            "1.000 s: drop rate 0", "2.000 s: latency spike +0.020 s for 3.000 s",
            "30.000 s: errors s1 rate 0.25 for 1.000 s (not reached: the run ended at 20.000 s)",
        ])
    }

    /// A partition written with `for:` is listed once with its length, as a `slow` is. Partitions
    /// do not nest — the second replaces the first, and a heal ends whichever is in force — so a
    /// heal ends the latest and the one it replaced is listed alone; a heal with no partition
    /// before it is an entry of its own.
    @Test func aPartitionIsListedWithItsLength() throws {
        let result = try Self.run(Self.traffic + "\nfaults: [{at: 2s, partition: [[s1], [s2]], for: 3s}]\n")
        #expect(result.traffic?.faults == ["2.000 s: partition [s1] | [s2] for 3.000 s"])
        func at(_ seconds: Int64) -> VirtualInstant { .after(.seconds(seconds)) }
        let s1 = NodeID("s1"), s2 = NodeID("s2")
        let entries: [FaultSchedule.Entry] = [
            .init(at: at(1), fault: .heal), .init(at: at(2), fault: .partition([[s1]])),
            .init(at: at(3), fault: .partition([[s1, s2]])), .init(at: at(7), fault: .heal), .init(at: at(8), fault: .heal),
        ]
        #expect(FaultSchedule.reportLines(entries.map(FaultSchedule.Listed.init), end: at(20)) == [
            "1.000 s: heal", "2.000 s: partition [s1]", "3.000 s: partition [s1, s2] for 4.000 s", "8.000 s: heal",
        ])
    }

    /// A MapReduce cluster's `slow` with `for:` pairs as the network's does.
    @Test func aClusterSlowdownIsListedOnce() {
        func at(_ seconds: Int64) -> VirtualInstant { .after(.seconds(seconds)) }
        let worker = NodeID("worker-4")
        let entries: [MapReduce.ClusterFault.Entry] = [
            .init(at: at(5), .loseIntermediateData(NodeID("worker-3"))), .init(at: at(8), .network(.slow(worker, factor: 6))),
            .init(at: at(28), .network(.slow(worker, factor: 1))),
        ]
        #expect(FaultSchedule.reportLines(entries.map(FaultSchedule.Listed.init), end: at(26)) == [
            "5.000 s: lose intermediate data on worker-3", "8.000 s: slow worker-4 ×6 for 20.000 s",
        ])
    }
    /// Chaos draws faults up to the time limit, an hour past most worlds' end: a 30 s world listed
    /// 1,260 faults that never struck. The first ten after the end are listed, the rest counted.
    @Test func faultsPastTheEndAreListedTenAndCounted() {
        func at(_ seconds: Int64) -> VirtualInstant { .after(.seconds(seconds)) }
        let s1 = NodeID("s1")
        let entries: [FaultSchedule.Entry] = [.init(at: at(5), fault: .crash(s1))]
            + (1...25).map { .init(at: at(30 + 10 * Int64($0)), fault: .pause(s1, duration: .seconds(1))) }
        let lines = FaultSchedule.reportLines(entries.map(FaultSchedule.Listed.init), end: at(30))
        #expect(lines.count == 12)
        #expect(lines[0] == "5.000 s: crash s1")
        #expect(lines[1] == "40.000 s: pause s1 for 1.000 s (not reached: the run ended at 30.000 s)")
        #expect(lines[10] == "130.000 s: pause s1 for 1.000 s (not reached: the run ended at 30.000 s)")
        #expect(lines[11] == "… and 15 more faults not reached, the last at 280.000 s (the run ended at 30.000 s)")
        // Ten or fewer are all listed.
        #expect(FaultSchedule.reportLines(Array(entries.prefix(11)).map(FaultSchedule.Listed.init), end: at(30)).count == 11)
    }
}
