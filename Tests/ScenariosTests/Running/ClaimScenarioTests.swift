import Foundation
import Testing
@testable import Scenarios
@testable import Simulator

/// The claim scenarios' own `expect:` assertions, run as CI runs them.
struct ClaimScenarioTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test(arguments: ["seed-003-least-conn.yaml", "seed-004-web-platform.yaml"])
    func everyExpectationOfTheClaimScenarioHolds(file: String) throws {
        let scenario = try ScenarioLoader.load(path: Self.root.appendingPathComponent("scenarios/\(file)").path)
        #expect(scenario.expectations.count >= 5)
        let result = ScenarioRunner.runTraffic(scenario)
        #expect(result.failure == nil)
        for check in result.checks {
            #expect(check.holds, "\(file):\(check.expectation.line): '\(check.expectation.text)' measured \(check.measured)")
        }
        #expect(result.balancer?.failovers.count == 2)
    }

    @Test func theSameScenarioAndSeedGiveTheSameRun() throws {
        let scenario = try ScenarioLoader.load(path: Self.root.appendingPathComponent("scenarios/seed-003-least-conn.yaml").path)
        let short = scenario.withDuration(.seconds(60))
        let a = ScenarioRunner.runTraffic(short), b = ScenarioRunner.runTraffic(short)
        #expect(a.digest == b.digest)
        #expect(a.markdown() == b.markdown())
        #expect(a.json() == b.json())
    }
}
