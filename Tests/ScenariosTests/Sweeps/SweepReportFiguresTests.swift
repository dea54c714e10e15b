import Foundation
import Testing
@testable import Scenarios

/// What a sweep's report says it computed: an expectation's pass rate over the worlds that
/// checked it, no spread of one sample, a metric no world measured, metrics identical in every
/// shared seed, equal samples summarised exactly, and figures in its CSV files through
/// `NumberFormat`. The records are written by hand against the manifest of a real plan, so that
/// every figure is known.
struct SweepReportFiguresTests {
    /// The crash-and-restart world's plan over `seeds`, two rates: 26 balancer metrics, three
    /// expectations a variant.
    static func manifest(seeds: String) throws -> SweepManifest {
        let path = packageRoot.appendingPathComponent("scenarios/crash-and-restart.yaml").path
        let plan = try SweepPlan(file: path, seeds: SeedList(parsing: seeds), dimensions: [ScenarioOverride.parseVariants("workload.rate=300,600")])
        return try Sweep.load(plan).manifest
    }

    /// One world's record: `values` by metric name (the others not measured).
    static func record(_ manifest: SweepManifest, variant: Int, seed: UInt64, position: Int, values: [String: Double],
                       expectations: [Bool] = [true, true, true], stoppedEarly: String? = nil) throws -> WorldRecord {
        let metrics: [Any] = manifest.metrics.map { metric in values[metric.name].map { "\($0)" as Any } ?? NSNull() }
        var object: [String: Any] = ["position": position, "variant": variant, "seed": seed, "digest": "0", "events": 1,
                                     "passed": stoppedEarly == nil && !expectations.contains(false), "problems": [String](),
                                     "metrics": metrics, "expectations": expectations]
        if let stoppedEarly { object["stoppedEarly"] = stoppedEarly }
        let line = try JSONSerialization.data(withJSONObject: object)
        return try #require(WorldRecord.parse(line: Array(line)))
    }

