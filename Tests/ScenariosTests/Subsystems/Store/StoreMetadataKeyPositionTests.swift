import Testing
@testable import Scenarios

/// A metadata name's refusal names the offending key, at its line and column and in its path:
/// the path named only the mapping (`metadata`), so a long block of names left the reader to find
/// which one.
struct StoreMetadataKeyPositionTests {
    static let head = "object_store:\n  buckets: [{name: bkt}]\noperations:\n  - put:\n      bucket: bkt\n      key: k\n      body: x\n      metadata:\n"

    @Test func aNameOutsideTheTokenCharactersIsPlacedAtItsKey() {
        #expect(SizeLimitTests.refusal(Self.head + "        fine: v\n        \"a b\": w\n")
            == "x.yaml:10:9: error: \(StoreMetadataTokenTests.rule), got 'a b' (U+0020) (at operations.[0].put.metadata.a b)")
    }

    @Test func aNameOneWithAnotherInLowercaseIsPlacedAtTheLaterKey() {
        #expect(SizeLimitTests.refusal(Self.head + "        owner: a\n        color: b\n        Owner: c\n")
            == "x.yaml:11:9: error: metadata names 'owner' and 'Owner' are one name to S3, which lowercases them; keep one (at operations.[0].put.metadata.Owner)")
    }
}
