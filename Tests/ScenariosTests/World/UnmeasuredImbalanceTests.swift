import Testing
@testable import Scenarios
@testable import Simulator

/// `balancer.imbalance` (the busiest primary's successful requests over the mean) of a run whose
/// primaries served nothing is 0/0: it read 1, perfectly even, beside an unmeasured throughput,
/// latency and success ratio. Now it is unmeasured as they are: null in report.json and
/// worlds.jsonl, and an expectation on it fails as not measured.
struct UnmeasuredImbalanceTests {
    static func run(_ text: String) throws -> RunResult {
        ScenarioRunner.run(try ScenarioLoader.parse(text, file: "t.yaml"), seed: nil)
    }

    /// One client sending nothing in its 5 s (Poisson arrivals 100 s apart on average).
    static let nothingSent = """
        name: nothing-sent
        run: {duration: 5s}
        network: {latency: 1ms}
        servers: [{name: s, count: 3, service_time: 2ms}]
        workload: {type: open_loop, rate: 0.01}
        expect: [balancer.imbalance <= 1.5, balancer.imbalance > 2, balancer.completed == 0]
        """

    @Test func aRunThatSentNothingMeasuresNoImbalance() throws {
        let result = try Self.run(Self.nothingSent)
        let traffic = try #require(result.traffic)
        #expect(traffic.issued == 0 && traffic.completed == 0)
        #expect(traffic.primaries.map(\.served) == [0, 0, 0])
        #expect(!traffic.servedMeasured)
        #expect(result.value(of: BalancerMetric.imbalance.metric) == nil)
        // Unmeasured as the throughput and the success ratio are: neither bound holds.
        #expect(result.value(of: BalancerMetric.throughput.metric) == nil)
        #expect(result.checks.map(\.measured) == [nil, nil, 0])
        #expect(result.checks.map(\.holds) == [false, false, true])
        // Listed, with no value: null in a world's report.json (and a sweep's worlds.jsonl).
        let imbalance = try #require(result.metrics.first { $0.metric == BalancerMetric.imbalance.metric })
        #expect(imbalance.value == nil)
        #expect(result.json().contains("\"balancer.imbalance\" : null"))
    }

    /// Every answer a 500: requests ended, none succeeded, so no primary served one.
    @Test func aRunWhoseEveryRequestFailedMeasuresNoImbalance() throws {
        let result = try Self.run(TrafficFiguresTests.allFailing)
        let traffic = try #require(result.traffic)
        #expect(traffic.completed == 103 && traffic.succeeded == 0)
        #expect(result.value(of: BalancerMetric.imbalance.metric) == nil)
    }

    /// Served requests still give their split, as before.
    @Test func aRunWithServedRequestsMeasuresItsImbalance() throws {
        let result = try Self.run(TrafficFiguresTests.allFailing.replacingOccurrences(of: "error_rate: 1", with: "error_rate: 0"))
        let traffic = try #require(result.traffic)
        #expect(traffic.servedMeasured)
        let served = traffic.primaries.map(\.served)
        #expect(served.reduce(0, +) == 103)
        #expect(result.value(of: BalancerMetric.imbalance.metric) == BalanceStatistics(counts: served).peakToAverage)
    }
}
