import Testing
@testable import Scenarios

/// `--set` and `--vary` change a file's values through the same loader, with its positions.
struct ScenarioOverrideTests {
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
        #expect(Self.error(["servers.0.count=-1"], option: "--vary") == "o.yaml:6:12: error: must be 1 … 1,000, got -1 (the value comes from --vary servers.0.count=-1) (at servers.[0].count)")
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

    /// A list index is digits as written in the path: `+0`, `00` and `-0` read index 0 (Swift's
    /// `Int` takes a sign and leading zeros).
    @Test func aListIndexIsPlainDigits() {
        for index in ["+0", "00", "-0", "0x0", " 0"] {
            #expect(Self.error(["servers.\(index).count=1"]) == "o.yaml:5:3: error: --set servers.\(index).count: '\(index)' is not an index of this list of 1 (0 … 0) (at servers)")
        }
    }

    /// A value that is not YAML is an error at the place it would replace, with the reader's
    /// reason and where in the value it is (it had no position at all).
    @Test func aValueThatIsNotYAMLIsAnErrorAtThePlaceItReplaces() {
        #expect(Self.error(["workload.users=[1"]).hasPrefix("o.yaml:8:38: error: --set workload.users: the value '[1' is not a YAML value: "))
        #expect(Self.error(["workload.users=[1"]).contains(" at the end of the value"))
        #expect(Self.error(["workload.users=a: b: c"]).contains(" at character 5 of the value"))
        #expect(Self.error(["balancer.x={a"]).hasPrefix("o.yaml:1:1: error: --set balancer.x: the value '{a' is not a YAML value: "))
    }

    /// A "billion laughs" of nine levels in 288 characters: each alias repeats its anchor, so the
    /// value is 9⁹ nodes; placing each at the file's position took all 24 GB (killed after 90 s).
    /// Refused at once, as is a level-4 one past 2,000 values; a small anchored value is fine.
    @Test func aValueWhoseAliasesExpandPastTheLimitIsRefusedAtOnce() throws {
        let levels = (1...9).map { level -> String in
            let name = String(UnicodeScalar(UInt8(96 + level)))
            let element = level == 1 ? "x" : "*" + String(UnicodeScalar(UInt8(95 + level)))
            return "&\(name) [" + Array(repeating: element, count: 9).joined(separator: ",") + "]"
        }
        let laughs = "[" + levels.joined(separator: ", ") + "]"
        #expect(laughs.count == 288)
        #expect(Self.error(["description=" + laughs]).hasPrefix("o.yaml:1:1: error: --set description: the value '[&a [x,x,x,x,x,x,x,x,x], &b [*a,*a,*a,*a,*a,*a,*a,*a,*a],…' holds more than 2,000 values once its aliases are expanded"))
        let four = "[" + levels.prefix(4).joined(separator: ", ") + "]"
        #expect(Self.error(["description=" + four]).contains("holds more than 2,000 values"))
        // 1 + 9 + 81 + 729 = 820 values in three levels: in range, so read (and refused as a list where a string goes).
        let three = "[" + levels.prefix(3).joined(separator: ", ") + "]"
        #expect(Self.error(["description=" + three]).contains("expected a string, found a list"))
        #expect(try Self.load(["servers.0.count=&n 5"]).servers.count == 5)
    }

    /// Two values of one `--vary` that the loader reads as one number are one variant, refused
    /// as a repetition (`slots=1,01` made two identical variants).
    @Test func aVaryValueRepeatedAsAnotherSpellingOfItsNumberIsRefused() throws {
        for values in ["1,01", "2,2.0", "1000,1_000", "5,5e0", "3,3"] {
            #expect(throws: OverrideProblem.self) { try ScenarioOverride.parseVariants("servers.0.slots=\(values)") }
        }
        do {
            _ = try ScenarioOverride.parseVariants("servers.0.slots=1,01")
        } catch {
            #expect(error.description == "'servers.0.slots' lists the value '01' twice (as '1')")
        }
        #expect(try ScenarioOverride.parseVariants("servers.0.slots=1,10,2s,1ms").count == 4)
        // A value is read as its field reads it: where a count goes `1s` is no number, two values
        // here, and the sweep's load says `1s` is none (VaryTypedSamenessTests).
        #expect(try ScenarioOverride.parseVariants("servers.0.slots=1,1s").count == 2)
        // Durations are compared as the loader reads them, in nanoseconds.
        for values in ["1ms,1.0ms", "1ms,0.001s", "1ms,1000us", "2m,120s", "1h,60min"] {
            #expect(throws: OverrideProblem.self) { try ScenarioOverride.parseVariants("network.latency=\(values)") }
        }
        #expect(try ScenarioOverride.parseVariants("network.latency=1ms,2ms,1us,1s").count == 4)
        // A quoted duration is the duration, as the loader reads it; a quoted number is text,
        // the text a plain one reads as where text goes (VaryExactNumberTests).
        for values in ["1s,\"1s\"", "'1s',1000ms", "\"2ms\",'2ms'"] {
            #expect(throws: OverrideProblem.self) { try ScenarioOverride.parseVariants("workload.timeout=\(values)") }
        }
        #expect(try ScenarioOverride.parseVariants("description=3,\"4\",'x'").count == 3)
    }

    /// Too many values are refused before any is checked: 20,000 values took minutes, the
    /// repetition check growing with their square.
    @Test func tooManyVaryValuesAreRefusedAtOnce() {
        let values = (1...20_000).map(String.init).joined(separator: ",")
        #expect(throws: OverrideProblem.self) { try ScenarioOverride.parseVariants("a=\(values)") }
        do {
            _ = try ScenarioOverride.parseVariants("a=\(values)")
        } catch {
            #expect(error.description == "a sweep has at most 1,000 variants; 'a' lists 20,000 values; vary fewer values, or sweep in parts")
        }
    }
}
