import Foundation
import Testing
@testable import Scenarios

/// Number forms where `scripts/check_schema.py` and the loader disagreed (s77's F4, F5):
/// the script's YAML resolvers read `3_` and `1__0` as the integers 3 and 10 (`[1-9][0-9_]*`),
/// which the loader refuses; and the loader reads `-0B` and `1e1%`, which the schema's patterns
/// refuse, without README's list of what the schema cannot say naming them.
struct SchemaCheckNumberFormsTests {
    static func text(_ path: String) throws -> String {
        try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func theScriptsResolversTakeUnderscoresOnlyBetweenDigits() throws {
        let script = try Self.text("scripts/check_schema.py")
        #expect(script.contains(#"DIGITS = r"[0-9](?:_?[0-9])*""#))
        #expect(script.contains(#"re.compile(r"^[-+]?(?:0|[1-9](?:_?[0-9])*)$")"#))
        #expect(script.contains(#"re.compile(rf"^[-+]?(?:{DIGITS}\.(?:{DIGITS})?(?:[eE][-+]?[0-9]+)?|\.{DIGITS}(?:[eE][-+]?[0-9]+)?|{DIGITS}[eE][-+]?[0-9]+)$")"#))
        // No pattern of the script lets `_` trail or double.
        #expect(!script.contains("[0-9_]"))
        // The grammar is the loader's own (`DecimalText.digitsPattern`, non-capturing).
        #expect(DecimalText.digitsPattern == "[0-9](_?[0-9])*")
    }

    @Test func theLoaderRefusesWhatTheScriptNoLongerResolves() {
        for written in ["3_", "1__0", "5_.0"] {
            let cursor = YAMLCursor(node: .scalar(.init(written)), file: "t.yaml", path: "count")
            #expect(throws: ScenarioError.self) { try cursor.int() }
        }
    }

    @Test func theLoaderOnlyFormsAreNamedInReadme() throws {
        let size = YAMLCursor(node: .scalar(.init("-0B")), file: "t.yaml", path: "size")
        #expect(try size.byteCount() == 0)
        let readme = try Self.text("README.md")
        #expect(readme.contains("`-0s` and `-0B` (the loader reads them as zero; the\npatterns have no sign but `+`), a percentage written with an exponent, `_` or a minus sign (`1e1%`, `1_0%`, `-0%`:\nthe loader reads 10 %, 10 % and 0 %; the pattern spells out 0 … 100 in plain digits)"))
    }

    @Test(arguments: ["1e1%", "1_0%", "-0%"])
    func aPercentageTheSchemaRefusesLoads(written: String) throws {
        let world = """
        run: {requests: 10}
        servers: [{name: s, count: 2}]
        balancer: {strategy: round_robin, panic_threshold: \(written)}
        workload: {type: closed_loop, users: 1}
        """
        #expect(throws: Never.self) { try ScenarioLoader.parse(world, file: "p.yaml") }
        let pattern = try #require(((SchemaTests.value(SchemaTests.schema, ["$defs", "percentage"]) as? [String: Any])?["anyOf"] as? [[String: Any]])?.compactMap { $0["pattern"] as? String }.first)
        let expression = try NSRegularExpression(pattern: pattern)
        #expect(expression.firstMatch(in: written, range: NSRange(written.startIndex..., in: written)) == nil)
    }
}
