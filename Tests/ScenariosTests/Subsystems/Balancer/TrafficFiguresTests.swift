import Testing
@testable import Scenarios
@testable import Simulator

/// How the traffic's report writes what it did not measure and what its counts count: latency of
/// no successful request, the 503s against the balancer's own refusals, retries against
/// requests, and an expectation's measured value in its metric's format.
struct TrafficFiguresTests {
    static func run(_ text: String) throws -> RunResult {
        ScenarioRunner.run(try ScenarioLoader.parse(text, file: "t.yaml"), seed: nil)
    }

    /// Two servers that answer every request 500, over a 1 ms link.
    static let allFailing = """
        name: p99empty
        run: {duration: 5s}
        network: {latency: 1ms}
        servers: [{name: s, count: 2, error_rate: 1, service_time: 2ms}]
        workload: {type: open_loop, rate: 20}
        expect: [balancer.p99 < 1ms, balancer.max_latency < 1ms, balancer.mean_latency < 1ms, p50 < 1ms, balancer.errors == 103]
        """

    @Test func noSuccessfulRequestMeasuresNoLatencyAndNoLatencyExpectationHolds() throws {
        let result = try Self.run(Self.allFailing)
        let traffic = try #require(result.traffic)
        #expect(traffic.issued == 103 && traffic.succeeded == 0)
        #expect(!traffic.latencyMeasured)
        for metric in [BalancerMetric.p50, .p90, .p95, .p99, .p999, .meanLatency, .maxLatency] {
            #expect(result.value(of: metric.metric) == nil, "\(metric)")
        }
        #expect(result.checks.map(\.measured) == [nil, nil, nil, nil, 103])
        #expect(result.checks.map(\.holds) == [false, false, false, false, true])
        #expect(!result.passed)
        let markdown = traffic.markdown()
        #expect(markdown.contains("No client request succeeded: there is no latency to measure.\n\n| p50 | p90 | p95 | p99 | p99.9 | mean | max |\n| --: | --: | --: | --: | ----: | ---: | --: |\n|   — |   — |   — |   — |     — |    — |   — |\n"))
        #expect(markdown.contains("| s1     |      0 |         0 |        0.0 |   51 |   — |   — |   — |     — |    — |"))
        #expect(markdown.contains("| `balancer.p99 < 1ms`          | not measured | **fails** |"))
        #expect(markdown.contains("| `balancer.errors == 103`      |          103 | holds     |"))
        #expect(traffic.summaryCSV().contains("latency_p99_seconds,\nlatency_p99.9_seconds,\n"))
        #expect(!traffic.json().contains("\"seconds\""))
        #expect(!traffic.json().contains("\"p999\""))
        // The world's own table says the same.
        #expect(result.markdown().contains("| `balancer.p99`                   |        — |"))
    }

    @Test func aRunWithSuccessesStillMeasuresItsLatency() throws {
        let result = try Self.run(Self.allFailing.replacingOccurrences(of: "error_rate: 1", with: "error_rate: 0"))
        let traffic = try #require(result.traffic)
        #expect(traffic.latencyMeasured)
        #expect(result.value(of: BalancerMetric.p50.metric) == 0.004)
        #expect(traffic.summaryCSV().contains("latency_p50_seconds,0.004000\n"))
    }

    /// A world whose only client sends nothing in its 5 s (a Poisson arrival a 100 s apart on
    /// average): no request ends, so neither ratio of the ended requests is measured — as 1 and 0,
    /// `balancer.success_ratio >= 0.99` held in a run that answered nothing.
    @Test func aRunWhereNoRequestEndedMeasuresNoSuccessRatio() throws {
        let result = try Self.run("""
            name: nothing-ended
            run: {duration: 5s}
            network: {latency: 1ms}
            servers: [{name: s, count: 2, service_time: 2ms}]
            workload: {type: open_loop, rate: 0.01}
            expect: [balancer.success_ratio >= 0.99, balancer.error_ratio < 0.01, balancer.completed == 0]
            """)
        let traffic = try #require(result.traffic)
        #expect(traffic.issued == 0 && traffic.completed == 0)
        #expect(result.value(of: BalancerMetric.successRatio.metric) == nil)
        #expect(result.value(of: BalancerMetric.errorRatio.metric) == nil)
        #expect(result.checks.map(\.measured) == [nil, nil, 0])
        #expect(result.checks.map(\.holds) == [false, false, true])
        #expect(!result.passed)
    }

