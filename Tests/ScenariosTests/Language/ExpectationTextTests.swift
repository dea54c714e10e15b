import Foundation
import Testing
import Reports
@testable import Scenarios
@testable import Simulator

/// How a check's measured figure reads beside its threshold, on the terminal and in every
/// report's Expectations table: in the threshold's unit, with as many more decimals as it takes
/// to differ from the threshold when it differs from it, and "not checked" for a run that stopped
/// early (R2, R3: "success_ratio == 1 failed: measured 1", "measured 0.005 s" against 5ms).
struct ExpectationTextTests {
    /// The expectations of a one-server world, parsed as a file writes them.
    static func expectations(_ texts: [String]) throws -> [Scenarios.Expectation] {
        let list = texts.map { "\"\($0)\"" }.joined(separator: ", ")
        return try ScenarioLoader.parse("""
            name: x
            servers: [{name: s, service_time: 1ms}]
            workload: {type: closed_loop, users: 1}
            run: {requests: 10}
            expect: [\(list)]
            """, file: "x.yaml").expectations
    }

    static func text(_ expectation: String, _ measured: Double?, holds: Bool = false) throws -> String {
        let parsed = try #require(try expectations([expectation]).first)
        return ExpectationCheck(expectation: parsed, measured: measured, holds: holds).measuredText
    }

    @Test func aFigureThatRoundsToItsThresholdGetsTheDecimalsThatTellThemApart() throws {
        #expect(try Self.text("success_ratio == 1", 0.99999) == "0.99999")
        #expect(try Self.text("error_ratio == 0", 0.00001) == "0.00001")
        #expect(try Self.text("throughput >= 1000", 999.99) == "999.99/s")
        #expect(try Self.text("throughput < 0.01", 0.0333) == "0.03/s")
        #expect(try Self.text("completed < 1000", 999.9996) == "999.9996")
        #expect(try Self.text("success_ratio >= 0.99", 0.98999) == "0.98999")
        // Nine decimals are not enough: every digit the figure has.
        #expect(try Self.text("success_ratio == 1", 0.9999999999) == "0.9999999999")
    }

    @Test func aFigureThatReadsDifferentlyFromItsThresholdKeepsItsUsualDecimals() throws {
        #expect(try Self.text("success_ratio == 1", 0.9921, holds: false) == "0.9921")
        #expect(try Self.text("success_ratio == 1", 1, holds: true) == "1")
        #expect(try Self.text("throughput >= 1000", 998.5) == "998.5/s")
        #expect(try Self.text("completed == 10", 10, holds: true) == "10")
        #expect(try Self.text("balancer.p99 < 500ms", 0.093311, holds: true) == "93.311 ms")
        #expect(try Self.text("success_ratio == 1", nil) == "not measured")
        // At least the decimals the threshold is written with.
        #expect(try Self.text("success_ratio >= 0.99999", 0.99999, holds: true) == "0.99999")
        #expect(try Self.text("error_ratio <= 0.00001", 0, holds: true) == "0")
        #expect(try Self.text("p50 < 5.0004ms", 0.005, holds: true) == "5.0000 ms")
        #expect(try Self.text("p50 <= 500.5us", 0.0005, holds: true) == "0.5000 ms")
        #expect(try Self.text("throughput >= 1000", 1000, holds: true) == "1,000.0/s")
    }

    @Test func aDurationReadsInItsThresholdsUnit() throws {
        #expect(try Self.text("mean_latency <= 5ms", 0.005002) == "5.002 ms")
        #expect(try Self.text("p50 <= 5000us", 0.005002) == "5.002 ms")
        #expect(try Self.text("p50 <= 0.005s", 0.005002) == "0.005002 s")
        #expect(try Self.text("p50 < 2s", 1.5, holds: true) == "1.500 s")
        #expect(try Self.text("p50 < 1s", 0.9999996, holds: true) == "0.9999996 s")
        #expect(try Self.text("p50 < 5.0004ms", 0.0050003, holds: true) == "5.0003 ms")
        #expect(try Self.text("p99 < 200ms", 1.2) == "1.200 s")
        // A whole number of nanoseconds carries its digits in milliseconds (100ns reads 0.000100 ms).
        #expect(try Self.text("p50 <= 100ns", 5e-8, holds: true) == "0.000050 ms")
        #expect(try Self.text("p50 <= 100ns", 6e-8, holds: true) == "0.000060 ms")
        #expect(try Self.text("p50 <= 1ms", 1e-9, holds: true) == "< 0.001 ms")
    }

