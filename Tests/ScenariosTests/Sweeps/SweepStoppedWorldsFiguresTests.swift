import Foundation
import Testing
@testable import Scenarios

/// A world that stopped early measured only the run before the stop (`completed` 2,996 of
/// 3,000): its figures entered the metric tables and the paired comparisons, which then called
/// differences made only by the stop significant. They are left out now, as from the
/// expectations, and report.md says how many.
struct SweepStoppedWorldsFiguresTests {
    static let stop = "virtual time limit reached at t=0.560s with 4 requests unfinished"

    /// Variant 1's seed 1 stopped early; seeds 2 and 3 of both ran to their end.
    static func report() throws -> SweepReport {
        let manifest = try SweepReportFiguresTests.manifest(seeds: "1..3")
        let rows: [(variant: Int, seed: UInt64, completed: Double, p50: Double, stopped: Bool)] = [
            (0, 1, 2996, 0.004, true), (0, 2, 3000, 0.005, false), (0, 3, 3000, 0.006, false),
            (1, 1, 3000, 0.0049, false), (1, 2, 3000, 0.0061, false), (1, 3, 3000, 0.0072, false),
        ]
        let records = try rows.enumerated().map { position, row in
            try SweepReportFiguresTests.record(manifest, variant: row.variant, seed: row.seed, position: position,
                                               values: ["balancer.completed": row.completed, "balancer.p50": row.p50],
                                               stoppedEarly: row.stopped ? stop : nil)
        }
        return SweepReport(manifest: manifest, records: records)
    }

    @Test func theMetricsLeaveOutTheStoppedWorld() throws {
        let report = try Self.report()
        let markdown = report.markdown()
        #expect(SweepReportFiguresTests.row(markdown, "balancer.completed")
                == ["balancer.completed", "2", "3,000", "0", "3,000 … 3,000", "3,000", "3,000", "3,000"])
        #expect(markdown.contains("""
            Left out of these figures: 1 world that stopped early, whose figures cover only the run before the stop.


            """))
        #expect(markdown.components(separatedBy: "Left out of these figures").count == 2)
        let csv = report.metricsCSV()
        #expect(csv.contains("\n1,workload.rate=300,balancer.completed,count,2,3000,0,3000,3000,t,3000,3000,3000,false\n"))
        #expect(csv.contains("\n1,workload.rate=300,balancer.p50,duration,2,0.0055,0.000707107,"))
        let variant = try #require((try SweepReportFiguresTests.json(report)["variants"] as? [[String: Any]])?[0])
        let completed = try #require((variant["metrics"] as? [[String: Any]])?.first { $0["name"] as? String == "balancer.completed" })
        #expect(completed["n"] as? Int == 2 && completed["minimum"] as? Double == 3000)
    }

    /// Paired on seeds 2 and 3 only: the p50 differences are −1.1 ms and −1.2 ms, t = −23 on 1
    /// degree of freedom, p = 0.027662 (scipy's `ttest_1samp`); the stopped seed's −0.9 ms and
    /// its 4 fewer completed requests are no part of it.
    @Test func theComparisonsPairTheSeedsWhereBothRanToTheirEnd() throws {
        let report = try Self.report()
        let csv = report.comparisonsCSV()
        #expect(csv.contains("\nbalancer.p50,1,2,2,-0.00115,0.027661699,lower\n"))
        #expect(csv.contains("\nbalancer.completed,1,2,2,0,1,identical\n"))
        let markdown = report.markdown()
        #expect(markdown.contains("""
            ## Differences between variants

            1 world that stopped early is left out: two variants are compared on the seeds where both worlds ran to their end.


            """))
        #expect(SweepReportFiguresTests.row(markdown, "balancer.p50") == ["balancer.p50", "1", "2", "−1.150 ms", "0.0277", "lower"])
    }

    /// Without a world stopped early nothing is said.
    @Test func noStopNoSentence() throws {
        let manifest = try Self.report().manifest
        var records: [WorldRecord] = []
        for variant in manifest.variants.indices {
            for seed: Int in 2...3 {
                let p50: Double = 0.001 * Double(seed + variant)
                records.append(try SweepReportFiguresTests.record(manifest, variant: variant, seed: UInt64(seed), position: variant * 2 + seed - 2,
                                                                  values: ["balancer.p50": p50]))
            }
        }
        let ran = SweepReport(manifest: manifest, records: records)
        #expect(!ran.markdown().contains("that stopped early"))
        #expect(!ran.markdown().contains("Left out"))
    }
}
