import Testing
@testable import Scenarios
@testable import Simulator

/// A latency spike's marker in the Perfetto trace writes its extra delay as the report's fault
/// list does (``Fault/spikeText(_:)``), exactly and in positional digits: a 30 µs spike read
/// `latency spike: +3e-05 s` (Swift's `Double` description) where the report read
/// `latency spike +0.00003 s` (checker V2 F6).
struct PerfettoLatencySpikeTextTests {
    @Test func theMarkersReadTheSpikeAsTheFaultListDoes() throws {
        let yaml = """
            name: spike
            seed: 5
            run: {duration: 3s}
            servers: [{name: web, count: 1, service_time: 2ms}]
            workload: {type: open_loop, rate: 10, timeout: 500ms}
            faults:
              - {at: 0.5s, latency_spike: 30us, for: 1s}
              - {at: 2s, latency_spike: 1.000001ms}
            """
        let run = try ObservabilityFixture.run(yaml: yaml)
        let events = try ObservabilityFixture.events(ObservabilityFixture.perfetto(run))
        let names = events.filter { $0["ph"] as? String == "i" }.compactMap { $0["name"] as? String }
        #expect(names == ["latency spike: +0.00003 s", "latency spike over: +0.000 s", "latency spike: +0.001000001 s"])
        // The report's fault list, for the same faults.
        #expect(run.result.traffic?.faults == ["0.500 s: latency spike +0.00003 s for 1.000 s", "2.000 s: latency spike +0.001000001 s"])
    }

    /// The marker's text comes from the observation's nanoseconds, not from its `Double` detail.
    @Test func theDetailIsTheExtraDelaysNanoseconds() {
        let observation = Observation(time: .zero, shape: .instant, subsystem: .network, node: "network", name: "latency spike",
                                      detail: "+3e-05 s", value: 30_000)
        #expect(PerfettoTrace.instantDetail(observation) == "+0.00003 s")
        let nanosecond = Observation(time: .zero, shape: .instant, subsystem: .network, node: "network", name: "latency spike",
                                     detail: "+1e-09 s", value: 1)
        #expect(PerfettoTrace.instantDetail(nanosecond) == "+0.000000001 s")
        #expect(PerfettoTrace.instantDetail(nanosecond) == "+" + Fault.spikeText(.nanoseconds(1)))
    }
}
