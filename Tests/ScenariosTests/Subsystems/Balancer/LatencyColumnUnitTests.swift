import Testing
@testable import Scenarios
@testable import Simulator

/// A latency table's column is in one unit, chosen from its largest value: milliseconds while it
/// reads under 10 s, seconds from there. A 14-day latency read `1,234,567,891.235 ms`.
struct LatencyColumnUnitTests {
    @Test func aColumnUnderTenSecondsStaysInMilliseconds() {
        // Seed 000's max, 5,043.676 ms, as results/seed-000-platform/report.md prints it.
        #expect(LatencyColumn.cells([0.015871, 5.043676]) == ["15.871 ms", "5,043.676 ms"])
        #expect(LatencyColumn.cells([9.9999994]) == ["9,999.999 ms"])
        #expect(LatencyColumn.cells([nil, 0.0000000005, nil]) == ["—", "< 0.001 ms", "—"])
        #expect(LatencyColumn.cells([nil, nil]) == ["—", "—"])
    }

    @Test func aColumnFromTenSecondsIsInSecondsThroughout() {
        #expect(LatencyColumn.cells([0.015871, 1_234_567.891235]) == ["0.016 s", "1,234,567.891 s"])
        // Chosen on the figure as printed: 9.9999996 s reads 10,000.000 ms, so seconds.
        #expect(LatencyColumn.cells([9.9999996]) == ["10.000 s"])
        #expect(LatencyColumn.cells([10, nil]) == ["10.000 s", "—"])
    }

    @Test func eachColumnOfATableChoosesItsOwnUnit() {
        #expect(LatencyColumn.rows([[0.014, 20.014], [0.015, nil]]) == [["14.000 ms", "20.014 s"], ["15.000 ms", "—"]])
        #expect(LatencyColumn.rows([]) == [])
    }

    /// One server of 10 ms and one of 20 s: the run report's latency tables and the summary line.
    @Test func aRunReportWritesLongLatenciesInSeconds() throws {
        let result = ScenarioRunner.run(try ScenarioLoader.parse("""
            name: long
            seed: 1
            run: {duration: 60s}
            network: {latency: 1ms}
            servers:
              - {name: a, slots: 1, service_time: {constant: 10ms}}
              - {name: b, slots: 1, service_time: {constant: 20s}}
            balancer: {strategy: round_robin, forward_timeout: 60s}
            workload: {type: closed_loop, users: 2, timeout: 60s, think_time: {constant: 10s}}
            """, file: "long.yaml"), seed: nil)
        let traffic = try #require(result.traffic)
        let markdown = traffic.markdown()
        #expect(markdown.contains("""
            |       p50 |      p90 |      p95 |      p99 |    p99.9 |         mean |      max |
            | --------: | -------: | -------: | -------: | -------: | -----------: | -------: |
            | 14.007 ms | 20.014 s | 20.014 s | 20.014 s | 20.014 s | 8,582.571 ms | 20.014 s |
            """))
        #expect(markdown.contains("""
            | server | served | successes | per second | 500s |      p50 |      p95 |      p99 |    p99.9 |     mean |
            | ------ | -----: | --------: | ---------: | ---: | -------: | -------: | -------: | -------: | -------: |
            | a      |      4 |         4 |        0.1 |    0 |  0.014 s |  0.014 s |  0.014 s |  0.014 s |  0.014 s |
            | b      |      3 |         3 |        0.0 |    0 | 20.005 s | 20.014 s | 20.014 s | 20.014 s | 20.007 s |
            """))
        #expect(traffic.latencyText(traffic.value(of: .p99)) == "20.014 s")
    }
}
