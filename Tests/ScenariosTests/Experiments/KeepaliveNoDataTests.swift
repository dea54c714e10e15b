import Foundation
import Testing
@testable import Scenarios

/// The keepalive report where a run had nothing to measure (checker C3's F5): at
/// `run.duration: 1ms` the open-loop runs forward no request, and their rows read setups per
/// request 0.0000 and latencies 0.000 ms, the prose "Without a pool: mean 0.000 ms" and "needed
/// 0.0000 setups per request (0.0× the floor) … stayed within 64 idle ones". Figures of no data
/// are "—" (an empty CSV cell), and the prose says there was nothing to measure.
struct KeepaliveNoDataTests {
    static let comparison: KeepaliveComparison = {
        let shipped = try! String(contentsOf: packageRoot.appendingPathComponent("scenarios/keepalive.yaml"), encoding: .utf8)
        let base = try! ScenarioLoader.parse(shipped.replacingOccurrences(of: "duration: 30s", with: "duration: 1ms"), file: "k.yaml")
        return KeepaliveComparison.run(base, jobs: 1, sweepUsers: [])
    }()

    @Test func rowsWithoutForwardsShowNoFigures() {
        let report = Self.comparison.markdown()
        #expect(report.contains("| bursty: no pooling     |        0 |      0 |              — |    — |   — |   — |     — |         0 |         0 |       0 |       0 |       0 |      0 |\n"))
        #expect(report.contains("| bursty: seed 004       |        0 |      0 |              — |    — |   — |   — |     — |         0 |         0 |       0 |       0 |       0 |      0 |\n"))
        // The closed loop forwarded its 10 users' requests: its figures stay.
        #expect(report.contains("| no pooling              |       10 |     10 |         1.0000 | 24.187 ms | 22.943 ms | 31.693 ms |        — |"))
    }

    @Test func theProseSaysThereWasNothingToMeasure() {
        let report = Self.comparison.markdown()
        #expect(report.contains("\n\n**Open-loop traffic** gave the pools nothing to measure: no request was forwarded in the run's 1.000 ms.\n"))
        #expect(report.contains("\n- **Under open-loop traffic** the same pool had nothing to measure: no request was forwarded in the run's 1.000 ms.\n"))
        #expect(!report.contains("Without a pool: mean 0.000 ms"))
        #expect(!report.contains("0.0× the floor"))
    }

    @Test func theCSVLeavesFiguresOfNoDataEmpty() {
        let row = Self.comparison.variantsCSV().split(separator: "\n").first { $0.hasPrefix("bursty: seed 004,") }
        #expect(row?.hasPrefix("bursty: seed 004,bursty,64,100,60.000,false,0,0,0,0,0,0,,,,,,,0,0,0,0,0,0,0,0,0,") == true)
    }

    @Test func theJSONOmitsLatenciesOfNoData() {
        let json = Self.comparison.json()
        #expect(!json.contains("\"meanSeconds\" : 0,"))
        #expect(json.contains("\"meanSeconds\" : 0.024186691,"))
    }
}
