import Foundation
import Simulator
import Testing
@testable import Scenarios

/// The Perfetto trace of a world of every subsystem: valid JSON, one process per subsystem, spans
/// that nest per track, exact counts of spans, instants and flows, and no effect on the run.
struct PerfettoTraceTests {
    static func spans(_ events: [[String: Any]], category: String) -> [[String: Any]] {
        events.filter { $0["ph"] as? String == "X" && $0["cat"] as? String == category }
    }

    @Test func observingARunChangesNothingInIt() throws {
        let observed = try ObservabilityFixture.run()
        let plain = ScenarioRunner.run(try ScenarioLoader.parse(ObservabilityFixture.yaml, file: "observed.yaml"))
        #expect(observed.result.digest == plain.digest)
        #expect(observed.result.bundle(formats: ReportFormat.allCases).files.map(\.contents) == plain.bundle(formats: ReportFormat.allCases).files.map(\.contents))
    }

    @Test func everySpanOfEveryTrackNestsOrFollowsTheOneBefore() throws {
        let events = try ObservabilityFixture.events(ObservabilityFixture.perfetto(try ObservabilityFixture.run()))
        let complete = events.filter { $0["ph"] as? String == "X" }
        let byTrack = Dictionary(grouping: complete) { "\($0["pid"]!)/\($0["tid"]!)" }
        #expect(byTrack.count > 10)
        for (track, spans) in byTrack {
            // Microseconds with three decimals: exact in nanoseconds.
            let intervals = spans.map { span -> (Int64, Int64) in
                let start = Int64((span["ts"] as! Double) * 1_000 + 0.5), length = Int64((span["dur"] as! Double) * 1_000 + 0.5)
                return (start, start + length)
            }.sorted { $0 < $1 }
            var open: [Int64] = []
            for (start, end) in intervals {
                while let last = open.last, last <= start { open.removeLast() }
                if let enclosing = open.last { #expect(end <= enclosing, "track \(track): a span overlaps the one before without nesting") }
                open.append(end)
            }
        }
    }

    @Test func theTraceCountsExactlyWhatTheRunReports() throws {
        let run = try ObservabilityFixture.run()
        let events = try ObservabilityFixture.events(ObservabilityFixture.perfetto(run))
        let traffic = try #require(run.result.traffic)
        // One process per subsystem that did something; the log shows as counters only.
        let processes = events.filter { $0["name"] as? String == "process_name" }.map { ($0["args"] as! [String: Any])["name"] as! String }
        #expect(processes == ["traffic", "mapreduce", "log", "store", "backup", "network"])
        #expect(Self.spans(events, category: "request").count == traffic.issued)
        #expect(traffic.issued == 832)
        #expect(Self.spans(events, category: "serve").count == traffic.servers.reduce(0) { $0 + $1.served + $1.errors })
        #expect(Self.spans(events, category: "serve").count == 784)
        // Every served request has its arrow from the client, ending on the server span.
        #expect(events.filter { $0["ph"] as? String == "s" }.count == 784)
        #expect(events.filter { $0["ph"] as? String == "f" }.count == 784)
        let report = try #require(run.result.jobs.first?.result.run.report)
        let attempts = Self.spans(events, category: "map attempt").count + Self.spans(events, category: "reduce attempt").count
        #expect(attempts == report.attempts.count)
        #expect(Self.spans(events, category: "map attempt").count == 4)
        #expect(Self.spans(events, category: "reduce attempt").count == 2)
        // Each of 2 reducers fetches each of 4 map outputs.
        #expect(Self.spans(events, category: "fetch").count == 8)
        #expect(Self.spans(events, category: "job").count == 1)
        #expect(Self.spans(events, category: "backup").count == 1)
        #expect(Self.spans(events, category: "restore").count == 1)
        // worker-2 serves traffic and runs tasks: its crash and restart show on both its tracks.
        let instants = events.filter { $0["ph"] as? String == "i" }.map { $0["name"] as! String }
        #expect(instants.filter { $0 == "crash" }.count == 2)
        #expect(instants.filter { $0 == "restart" }.count == 2)
        #expect(instants.contains("marked down (health check): worker-2"))
        #expect(instants.contains("marked up (health check): worker-2"))
        let crash = events.first { $0["name"] as? String == "crash" }
        #expect(crash?["ts"] as? Double == 4_000_000)
    }

    @Test func aWindowKeepsOnlyWhatOverlapsIt() throws {
        let window = VirtualInstant.after(.seconds(5))...VirtualInstant.after(.seconds(6))
        let run = try ObservabilityFixture.run(ObservationOptions(trace: .perfetto, traceWindow: window))
        let events = try ObservabilityFixture.events(ObservabilityFixture.perfetto(run))
        let complete = events.filter { $0["ph"] as? String == "X" }
        #expect(!complete.isEmpty)
        for span in complete {
            let start = span["ts"] as! Double, end = start + (span["dur"] as! Double)
            #expect(end >= 5_000_000 && start <= 6_000_000)
        }
        #expect(run.observer.timeline!.omitted > 0)
    }

    @Test func theEventLimitCutsTheTraceAndSaysWhere() throws {
        let run = try ObservabilityFixture.run(ObservationOptions(trace: .perfetto, traceEventLimit: 1_000))
        let text = ObservabilityFixture.perfetto(run)
        let events = try ObservabilityFixture.events(text)
        #expect(events.filter { $0["ph"] as? String != "M" }.count <= 1_000)
        let document = try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
        let other = document["otherData"] as! [String: Any]
        let cut = try #require(other["cut_off_at_us"] as? Double)
        #expect(events.allSatisfy { ($0["ts"] as? Double ?? 0) <= cut })
    }

    @Test func microsecondsAreExact() {
        #expect(PerfettoTrace.microseconds(nanoseconds: 4_000_000_000) == "4000000")
        #expect(PerfettoTrace.microseconds(nanoseconds: 1_234_567) == "1234.567")
        #expect(PerfettoTrace.microseconds(nanoseconds: 1_000_005) == "1000.005")
    }
}
