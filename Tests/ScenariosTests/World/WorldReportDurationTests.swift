import Reports
import Testing
@testable import Scenarios

/// A composed world's Metrics and Expectations tables wrote a p99 of 93.311 ms as `0.093 s`
/// beside the balancer's own table's `93.311 ms`: durations under a second now read in
/// milliseconds there too, to the same three decimals.
struct WorldReportDurationTests {
    static let world = """
        run: {duration: 5s}
        servers: [{name: s, service_time: 8ms}]
        workload: {type: open_loop, rate: 50}
        log:
          topics: [{name: t, partitions: 1}]
          producers: [{name: p1, topic: t, records: 5, rate: 5}]
        expect: ["p99 < 500ms", "log.lost == 0"]

        """

    @Test func aDurationUnderASecondReadsInMilliseconds() throws {
        let result = ScenarioRunner.run(try ScenarioLoader.parse(Self.world, file: "w.yaml"))
        let markdown = result.markdown()
        let p99 = try #require(result.checks.first?.measured)
        #expect(p99 > 0 && p99 < 1)
        let shown = DurationFormat.milliseconds(p99)
        #expect(shown.hasSuffix(" ms"))
        let lines = markdown.split(separator: "\n")
        let expectation = try #require(lines.last { $0.hasPrefix("| `p99 < 500ms`") })
        #expect(expectation.contains(" \(shown) |") && expectation.hasSuffix("| holds  |"))
        let metric = try #require(lines.first { $0.hasPrefix("| `balancer.p99` ") })
        #expect(metric.hasSuffix(" \(shown) |"))
        #expect(!markdown.contains(DurationFormat.seconds(p99)))
    }
}
