import Testing
@testable import Scenarios

/// `--set` and `--vary` change a file's values through the same loader, with its positions.
@Suite struct ScenarioOverrideTests {
    static let text = """
        name: o
        seed: 3
        run: {requests: 100}
        servers:
          - name: s
            count: 2
            slots: 2
        workload: {type: closed_loop, users: 4}
        expect:
          - p99 < 1s
        """

    static func load(_ overrides: [String], option: String = "--set") throws -> Scenario {
        let document = try ScenarioDocument.parse(text, file: "o.yaml")
        guard case .world(let scenario) = try ScenarioFile.load(document, overrides: overrides.map { try ScenarioOverride(parsing: $0) }, option: option) else {
            Issue.record("not a world")
            throw OverrideProblem("not a world")
        }
        return scenario
    }

    static func error(_ overrides: [String], option: String = "--set") -> String {
        do {
            _ = try load(overrides, option: option)
            return ""
        } catch {
            return "\(error)"
        }
    }

    @Test func valuesAreReplacedByKeyPathAndListIndex() throws {
        let scenario = try Self.load(["servers.0.count=5", "seed=9", "workload.users=7", "name=renamed"])
        #expect(scenario.servers.count == 5)
        #expect(scenario.seed == 9)
        #expect(scenario.name == "renamed")
        #expect(try Self.load([]).servers.count == 2)
    }

    @Test func aNewKeyMayBeAddedAtTheEndOfAPath() throws {
        let scenario = try Self.load(["servers.0.queue=3"])
        #expect(scenario.servers.count == 2)
    }

    @Test func aBadValueIsReportedAtThePositionItReplacesNamingTheOption() {
        #expect(Self.error(["servers.0.count=-1"], option: "--vary") == "o.yaml:6:12: error: must be at least 1, got -1 (the value comes from --vary servers.0.count=-1) (at servers.[0].count)")
        #expect(Self.error(["workload.users=many"]).hasPrefix("o.yaml:8:38: error: expected an integer, found 'many' (the value comes from --set workload.users=many)"))
    }

    @Test func aPathThatLeadsNowhereIsAnErrorAtTheDeepestNodeReached() {
        #expect(Self.error(["servers.3.count=1"]) == "o.yaml:5:3: error: --set servers.3.count: '3' is not an index of this list of 1 (0 … 0) (at servers)")
        #expect(Self.error(["balancer.strategy=x"]) == "o.yaml:1:1: error: --set balancer.strategy: there is no key 'balancer' at the top of the file")
        #expect(Self.error(["seed.x=1"]).contains("seed is a single value, with no 'x' inside"))
        #expect(Self.error(["workload.nonsense=1"]).contains("unknown key 'nonsense'"))
    }

    /// A key an override adds is placed at its mapping, so that "unknown key" has a position and
    /// names the option (it had neither); a value YAML reads as null names it too.
    @Test func aKeyAnOverrideAddsIsReportedAtItsMappingNamingTheOption() {
        #expect(Self.error(["nosuch=1"]) == "o.yaml:1:1: error: unknown key 'nosuch' (the key comes from --set nosuch=1)")
        #expect(Self.error(["servers.0.nosuch=1"]) == "o.yaml:5:5: error: unknown key 'nosuch' (the key comes from --set servers.0.nosuch=1) (at servers.[0])")
        #expect(Self.error(["servers.0.name=---"]) == "o.yaml:5:5: error: missing required key 'name' (the key comes from --set servers.0.name=---) (at servers.[0])")
    }
}
