import Foundation
import Testing
@testable import Scenarios

/// A metric without an interval (measured in one seed of a variant, or in none) names no method:
/// a row of one seed in `metrics.csv` read `t` beside empty interval columns.
struct SweepMetricMethodTests {
    @Test func noIntervalNoMethod() throws {
        let manifest = try SweepReportFiguresTests.manifest(seeds: "5")
        let records = [try SweepReportFiguresTests.record(manifest, variant: 0, seed: 5, position: 0, values: ["balancer.p50": 0.005067]),
                       try SweepReportFiguresTests.record(manifest, variant: 1, seed: 5, position: 1, values: ["balancer.p50": 0.005651])]
        let report = SweepReport(manifest: manifest, records: records)
        let csv = report.metricsCSV()
        #expect(csv.contains("\n1,workload.rate=300,balancer.p50,duration,1,0.005067,,,,,0.005067,0.005067,0.005067,false\n"))
        #expect(csv.contains("\n1,workload.rate=300,balancer.p99,duration,0,,,,,,,,,false\n"))
        let metrics = try #require((try SweepReportFiguresTests.json(report)["variants"] as? [[String: Any]])?[0]["metrics"] as? [[String: Any]])
        #expect(metrics[0]["name"] as? String == "balancer.p50" && metrics[0]["method"] is NSNull)
    }

    @Test func anIntervalNamesItsMethod() throws {
        let manifest = try SweepReportFiguresTests.manifest(seeds: "1..2")
        let records = try [
            SweepReportFiguresTests.record(manifest, variant: 0, seed: 1, position: 0, values: ["balancer.p50": 0.004, "balancer.p99": 0.05]),
            SweepReportFiguresTests.record(manifest, variant: 0, seed: 2, position: 1, values: ["balancer.p50": 0.006, "balancer.p99": 0.07]),
            SweepReportFiguresTests.record(manifest, variant: 1, seed: 1, position: 2, values: [:]),
            SweepReportFiguresTests.record(manifest, variant: 1, seed: 2, position: 3, values: [:]),
        ]
        let csv = SweepReport(manifest: manifest, records: records).metricsCSV()
        #expect(csv.contains("\n1,workload.rate=300,balancer.p50,duration,2,0.005,0.001414214,0,0.017706205,t,0.004,0.005,0.006,true\n"))
        #expect(csv.contains(",balancer.p99,duration,2,0.06,") && csv.contains(",bootstrap,0.05,0.06,0.07,false\n"))
    }
}