    /// The cells of the Markdown table row of `text` that starts with `first`.
    static func row(_ markdown: String, _ first: String) -> [String]? {
        markdown.split(separator: "\n").first { $0.hasPrefix("| \(first) ") }
            .map { $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } }
    }

    static func json(_ report: SweepReport) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any])
    }

    /// 20 samples of 1.0002 summed and divided gave a mean of 1.0001999999999998, a spread of
    /// 2.3e-16 and an interval holding none of them; one sample has no spread (it was 0).
    @Test func equalSamplesGiveTheirValueAndOneSampleHasNoSpread() throws {
        let equal = SampleSummary([Double](repeating: 1.0002, count: 20))
        #expect(equal.mean == 1.0002)
        #expect(equal.standardDeviation == 0)
        #expect(equal.interval == 1.0002...1.0002)
        #expect(SampleSummary([Double](repeating: 1.0002, count: 20), bootstrap: true).interval == 1.0002...1.0002)
        let one = SampleSummary([0.005067])
        #expect(one.standardDeviation == nil && one.interval == nil && one.mean == 0.005067)
        // Unequal samples: the textbook figures, as before.
        let spread = SampleSummary([1, 2, 3, 4, 5])
        #expect(spread.mean == 3 && spread.standardDeviation == 2.5.squareRoot())
        #expect(SampleSummary([0.1, 0.2, 0.3]).mean == 0.2)
    }

    /// `--seeds 5 --vary "workload.rate=300, 600"`: one world a variant. Its spread is empty, not
    /// 0, and the differences section says no comparison could be made, not that no metric
    /// differs.
    @Test func oneSeedHasNoSpreadAndMakesNoComparison() throws {
        let manifest = try Self.manifest(seeds: "5")
        let records = [try Self.record(manifest, variant: 0, seed: 5, position: 0, values: ["balancer.p50": 0.005067, "balancer.success_ratio": 0.9211]),
                       try Self.record(manifest, variant: 1, seed: 5, position: 1, values: ["balancer.p50": 0.005651, "balancer.success_ratio": 0.9202])]
        let report = SweepReport(manifest: manifest, records: records)
        #expect(report.comparisons.isEmpty && report.unpaired == 2)
        let markdown = report.markdown()
        #expect(markdown.contains("""
            ## Differences between variants

            No comparison could be made: a paired comparison needs two or more seeds that measured the metric in both variants, \
            and no two variants have them (the sweep ran 1 seed).

            """))
        #expect(!markdown.contains("No metric differs"))
        #expect(Self.row(markdown, "balancer.p50") == ["balancer.p50", "1", "5.067 ms", "—", "—", "5.067 ms", "5.067 ms", "5.067 ms"])
        let csv = report.metricsCSV()
        #expect(csv.contains("\n1,workload.rate=300,balancer.p50,duration,1,0.005067,,,,,0.005067,0.005067,0.005067,false\n"))
        let metric = try #require(((Self.json(report)["variants"] as? [[String: Any]])?[0]["metrics"] as? [[String: Any]])?[0])
        #expect(metric["n"] as? Int == 1)
        #expect(metric["standardDeviation"] is NSNull && metric["interval"] is NSNull)
        #expect(metric["mean"] as? Double == 0.005067)
    }

    /// A metric no world of a variant measured keeps its row: n 0 and empty figures, in the
    /// Markdown, `metrics.csv` and `report.json` alike (the report of the chaos MapReduce world
    /// with one attempt a task had 23 rows where the others had 27).
    @Test func aMetricNeverMeasuredKeepsItsRow() throws {
        let manifest = try Self.manifest(seeds: "1..2")
        let records = try [
            Self.record(manifest, variant: 0, seed: 1, position: 0, values: ["balancer.p50": 0.004]),
            Self.record(manifest, variant: 0, seed: 2, position: 1, values: ["balancer.p50": 0.006]),
            Self.record(manifest, variant: 1, seed: 1, position: 2, values: ["balancer.p50": 0.004, "balancer.p99": 0.05]),
            Self.record(manifest, variant: 1, seed: 2, position: 3, values: ["balancer.p50": 0.006, "balancer.p99": 0.07]),
        ]
        let report = SweepReport(manifest: manifest, records: records)
        let csv = report.metricsCSV()
        #expect(csv.split(separator: "\n").count == 1 + 2 * manifest.metrics.count)
        #expect(csv.contains("\n1,workload.rate=300,balancer.p99,duration,0,,,,,,,,,false\n"))
        let markdown = report.markdown()
        #expect(Self.row(markdown, "balancer.p99") == ["balancer.p99", "0", "—", "—", "—", "—", "—", "—"])
        let variants = try #require(Self.json(report)["variants"] as? [[String: Any]])
        let metrics = try #require(variants[0]["metrics"] as? [[String: Any]])
        #expect(metrics.count == manifest.metrics.count)
        let p99 = try #require(metrics.first { $0["name"] as? String == "balancer.p99" })
        #expect(p99["n"] as? Int == 0)
        for key in ["mean", "standardDeviation", "interval", "minimum", "median", "maximum"] { #expect(p99[key] is NSNull, "\(key)") }
        // The p50s are the same in both variants, seed by seed: said in the Markdown.
        #expect(report.comparisons.contains { $0.metric.name == "balancer.p50" && $0.result.verdict == .identical })
        #expect(markdown.contains("- Variants 1 and 2 are identical in every seed both measured in `balancer.p50`.\n"))
    }

    /// Worlds that stopped early did not check their expectations: the pass rate is over the
    /// worlds that did, and the tables say how many did not. With none checked there is no rate.
    @Test func worldsThatStoppedEarlyAreNoTrialsOfTheExpectations() throws {
        let manifest = try Self.manifest(seeds: "1..3")
        let stopped = "the time limit of 500ms was reached"
        var records: [WorldRecord] = []
        for seed in 1...3 {
            records.append(try Self.record(manifest, variant: 0, seed: UInt64(seed), position: seed - 1, values: [:],
                                           expectations: [false, false, false], stoppedEarly: stopped))
        }
        for seed in 1...3 {
            records.append(try Self.record(manifest, variant: 1, seed: UInt64(seed), position: 2 + seed, values: [:],
                                           expectations: seed == 3 ? [false, false, false] : [true, seed == 1, true], stoppedEarly: seed == 3 ? stopped : nil))
        }
        let report = SweepReport(manifest: manifest, records: records)
        let first = report.variants[0].expectations[0], second = report.variants[1].expectations[1]
        #expect(first.rate == nil && first.held == 0 && first.trials == 0 && first.notChecked == 3)
        #expect(second.rate == WilsonInterval(successes: 1, trials: 2) && second.notChecked == 1)
        // The runs still fail, and are still listed.
        #expect(report.variants[0].passRate.successes == 0 && report.variants[0].failures.count == 3)
        let markdown = report.markdown()
        #expect(Self.row(markdown, "`success_ratio >= 0.9`") == ["`success_ratio >= 0.9`", "0/0", "3", "—"])
        let timeouts = markdown.split(separator: "\n").filter { $0.hasPrefix("| `timeouts > 0` ") }
            .map { $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } }
        #expect(timeouts == [["`timeouts > 0`", "0/0", "3", "—"], ["`timeouts > 0`", "1/2", "1", "50.0% [9.5% … 90.5%]"]])
        #expect(markdown.contains("A world that stopped early did not check its expectations: it is counted under *not checked*, not as a trial.\n"))
        let csv = report.expectationsCSV()
        #expect(csv.hasPrefix("variant,label,expectation,held,trials,not_checked,rate,wilson_low,wilson_high\n"))
        #expect(csv.contains("\n1,workload.rate=300,success_ratio >= 0.9,0,0,3,,,\n"))
        #expect(csv.contains("\n2,workload.rate=600,timeouts > 0,1,2,1,0.5,0.094531206,0.905468794\n"))
        let variants = try #require(Self.json(report)["variants"] as? [[String: Any]])
        let rate = try #require((variants[0]["expectations"] as? [[String: Any]])?[0])
        #expect(rate["held"] as? Int == 0 && rate["trials"] as? Int == 0 && rate["notChecked"] as? Int == 3 && rate["interval"] is NSNull)
        // Without a world stopped early the tables are as they were.
        let ran = SweepReport(manifest: manifest, records: Array(records[3..<5]) + [])
        #expect(!ran.markdown().contains("not checked"))
    }

    /// Figures in the CSV files through `NumberFormat`: nine significant digits, no exponent,
    /// not Swift's shortest text; a difference in the Markdown never reads as zero when it is not.
    @Test func figuresAreWrittenThroughNumberFormat() {
        #expect(SweepReport.csvNumber(-9.999999999999159e-07) == "-0.000001")
        #expect(SweepReport.csvNumber(0.9965999999999999) == "0.9966")
        #expect(SweepReport.csvNumber(0.0033989999999999997) == "0.003399")
        #expect(SweepReport.csvNumber(1.0001999999999998) == "1.0002")
        #expect(SweepReport.csvNumber(1_234_567.891) == "1234567.89")
        #expect(SweepReport.csvNumber(0) == "0")
        #expect(SweepReport.csvNumber(7001) == "7001")
        // A p-value below nine decimals keeps its digits (it is computed on the tail itself).
        #expect(SweepReport.csvPValue(0.9965999999999999) == "0.9966")
        #expect(SweepReport.csvPValue(0.000006199) == "0.000006199")
        #expect(SweepReport.csvPValue(2.1977448450988051e-23) == "2.1977448450988052e-23")
        #expect(SweepReport.csvPValue(0) == "0")
        #expect(SweepReport.signed(0.004, .rate) == "+0.004/s")
        #expect(SweepReport.signed(-0.0412, .rate) == "−0.0412/s")
        #expect(SweepReport.signed(0.25, .rate) == "+0.3/s")
        #expect(SweepReport.signed(-2e-7, .duration) == "−0.0002 ms")
        #expect(SweepReport.signed(0.0015, .duration) == "+1.500 ms")
        #expect(SweepReport.signed(0.00004, .ratio) == "+0.00004")
        #expect(SweepReport.signed(0, .rate) == "0.0/s")
    }

    /// `--vary` values that read as one number with a thousands separator are refused; two plain
    /// numbers are two values.
    @Test func aThousandsSeparatorInAVaryListIsRefused() throws {
        #expect(VaryList("servers.0.service_time=1,000us")?.thousandsSeparatorProblem == """
            --vary 'servers.0.service_time': '1,000us' reads as one number with a thousands separator, but a comma separates --vary's values \
            (here '1' and '000us'): write 1000us without the comma, or give each value in full
            """)
        #expect(VaryList("run.requests=1,000,000")?.thousandsSeparatorProblem?.contains("write 1000000 without the commas") == true)
        #expect(VaryList("workload.rate=2,500.5")?.thousandsSeparatorProblem?.contains("write 2500.5 without the comma") == true)
        for fine in ["workload.rate=300, 600", "workload.rate=1, 500", "servers.0.slots=1,2", "workload.rate=1000,500ms",
                     "workload.service_time={median: 1ms, sigma: 0.5},2ms", "workload.rate=1, 2000", "x=12,3456"] {
            #expect(VaryList(fine)?.thousandsSeparatorProblem == nil, "\(fine)")
        }
        #expect(VaryList("workload.service_time={median: 1ms, sigma: 0.5},2ms")?.values == ["{median: 1ms, sigma: 0.5}", "2ms"])
    }
}
