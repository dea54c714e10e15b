import Foundation
import Testing
@testable import Scenarios

/// A sweep's figures of many seeds read a boolean metric as the share of seeds where it held: its
/// mean, interval and median were printed `false` or `true` (a mean of 0.875 read "false", its
/// interval "false … true").
struct SweepBooleanFiguresTests {
    /// The chaos MapReduce world with two attempts a task over seeds 1 … 8: five seeds' jobs
    /// fail (a map failed twice — its output lost to fetch failures, or its split unreadable while
    /// its worker was cut off from the log, each counting as Hadoop counts it), so
    /// `mapreduce.succeeded` holds in 3 of 8 seeds. Mean 0.375, s = √(15/56) = 0.5175, t
    /// interval 0.375 ± 2.364624 · 0.5175 / √8 = −0.0577 … 0.8077, cut at 0; median 0.
    @Test func aBooleansMeanIntervalAndMedianAreSharesOfSeeds() throws {
        let path = packageRoot.appendingPathComponent("scenarios/mapreduce-log-chaos.yaml").path
        let plan = try SweepPlan(file: path, seeds: SeedList(parsing: "1..8"), dimensions: [ScenarioOverride.parseVariants("cluster.policy.max_attempts=2")])
        let sweep = try Sweep.load(plan)
        let records = (0..<plan.worldCount).map(sweep.runWorld(at:))
        let report = SweepReport(manifest: sweep.manifest, records: records)
        let markdown = report.markdown()
        #expect(markdown.contains("| mapreduce.succeeded              |   8 |      0.375 |     0.5175 | 0 … 0.8077 (*clipped*)          |    false |         0 |      true |"))
        #expect(markdown.contains("| mapreduce.output_exact           |   8 |      0.375 |     0.5175 | 0 … 0.8077 (*clipped*)          |    false |         0 |      true |"))
        // A failed job's events per second is not measured: the 3 seeds whose job succeeded
        // (their figures moved with Hadoop's cap on backups and chaos's partition rate; the
        // columns are as wide as the table's widest cells).
        #expect(markdown.contains("| mapreduce.events_per_second      |   3 |  1,451.5/s |    461.7/s | 304.6/s … 2,598.3/s             |  918.4/s | 1,718.0/s | 1,718.0/s |"))
        #expect(!markdown.contains("false …"))
    }

    @Test func aDifferenceOfBooleanMeansIsAShare() {
        #expect(SweepReport.signed(-0.25, .boolean) == "−0.25")
        #expect(SweepReport.signed(0.125, .boolean) == "+0.125")
        #expect(SweepReport.acrossSeeds(.boolean, 1) == "1")
        #expect(SweepReport.acrossSeeds(.ratio, 0.5) == "0.5")
    }
}
