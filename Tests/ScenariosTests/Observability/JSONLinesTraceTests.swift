import Foundation
import Testing
@testable import Scenarios
import Simulator

/// A JSON-lines trace held every event until the run was over, without a limit (a
/// 4,000,000-request world held 2.9 GB): it now stops at `--trace-max-events`, as a Perfetto
/// trace does, and its last line says where and how much it left out.
struct JSONLinesTraceTests {
    /// The lines of `ObservabilityFixture`'s world traced with at most `limit` events.
    static func lines(limit: Int) throws -> [String] {
        let scenario = try ScenarioLoader.parse(ObservabilityFixture.yaml, file: "observed.yaml")
        let trace = JSONLinesTrace(eventLimit: limit)
        _ = ScenarioRunner.run(scenario, traceSink: { trace.append($0) })
        return trace.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func theEventLimitCutsTheTraceAndItsLastLineSaysWhere() throws {
        let whole = try Self.lines(limit: .max)
        #expect(whole.last == "")
        let events = whole.count - 1
        #expect(events > 2_000)
        let cut = try Self.lines(limit: 1_000)
        #expect(cut.count == 1_002)
        #expect(Array(cut.prefix(1_000)) == Array(whole.prefix(1_000)))
        let first = try #require(JSONSerialization.jsonObject(with: Data(whole[1_000].utf8)) as? [String: Any])
        #expect(cut[1_000] == "{\"t\":\(first["t"] as! Int),\"kind\":\"trace_cut_off\",\"event_limit\":1000,\"omitted_events\":\(events - 1_000)}")
        #expect(cut[1_001] == "")
    }

    /// A run within the limit has every event and no note.
    @Test func aTraceWithinTheLimitHasNoNote() throws {
        let whole = try Self.lines(limit: .max)
        #expect(try Self.lines(limit: whole.count - 1) == whole)
        #expect(!whole.contains { $0.contains("trace_cut_off") })
    }

    @Test func theDocumentedRangeFitsInAboutTwoGigabytes() {
        #expect(ObservationOptions.traceEventLimits == 1_000...4_000_000)
        #expect(ObservationOptions.defaultTraceEventLimit == 1_000_000)
        #expect(JSONLinesTrace().eventLimit == 1_000_000)
    }
}
