import Foundation
import Testing
import Simulator
@testable import Scenarios

/// Checker P's Perfetto findings: one fault drawn on several tracks counted several times by a
/// reader counting `cat:"fault"` (seed 000's coordinator crash 3×); network-wide instants on
/// pid 6 tid 0 with no `thread_name`; `--trace-max-events 1000` keeping 999 events.
struct PerfettoFaultCountTests {
    /// The fixture's worker-2 crashes at 4 s and restarts at 9 s; it has a track in the traffic
    /// process (its server) and in the MapReduce one.
    @Test func eachFaultIsCategorisedFaultOnceAndCopiesAreMarked() throws {
        let run = try ObservabilityFixture.run()
        let faults = try MapReduceObservabilityTests.instants(run).filter { ($0["cat"] as? String)?.hasPrefix("fault") == true }
            .map { "\($0["name"] as! String) \($0["cat"] as! String) pid \($0["pid"] as! Int)" }
        #expect(faults == ["crash fault pid 1", "crash fault copy pid 2", "restart fault pid 1", "restart fault copy pid 2"])
    }

    @Test func theNetworkWideTrackHasAName() throws {
        let yaml = """
            name: network-wide
            seed: 5
            run: {duration: 2s}
            servers: [{name: web, count: 1, service_time: 2ms}]
            workload: {type: open_loop, rate: 10, timeout: 500ms}
            faults: [{at: 1s, drop_rate: 0.1, for: 500ms}]
            """
        let events = try ObservabilityFixture.events(ObservabilityFixture.perfetto(try ObservabilityFixture.run(yaml: yaml)))
        let network = events.filter { $0["pid"] as? Int == 6 && $0["tid"] as? Int == 0 }
        #expect(network.compactMap { $0["ph"] as? String } == ["M", "M", "i", "i"])
        #expect((network[0]["args"] as? [String: Any])?["name"] as? String == "whole network")
        #expect(network[2]["name"] as? String == "drop rate: 0.1" && network[3]["name"] as? String == "drop rate over: 0")
    }

    /// The limit counts every event — slices, instants, counter values and flow arrows — as the
    /// JSON-lines trace counts lines: the fixture cut at 1,000 and at 1,001 keeps exactly that many.
    @Test func theEventLimitKeepsExactlyThatManyEvents() throws {
        for limit in [1_000, 1_001] {
            let run = try ObservabilityFixture.run(ObservationOptions(trace: .perfetto, traceEventLimit: limit))
            let events = try ObservabilityFixture.events(ObservabilityFixture.perfetto(run))
            #expect(events.filter { $0["ph"] as? String != "M" }.count == limit)
            #expect(events.filter { $0["ph"] as? String == "s" }.count == 79)
            // 162 slices in both: the log's two partitions have their end offsets (counter values)
            // from time 0, at 0 (LogEndOffsetFromCreationTests), two events earlier in the trace,
            // and the 1,001st event is no slice.
            #expect(events.filter { $0["ph"] as? String == "X" }.count == 162)
        }
        #expect(try JSONLinesTraceTests.lines(limit: 1_000).count == 1_002)
    }
}
