import Testing
@testable import Scenarios
@testable import Simulator

/// A fault's level is written exactly as it was read (``Fault/levelText(_:)``): checker C's F3 —
/// `rate: 0.9999999996` was listed `errors s1 rate 1`, a failure of every answer, and
/// `drop_rate: 0.0000000015` as `0.000000002`. The Perfetto trace's markers use the same words.
struct FaultLevelExactTests {
    @Test func aLevelIsTheShortestDecimalThatReadsBack() {
        #expect([0.9999999996, 0.0000000015, 0.0000000005, 1.0000000004, 0.1234567891, 1e-12, 1, 0, 0.25, 1_000, 1e16]
            .map(Fault.levelText) == ["0.9999999996", "0.0000000015", "0.0000000005", "1.0000000004", "0.1234567891",
                                      "0.000000000001", "1", "0", "0.25", "1,000", "10,000,000,000,000,000"])
        #expect(Fault.errors("s1", rate: 0.9999999996).reportText == "errors s1 rate 0.9999999996")
        #expect(Fault.slow("s1", factor: 1.0000000004).reportText == "slow s1 ×1.0000000004")
    }

    @Test func thePerfettoMarkersUseTheReportsWords() throws {
        let yaml = """
            name: levels
            seed: 5
            run: {duration: 2s}
            servers: [{name: web, count: 1, service_time: 2ms}]
            workload: {type: open_loop, rate: 10, timeout: 500ms}
            faults:
              - {at: 0.5s, errors: web, rate: 0.9999999996, for: 200ms}
              - {at: 1s, drop_rate: 0.0000000015, for: 500ms}
              - {at: 1.2s, slow: web, factor: 2, for: 100ms}
            """
        let events = try ObservabilityFixture.events(ObservabilityFixture.perfetto(try ObservabilityFixture.run(yaml: yaml)))
        let names = events.filter { $0["ph"] as? String == "i" }.compactMap { $0["name"] as? String }
        #expect(names == ["error rate: 0.9999999996", "error rate over: 0", "drop rate: 0.0000000015",
                          "slow: service times ×2", "slow over: service times ×1", "drop rate over: 0"])
    }
}
