import Foundation
import Testing
@testable import Scenarios
@testable import Simulator

/// A valid scenario to break one line at a time.
let validScenario = """
name: t
seed: 5
run:
  requests: 100
servers:
  - name: s
    count: 2
    slots: 2
    service_time:
      exponential: 10ms
workload:
  type: closed_loop
  users: 4
faults:
  - at: 1s
    crash: s1
expect:
  - p99 < 200ms
  - success_ratio >= 0.999
"""

func loadError(_ text: String) -> ScenarioError? {
    do {
        _ = try ScenarioLoader.parse(text, file: "bad.yaml")
        return nil
    } catch {
        return error
    }
}

struct ScenarioLoaderTests {
    @Test func theValidScenarioLoadsWithEveryField() throws {
        let scenario = try ScenarioLoader.parse(validScenario, file: "scenarios/t.yaml")
        #expect(scenario.name == "t")
        #expect(scenario.seed == 5)
        #expect(scenario.servers.map(\.id.name) == ["s1", "s2"])
        #expect(scenario.servers[0].configuration == ServerConfiguration(slots: 2, queueCapacity: 1_000, serviceTime: .exponential(mean: 0.01)))
        #expect(scenario.workload?.arrivals == .closedLoop(users: 4, thinkTime: .constant(0)))
        #expect(scenario.workload?.requestLimit == 100)
        #expect(scenario.faults.entries == [.init(at: .after(.seconds(1)), fault: .crash("s1"))])
        #expect(scenario.expectations.map(\.text) == ["p99 < 200ms", "success_ratio >= 0.999"])
        #expect(scenario.expectations[0].threshold == 0.2)
        #expect(scenario.expectations[0].line == 18)
    }

    @Test func anUnknownKeyIsNamedWithASuggestionAndItsPosition() {
        let error = loadError(validScenario.replacingOccurrences(of: "    slots: 2", with: "    slotz: 2"))
        #expect(error?.description == "bad.yaml:8:5: error: unknown key 'slotz'; did you mean 'slots'? (at servers.[0])")
    }

    @Test func aWrongTypeNamesWhatWasExpectedAndFound() {
        let error = loadError(validScenario.replacingOccurrences(of: "users: 4", with: "users: [4]"))
        #expect(error?.description == "bad.yaml:13:10: error: expected an integer, found a list (at workload.users)")
    }

    @Test func aNegativeRateIsImpossible() {
        let text = validScenario.replacingOccurrences(of: "  type: closed_loop\n  users: 4", with: "  type: open_loop\n  rate: -5")
        #expect(loadError(text)?.description == "bad.yaml:13:9: error: must be greater than zero, got -5 (at workload.rate)")
    }

    @Test func aProbabilityAboveOneIsImpossible() {
        let text = validScenario.replacingOccurrences(of: "servers:", with: "network:\n  drop_rate: 1.5\nservers:")
        #expect(loadError(text)?.description == "bad.yaml:6:14: error: a probability must be between 0 and 1, got 1.5 (at network.drop_rate)")
    }

    @Test func aFaultOnAnUnknownNodeIsRejectedWithASuggestion() {
        let error = loadError(validScenario.replacingOccurrences(of: "crash: s1", with: "crash: s3"))
        #expect(error?.line == 16)
        #expect(error?.column == 12)
        #expect(error?.message == "unknown node 's3'; did you mean 's1'?")
    }

    @Test func aMissingRequiredKeyIsReportedAtItsMapping() {
        let error = loadError(validScenario.replacingOccurrences(of: "  users: 4\n", with: ""))
        #expect(error?.description == "bad.yaml:12:3: error: missing required key 'users' (at workload)")
    }

    @Test func malformedYAMLGivesTheParserPosition() {
        let error = loadError(validScenario.replacingOccurrences(of: "  requests: 100", with: "  requests: [100"))
        #expect(error?.line == 5)
        if case .syntax = error?.kind {} else { Issue.record("expected a syntax error, got \(String(describing: error))") }
    }

    @Test func anUnknownMetricInAnExpectationIsNamed() {
        let error = loadError(validScenario.replacingOccurrences(of: "success_ratio >= 0.999", with: "sucess_ratio >= 0.999"))
        #expect(error?.description == "bad.yaml:19:5: error: unknown metric 'sucess_ratio'; did you mean 'success_ratio'? (at expect.[1])")
    }

    @Test(arguments: [("250ms", 0.25), ("1.5s", 1.5), ("2m", 120), ("1h", 3_600), ("100us", 0.0001), ("10ns", 1e-8), ("3", 3), ("1_000ms", 1)])
    func durationsReadTheirUnits(text: String, seconds: Double) throws {
        let scenario = try ScenarioLoader.parse(validScenario.replacingOccurrences(of: "at: 1s", with: "at: \(text)"), file: "t.yaml")
        #expect(abs(scenario.faults.entries[0].at.seconds - seconds) < 1e-12)
    }

    @Test func aNegativeDurationIsImpossible() {
        #expect(loadError(validScenario.replacingOccurrences(of: "at: 1s", with: "at: -1s"))?.message == "a duration cannot be negative, got -1s")
    }
}
