import Foundation
import Testing
@testable import Scenarios

/// A metric every world measured alike is named once as the same everywhere, in a sweep of one
/// seed too — it had been counted among the comparisons that could not be made — and an exact
/// zero reads `0 ms` and `0/s`, not `0.000 ms` (a figure under half a microsecond) or `0.0/s`.
struct SweepConstantMetricWordsTests {
    private static func report(seeds: String, _ values: (_ variant: Int, _ seed: UInt64) -> [String: Double]) throws -> SweepReport {
        let manifest = try SweepReportFiguresTests.manifest(seeds: seeds)
        let seedList = try SeedList(parsing: seeds)
        var records: [WorldRecord] = []
        for variant in 0..<2 {
            for seed in seedList.seeds {
                records.append(try SweepReportFiguresTests.record(manifest, variant: variant, seed: seed, position: records.count,
                                                                   values: values(variant, seed)))
            }
        }
        return SweepReport(manifest: manifest, records: records)
    }

    /// The differences section of `report`'s Markdown, to the next heading.
    private static func differences(_ report: SweepReport) throws -> String {
        let markdown = report.markdown()
        let start = try #require(markdown.range(of: "## Differences between variants\n\n"))
        let end = try #require(markdown.range(of: "\n## ", range: start.upperBound..<markdown.endIndex))
        return String(markdown[start.lowerBound..<end.lowerBound])
    }

    /// `--seeds 5`, two variants: `p50` differs and cannot be compared; `p99`, `timeouts` and
    /// `throughput` are one value in both worlds and are named as such, not counted unmade.
    @Test func aConstantMetricInOneSeedIsNamedNotUnmade() throws {
        let report = try Self.report(seeds: "5") { variant, _ in
            ["balancer.p50": variant == 0 ? 0.005067 : 0.005651, "balancer.p99": 0, "balancer.timeouts": 0, "balancer.throughput": 0]
        }
        #expect(report.comparisons.isEmpty && report.unpaired == 1)
        #expect(try Self.differences(report) == """
            ## Differences between variants

            No comparison could be made: a paired comparison needs two or more seeds that measured the metric in both variants, \
            and no two variants have them (the sweep ran 1 seed).

            - Every world that ran to its end measured the same value of `balancer.p99` (0 ms), `balancer.throughput` (0/s), \
            `balancer.timeouts` (0): no variant differs from another in them.

            """)
    }

    /// One seed, every metric alike: nothing is said to be unmade, nor to differ by no more than
    /// noise (one seed measures no noise).
    @Test func oneSeedEveryMetricAlikeSaysOnlyThat() throws {
        let report = try Self.report(seeds: "5") { _, _ in ["balancer.p50": 0.005, "balancer.completed": 3000] }
        #expect(report.comparisons.isEmpty && report.unpaired == 0)
        #expect(try Self.differences(report) == """
            ## Differences between variants

            - Every world that ran to its end measured the same value of `balancer.p50` (5.000 ms), `balancer.completed` (3,000): \
            no variant differs from another in them.

            """)
    }

    /// Two seeds: a duration 0 in every world reads `0 ms`, as with one seed.
    @Test func anExactZeroReadsWithoutDecimals() throws {
        let report = try Self.report(seeds: "1..2") { _, seed in ["balancer.p50": 0.004 + 0.001 * Double(seed), "balancer.p99": 0] }
        #expect(try Self.differences(report).contains(
            "- Every world that ran to its end measured the same value of `balancer.p99` (0 ms): no variant differs from another in it.\n"))
        #expect(report.unpaired == 0)
    }

    /// A metric one variant alone measured is not alike "between variants": its pairs stay unmade.
    @Test func aMetricOfOneVariantStaysUnmade() throws {
        let report = try Self.report(seeds: "5") { variant, _ in variant == 0 ? ["balancer.timeouts": 0] : [:] }
        #expect(report.sameInEveryWorld.isEmpty && report.unpaired == 1)
    }
}
