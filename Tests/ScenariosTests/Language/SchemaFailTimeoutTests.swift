import Foundation
import Testing
@testable import Scenarios

/// `passive_health.fail_timeout` was a plain `positive_duration` in the schema, so an editor
/// accepted `0.5`, `1500ms` and `.5ms`, which `orrery validate` refuses (s77's F3). Its own
/// definition now says what the loader reads: whole seconds, at least 1, in `s` or a larger unit.
struct SchemaFailTimeoutTests {
    static var definition: [String: Any]? {
        SchemaTests.value(SchemaTests.schema, ["$defs", "whole_seconds"]) as? [String: Any]
    }

    static func patternMatches(_ text: String) throws -> Bool {
        let alternatives = try #require(definition?["anyOf"] as? [[String: Any]])
        let pattern = try #require(alternatives.compactMap { $0["pattern"] as? String }.first)
        let expression = try NSRegularExpression(pattern: pattern)
        return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    static func loads(_ value: String) -> Bool {
        let world = """
        run: {requests: 10}
        servers: [{name: s, count: 2}]
        balancer:
          strategy: round_robin
          passive_health: {max_fails: 1, fail_timeout: \(value)}
        workload: {type: closed_loop, users: 1}
        """
        return (try? ScenarioLoader.parse(world, file: "f.yaml")) != nil
    }

    @Test func theBalancersFailTimeoutUsesTheWholeSecondsDefinition() throws {
        #expect(ScenarioSchema.jsonText.contains("\"$ref\": \"#/$defs/whole_seconds\""))
        let number = try #require((Self.definition?["anyOf"] as? [[String: Any]])?.first { $0["type"] as? String == "number" })
        #expect(number["multipleOf"] as? Double == 1)
        #expect(number["minimum"] as? Double == 1)
        #expect(number["maximum"] as? Double == 3_155_760_000)
    }

    @Test(arguments: ["10s", "1s", "2m", "1.5min", "1h", "3d", "2.0s", "1_000s", "10 s", "+5s", "1e3s"])
    func whatTheLoaderAcceptsThePatternAccepts(value: String) throws {
        #expect(Self.loads(value))
        #expect(try Self.patternMatches(value))
    }

    @Test(arguments: ["0.5s", "1.5s", "1500ms", "2000ms", "1ms", ".5ms", "1e3us", "0s", "-5s", "3_s", "0.5"])
    func whatTheLoaderRefusesThePatternRefuses(value: String) throws {
        #expect(!Self.loads(value))
        #expect(try !Self.patternMatches(value))
    }

    /// The pattern refuses a whole number with a leading zero (`"017"`, `"08"`) by the schema's
    /// own lookahead, the one every duration's pattern starts with (``SchemaNode/noLeadingZero``),
    /// not a copy of it: read from the schema's text, it cannot drift from the loader's rule.
    @Test func aLeadingZeroIsRefusedByTheSchemasOwnLookahead() throws {
        let alternatives = try #require(Self.definition?["anyOf"] as? [[String: Any]])
        let pattern = try #require(alternatives.compactMap { $0["pattern"] as? String }.first)
        #expect(pattern.hasPrefix("^" + SchemaNode.noLeadingZero + " *"))
        let duration = try #require((SchemaTests.value(SchemaTests.schema, ["$defs", "duration", "anyOf"]) as? [[String: Any]])?
            .compactMap { $0["pattern"] as? String }.first)
        #expect(duration.hasPrefix("^" + SchemaNode.noLeadingZero + " *"))
        for value in ["\"017\"", "\"08\"", "\" 010 \"", "\"+01\""] {
            #expect(!Self.loads(value), "\(value)")
            #expect(try !Self.patternMatches(String(value.dropFirst().dropLast())), "\(value)")
        }
        #expect(try Self.patternMatches("017s"))
        #expect(Self.loads("017s"))
    }

    /// Whole seconds in a larger unit or with an exponent is the loader's to judge; README lists it.
    @Test func aFractionOfAMinuteIsLeftToTheLoaderAndReadmeSaysSo() throws {
        #expect(!Self.loads("0.01min"))
        #expect(try Self.patternMatches("0.01min"))
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("whether a\n`passive_health.fail_timeout` in `min`, `h` or `d` or with an exponent is whole seconds (`0.01min`,\n`1e-3s`: the schema lets them through, the loader refuses them)"))
    }
}