    @Test func theTerminalAndTheReportTableWordACheckAlike() throws {
        let parsed = try Self.expectations(["success_ratio == 1", "mean_latency <= 5ms", "p99 < 1ms", "rejected == 0"])
        let checks = [
            ExpectationCheck(expectation: parsed[0], measured: 0.99999, holds: false),
            ExpectationCheck(expectation: parsed[1], measured: 0.005002, holds: false),
            ExpectationCheck(expectation: parsed[2], measured: nil, holds: false),
            // Holds on its figure, but the run stopped early.
            ExpectationCheck(expectation: parsed[3], measured: 0, holds: false),
        ]
        #expect(checks.map(\.failureText) == [
            "failed: measured 0.99999", "failed: measured 5.002 ms", "failed: not measured",
            "not checked, the run stopped early (measured 0 so far)",
        ])
        #expect(ExpectationCheck.markdownSection(checks, heading: "##") == """
            ## Expectations

            | expectation           |     measured | result                              |
            | --------------------- | -----------: | ----------------------------------- |
            | `success_ratio == 1`  |      0.99999 | **fails**                           |
            | `mean_latency <= 5ms` |     5.002 ms | **fails**                           |
            | `p99 < 1ms`           | not measured | **fails**                           |
            | `rejected == 0`       |            0 | not checked (the run stopped early) |


            """)
        #expect(ExpectationCheck.markdownSection([], heading: "#") == "")
    }

    /// R3's e5: a 5 ms service behind 1 µs links. The terminal read "measured 0.005 s" where
    /// report.md read 5.002 ms; both now read the threshold's milliseconds, alike.
    @Test func aRunsTerminalMessageAndReportReadTheSameFigure() throws {
        let file = try ScenarioFile.load(bytes: Array("""
            name: e5
            seed: 1
            run: {requests: 1000}
            network: {latency: 1us}
            servers: [{name: s, count: 1, slots: 1, service_time: 5ms}]
            workload: {type: closed_loop, users: 1, think_time: 0}
            expect: ["mean_latency <= 5ms"]
            """.utf8), file: "e5.yaml")
        let outcome = try file.run(formats: [.md])
        let failure = try #require(outcome.failure)
        let prefix = "\n  e5.yaml:7:10: expectation 'mean_latency <= 5ms' failed: measured "
        let range = try #require(failure.range(of: prefix))
        let measured = String(failure[range.upperBound...])
        #expect(measured.hasPrefix("5.00") && measured.hasSuffix(" ms") && measured != "5.000 ms", "\(failure)")
        let report = String(decoding: try #require(outcome.bundle.files.first { $0.path.hasSuffix("report.md") }).contents, as: UTF8.self)
        #expect(report.contains("| `mean_latency <= 5ms` | \(measured) | **fails** |"), "\(report)")
    }

    /// R2's finding 1: a world that stopped early said "not checked" on the terminal and
    /// "**fails**" in report.md beside a figure that met its threshold.
    @Test func aReportOfARunThatStoppedEarlySaysNotChecked() throws {
        let file = try HostileInputTests.stoppedEarly(expect: "expect: [rejected == 0]")
        let outcome = try file.run(formats: [.md])
        #expect(try #require(outcome.failure).hasSuffix("expectation 'rejected == 0' not checked, the run stopped early (measured 0 so far)"))
        let report = String(decoding: try #require(outcome.bundle.files.first { $0.path.hasSuffix("report.md") }).contents, as: UTF8.self)
        #expect(report.contains("| `rejected == 0` |        0 | not checked (the run stopped early) |"), "\(report)")
    }

    /// A figure in a table picks milliseconds or seconds on the figure as printed: 0.9999996 s read
    /// `1,000.000 ms` (R3's b1).
    @Test func aDurationPicksItsUnitAfterRounding() {
        #expect(MetricUnit.duration.readable(0.9999996) == "1.000 s")
        #expect(MetricUnit.duration.readable(0.9999994) == "999.999 ms")
        #expect(MetricUnit.duration.readable(0.093311) == "93.311 ms")
        #expect(MetricUnit.duration.readable(18) == "18.000 s")
        #expect(DurationFormat.readable(0.9999996) == "1.000 s")
        #expect(DurationFormat.readable(-0.9999996) == "-1.000 s")
        #expect(DurationFormat.readable(1234.5) == "1,234.500 s")
    }
}

/// summary.csv's latencies and the per-server table's counts.
struct TrafficFigureTextTests {
    @Test func summaryCSVWritesASubMicrosecondLatencyInNanoseconds() {
        #expect(TrafficResult.csvSeconds(3e-9) == "0.000000003")
        #expect(TrafficResult.csvSeconds(0.0000004) == "0.000000400")
        #expect(TrafficResult.csvSeconds(0.000001) == "0.000001")
        #expect(TrafficResult.csvSeconds(0.0051234) == "0.005123")
        #expect(TrafficResult.csvSeconds(0) == "0.000000")
    }

    /// crash-and-restart, seed 3: s1 served 5,788 at 192.8 a second, which counts the 5,783
    /// answers that reached a client over 30.001 s; the row now gives that count.
    @Test func aServersRateHasTheCountItDividesBesideIt() throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("scenarios/crash-and-restart.yaml"), encoding: .utf8)
        let result = ScenarioRunner.run(try ScenarioLoader.parse(text, file: "crash-and-restart.yaml"), seed: 3)
        let markdown = try #require(result.traffic).markdown()
        #expect(markdown.contains("""
            | server | served | successes | per second | 500s |
            """))
        #expect(markdown.contains("| s1     |  5,788 |     5,783 |      192.8 |    0 |"), "\(markdown)")
        #expect(markdown.contains("\nServed counts the requests a server answered without an error; successes, those of its answers that reached a client (not one that came after the balancer or the client gave up, or was lost on the way), and per second is successes over the time clients were active.\n"))
    }

    /// R3's l1: one request a minute read "Throughput: 0.0 successful requests per virtual second".
    @Test func aSlowRateGetsTheDigitsThatShowIt() throws {
        let result = ScenarioRunner.run(try ScenarioLoader.parse("""
            name: slow
            run: {requests: 3}
            network: {latency: 0}
            servers: [{name: s, count: 1, slots: 1, service_time: 1ns}]
            workload: {type: closed_loop, users: 1, think_time: 60s, timeout: 1h}
            """, file: "slow.yaml"), seed: 1)
        let markdown = try #require(result.traffic).markdown()
        #expect(markdown.contains("Throughput: 0.025 successful requests per virtual second."), "\(markdown)")
    }
}
