import Foundation
import Testing
@testable import Scenarios

/// README says the comparison names "which metrics were identical in every shared seed"; a
/// metric the same in every world (`success_ratio` 1, `completed` 3,000) got no row, bullet or
/// CSV line. It is compared like any other now (`identical`, in comparisons.csv and
/// report.json) and report.md names it once, with its value, not in every pair's list.
struct SweepSameInEveryWorldTests {
    static func report(variants: Int) throws -> SweepReport {
        let path = packageRoot.appendingPathComponent("scenarios/crash-and-restart.yaml").path
        let rates = (1...variants).map { "\($0 * 100)" }.joined(separator: ",")
        let plan = try SweepPlan(file: path, seeds: SeedList(parsing: "1..2"), dimensions: [ScenarioOverride.parseVariants("workload.rate=\(rates)")])
        let manifest = try Sweep.load(plan).manifest
        var records: [WorldRecord] = []
        for variant in 0..<variants {
            for seed in 1...2 {
                // p50 differs by seed, alike in every variant; the others are one value everywhere.
                records.append(try SweepReportFiguresTests.record(
                    manifest, variant: variant, seed: UInt64(seed), position: records.count,
                    values: ["balancer.success_ratio": 1, "balancer.completed": 3000, "balancer.p50": 0.004 + 0.001 * Double(seed)]))
            }
        }
        return SweepReport(manifest: manifest, records: records)
    }

    @Test func aMetricTheSameEverywhereIsNamedOnce() throws {
        let report = try Self.report(variants: 3)
        let markdown = report.markdown()
        #expect(markdown.contains("""
            No metric differs between any two variants by more than seed-to-seed noise.

            - Every world that ran to its end measured the same value of `balancer.success_ratio` (1), `balancer.completed` (3,000): \
            no variant differs from another in them.
            - Variants 1 and 2 are identical in every seed both measured in `balancer.p50`.
            - Variants 1 and 3 are identical in every seed both measured in `balancer.p50`.
            - Variants 2 and 3 are identical in every seed both measured in `balancer.p50`.


            """))
        let csv = report.comparisonsCSV()
        for pair in ["1,2", "1,3", "2,3"] {
            #expect(csv.contains("\nbalancer.success_ratio,\(pair),2,0,1,identical\n"))
            #expect(csv.contains("\nbalancer.completed,\(pair),2,0,1,identical\n"))
        }
        let comparisons = try #require(try SweepReportFiguresTests.json(report)["comparisons"] as? [[String: Any]])
        #expect(comparisons.filter { $0["metric"] as? String == "balancer.completed" }.map { $0["verdict"] as? String } == ["identical", "identical", "identical"])
    }

    @Test func oneMetricReadsInTheSingular() throws {
        let manifest = try SweepReportFiguresTests.manifest(seeds: "1..2")
        let records = try (0..<4).map { position in
            try SweepReportFiguresTests.record(manifest, variant: position / 2, seed: UInt64(position % 2 + 1), position: position,
                                               values: ["balancer.timeouts": 0])
        }
        #expect(SweepReport(manifest: manifest, records: records).markdown().contains(
            "- Every world that ran to its end measured the same value of `balancer.timeouts` (0): no variant differs from another in it.\n"))
    }
}
