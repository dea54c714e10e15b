import Foundation
import Testing
import Reports
import Simulator
@testable import Scenarios

/// One JSON string quoting: the balancer's bodies wrote a carriage return as `\u000d` where
/// `orrery schema`'s document wrote `\r`, and `\b`, `\f` as `\u0008`, `\u000c` where Python's
/// `json.dumps` (the original balancer's) and `JSONEncoder` (every `report.json`) write `\b`,
/// `\f`. Now every hand-written JSON string is spelled as `JSONEncoder` spells it.
struct JSONQuotingTests {
    static let awkward = "a\"b\\c/d\u{8}\t\n\u{C}\r\u{1}\u{1F}\u{7F}\u{202E}µ"
    static let quoted = "\"a\\\"b\\\\c/d\\b\\t\\n\\f\\r\\u0001\\u001f\u{7F}\u{202E}µ\""

    @Test func theQuotingIsExact() {
        #expect(JSONText.quote(Self.awkward) == Self.quoted)
        #expect(JSONText.quote("") == "\"\"")
    }

    @Test func theBalancerTheSchemaAndTheEncoderAgree() {
        #expect(AssignmentJSON.message("x\ry", status: "failure") == "{\"message\": \"x\\ry\", \"status\": \"failure\"}")
        #expect(JSONValue.object([(key: "k\r", value: .string(Self.awkward))]).document == "{\n  \(JSONText.quote("k\r")): \(Self.quoted)\n}\n")
        #expect(JSONReport.line([Self.awkward]) == "[\(Self.quoted)]")
    }

    /// A report document and a JSON line come from one encoder setup: keys sorted, slashes bare.
    @Test func aDocumentAndALineShareTheEncoder() {
        struct Pair: Encodable { let b = "x/y"; let a = 1 }
        #expect(JSONReport.line(Pair()) == "{\"a\":1,\"b\":\"x/y\"}")
        #expect(JSONReport.encode(Pair()) == "{\n  \"a\" : 1,\n  \"b\" : \"x/y\"\n}\n")
    }
}
