import Testing
@testable import Scenarios

/// With more than ten variants only the pairs with variant 1 are compared (all pairs of 1,000
/// variants are 499,500 per metric); report.md said nothing of it, so a missing pair read as no
/// difference. It says so now, with the counts.
struct SweepManyVariantsTests {
    static func report(variants: Int) throws -> SweepReport {
        let path = packageRoot.appendingPathComponent("scenarios/crash-and-restart.yaml").path
        let rates = (1...variants).map { "\($0 * 100)" }.joined(separator: ",")
        let plan = try SweepPlan(file: path, seeds: SeedList(parsing: "1..2"), dimensions: [ScenarioOverride.parseVariants("workload.rate=\(rates)")])
        let manifest = try Sweep.load(plan).manifest
        var records: [WorldRecord] = []
        for variant in 0..<variants {
            for seed in 1...2 {
                records.append(try SweepReportFiguresTests.record(manifest, variant: variant, seed: UInt64(seed), position: records.count,
                                                                  values: ["balancer.p50": 0.001 * Double(variant + 1) + 0.0001 * Double(seed * seed)]))
            }
        }
        return SweepReport(manifest: manifest, records: records)
    }

    @Test func elevenVariantsAreEachComparedWithTheFirst() throws {
        let report = try Self.report(variants: 11)
        let pairs: [String] = report.comparisons.map { (comparison: SweepReport.Comparison) -> String in "\(comparison.first + 1)-\(comparison.second + 1)" }
        #expect(pairs == (2...11).map { (variant: Int) -> String in "1-\(variant)" })
        #expect(report.markdown().contains("""
            ## Differences between variants

            11 variants: each is compared with variant 1 only (10 pairs); every pair is compared only up to 10 variants (all pairs here would be 55).


            """))
        let csvPairs: [String] = report.comparisonsCSV().split(separator: "\n").dropFirst().map { (row: Substring) -> String in
            row.split(separator: ",")[1...2].joined(separator: ",")
        }
        #expect(csvPairs == (2...11).map { (variant: Int) -> String in "1,\(variant)" })
    }

    @Test func tenVariantsCompareEveryPairAndSayNothing() throws {
        let report = try Self.report(variants: 10)
        #expect(report.comparisons.count == 45)
        #expect(!report.markdown().contains("compared with variant 1 only"))
    }
}
