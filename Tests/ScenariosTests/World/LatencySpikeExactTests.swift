import Foundation
import Testing
import Simulator
@testable import Scenarios

/// A latency spike is a level, as a rate is: reports write its extra delay exactly as the file
/// wrote it (as many decimals as its nanoseconds need), not rounded to the millisecond. Checker
/// C's world `latency_spike: 1.000001ms` read `+0.001 s` in report.md and report.json while its
/// Perfetto marker read `+0.001000001 s`, and `400us` read `+< 0.001 s`.
struct LatencySpikeExactTests {
    @Test(arguments: [
        (Duration.milliseconds(5), "0.005 s"),
        (Duration.microseconds(400), "0.0004 s"),
        (Duration.nanoseconds(1_000_001), "0.001000001 s"),
        (Duration.nanoseconds(1), "0.000000001 s"),
        (Duration.seconds(1234), "1,234.000 s"),
        (Duration.milliseconds(2_500), "2.500 s"),
    ])
    func theExtraDelayIsWrittenExactly(extra: Duration, text: String) {
        #expect(Fault.spikeText(extra) == text)
    }

    @Test func aWorldListsItsSpikesAsWritten() throws {
        let yaml = FaultLengthListingTests.traffic + """

            faults: [{at: 1s, latency_spike: 1.000001ms, for: 1s}, {at: 3s, latency_spike: 400us}]
            """
        let result = ScenarioRunner.run(try ScenarioLoader.parse(yaml, file: "spike.yaml"))
        let traffic = try #require(result.traffic)
        let listed = ["1.000 s: latency spike +0.001000001 s for 1.000 s", "3.000 s: latency spike +0.0004 s"]
        #expect(traffic.faults == listed)
        #expect(FaultLengthListingTests.markdownFaults(traffic.markdown(), heading: "## Faults") == listed)
        #expect(try FaultLengthListingTests.jsonFaults(traffic.json()) == listed)
    }
}
