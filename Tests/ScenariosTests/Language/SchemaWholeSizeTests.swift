import Foundation
import Yams
import Testing
@testable import Scenarios

/// A size's number alternative is a number with nothing after the point, not JSON Schema's
/// `integer`: a YAML 1.2 reader hands `split_size: 1e3` or `256.0` to a schema as a float, and the
/// loader reads both as whole sizes, so `scripts/check-schema.sh` (whose `integer` is what its reader
/// resolved as one) refused three files `orrery validate` loads; `0.4` stays refused by both.
struct SchemaWholeSizeTests {
    static func numberAlternative(_ definition: String) -> [String: Any]? {
        let shape = SchemaTests.value(SchemaTests.schema, ["$defs", definition]) as? [String: Any]
        return (shape?["anyOf"] as? [[String: Any]])?.first { $0["type"] as? String == "number" }
    }

    @Test(arguments: ["byte_count", "positive_byte_count"])
    func aSizeIsAWholeNumberHoweverWritten(definition: String) throws {
        let number = try #require(Self.numberAlternative(definition))
        #expect(number["multipleOf"] as? Double == 1)
        #expect(number["maximum"] as? Double == Double(YAMLCursor.maximumBytes))
        #expect(number["minimum"] as? Double == (definition == "byte_count" ? 0 : 1))
        let shape = SchemaTests.value(SchemaTests.schema, ["$defs", definition]) as? [String: Any]
        #expect((shape?["anyOf"] as? [[String: Any]])?.contains { $0["type"] as? String == "integer" } == false)
    }

    @Test func theLoaderReadsTheFloatsASchemaSeesAsWholeSizes() throws {
        let cursor = { (text: String) in YAMLCursor(node: .scalar(.init(text)), file: "t.yaml", path: "input.split_size") }
        for (written, bytes) in [("256.0", 256), ("1e3", 1_000), ("1.5e3", 1_500)] {
            #expect(try cursor(written).byteCount() == bytes)
        }
        #expect(throws: ScenarioError.self) { try cursor("0.4").byteCount() }
    }
}