    /// A balancer queue in front of two one-slot servers, with lost and duplicated messages: the
    /// balancer turns away more requests than clients see 503s.
    static let refusals = """
        name: rejected-mismatch
        seed: 1
        run: {duration: 10s}
        network: {latency: 1ms, duplicate_rate: 0.05, drop_rate: 0.05}
        servers: [{name: s, count: 2, slots: 1, service_time: 20ms}]
        balancer:
          max_conns: 1
          queue: {size: 2, timeout: 50ms}
        workload: {type: open_loop, rate: 200, timeout: 1s}
        expect: [balancer.rejected == 0, balancer.success_ratio > 0.5, balancer.throughput > 1]
        """

    @Test func theCSVNamesTheBalancersOwnRefusalsApartFromThe503sClientsGot() throws {
        let result = try Self.run(Self.refusals)
        let traffic = try #require(result.traffic)
        let csv = traffic.summaryCSV()
        #expect(result.value(of: BalancerMetric.rejected.metric) == 1_825)
        #expect(csv.contains("status_503,1825\n"))
        #expect(csv.contains("balancer_rate_limited,0\nbalancer_circuit_rejected,0\nbalancer_queue_full,1643\nbalancer_queue_timeouts,360\n"))
        #expect(!csv.contains("balancer_rejected"))
    }

    @Test func anExpectationsMeasuredValueReadsAsItsMetricDoesElsewhere() throws {
        let result = try Self.run(Self.refusals)
        let traffic = try #require(result.traffic)
        let markdown = traffic.markdown()
        // A count as an integer, a ratio to 4 decimals at most, a rate per second: as in the
        // world's Expectations and Metrics tables.
        #expect(markdown.contains("| `balancer.rejected == 0`       |    1,825 | **fails** |"))
        #expect(markdown.contains("| `balancer.success_ratio > 0.5` |   0.0015 | **fails** |"))
        #expect(markdown.contains("| `balancer.throughput > 1`      |    0.3/s | **fails** |"))
        #expect(result.checks.map(\.measuredText) == ["1,825", "0.0015", "0.3/s"])
        #expect(result.markdown().contains("| `balancer.success_ratio`         |    0.0015 |"))
    }

    @Test func retriesAreCountedAndLabelledAsRetriesNotRequests() throws {
        // Three failing servers, three tries each: 103 requests, 206 retries.
        let result = try Self.run("""
            name: er_http_500
            run: {duration: 5s}
            network: {latency: 1ms}
            servers: [{name: s, count: 3, error_rate: 1, service_time: 2ms}]
            balancer:
              passive_health: {max_fails: 0}
              retries: {tries: 3, on: [http_500]}
            workload: {type: open_loop, rate: 20}
            """)
        let traffic = try #require(result.traffic)
        #expect(traffic.issued == 103)
        #expect(result.value(of: BalancerMetric.retries.metric) == 206)
        #expect(traffic.markdown().contains("| retries (forwards after a failed try; a request may have several)  |   206 |"))
        #expect(traffic.summaryCSV().contains("balancer_retried,206\n"))
        #expect(traffic.json().contains("\"retried\" : 206"))
    }
    /// The checker's `m4-keepalive.yaml`: with keepalive, setups to web2 while it was down wait
    /// out the default 60 s `connect_timeout` and were still waiting when the run ended, so
    /// web2's forwards did not add up to its outcomes. The report now says what is missing.
    @Test func forwardsStillInFlightAtTheEndAreCounted() throws {
        let result = try Self.run("""
            name: m4-keepalive
            run: {duration: 8s}
            servers: [{name: web, count: 2, service_time: 2ms}]
            balancer: {strategy: round_robin, keepalive: {connections: 4}, forward_timeout: 300ms}
            workload: {type: closed_loop, users: 4, think_time: 20ms, timeout: 1s}
            faults: [{at: 1s, crash: web2}, {at: 3s, restart: web2}]
            """)
        let balancer = try #require(result.traffic?.balancer)
        let web2 = try #require(balancer.servers.first { $0.hostname == "web2" })
        #expect([web2.forwarded, web2.succeeded, web2.serverErrors, web2.connectErrors, web2.timeouts] == [88, 84, 0, 0, 2])
        #expect(web2.inFlightAtEnd == 2 && web2.otherAnswers == 0)
        #expect(balancer.servers.first { $0.hostname == "web1" }.map { [$0.forwarded, $0.succeeded, $0.inFlightAtEnd] } == [1_140, 1_140, 0])
        let markdown = try #require(result.traffic).markdown()
        #expect(markdown.contains("\nForwards not in the columns above: web2 2 still in flight when the run ended.\n"))
        let json = try #require(result.traffic).json()
        #expect(json.contains("\"inFlightAtEnd\" : 2,") && json.contains("\"otherAnswers\" : 0,"))
    }
}
