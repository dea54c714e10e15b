import Testing
@testable import Scenarios

/// S3 sends a user metadata name as the HTTP header `x-amz-meta-<name>`, so a name is a header
/// token: `""`, `a:b c` and the Kelvin sign U+212A were accepted (and U+212A was then told to be
/// one name with `k`, as if S3 lowercased beyond ASCII).
struct StoreMetadataTokenTests {
    static func refusal(_ metadata: String) -> String {
        SizeLimitTests.refusal("object_store:\n  buckets: [{name: bkt}]\noperations:\n  - put: {bucket: bkt, key: k, body: x, metadata: {\(metadata)}}\n")
    }

    static let rule = "a metadata name is an HTTP header token, as S3 sends it in the header x-amz-meta-<name>: at least one of the ASCII letters, digits and !#$%&'*+-.^_`|~"

    @Test func aNameOutsideTheHeaderTokenCharactersIsRefused() {
        #expect(Self.refusal("\"\": v") == "x.yaml:4:52: error: \(Self.rule), got '' (at operations.[0].put.metadata.\"\")")
        #expect(Self.refusal("\"a:b c\": v") == "x.yaml:4:52: error: \(Self.rule), got 'a:b c' (U+003A) (at operations.[0].put.metadata.a:b c)")
        #expect(Self.refusal("k: a, \"\\u212A\": b") == "x.yaml:4:58: error: \(Self.rule), got '\u{212A}' (U+212A) (at operations.[0].put.metadata.\u{212A})")
        #expect(Self.refusal("\"x\\u202Ey\": v") == "x.yaml:4:52: error: \(Self.rule), got 'x\\u{202E}y' (U+202E) (at operations.[0].put.metadata.x\\u{202E}y)")
    }

    @Test func everyTokenCharacterIsAccepted() {
        #expect(Self.refusal("\"Owner-1_x.y!#$%&'*+^`|~\": v") == "")
    }
}
