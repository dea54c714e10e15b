import Testing
@testable import Scenarios

/// Members of a list of user names that must be distinct meet the node names' rule
/// (``DistinctNames/twin(adding:)``): A-4 variants `ｘ` and `x`, twins under
/// NFKC, were accepted while nodes so named are refused, and `Å` as U+00C5 and as `A` U+030A were
/// told "listed twice" though their bytes differ. Zones go through the same check. (Job ids, a
/// queue's names and bucket names are ASCII only, where NFKC changes nothing.)
struct LookAlikeListTwinTests {
    static func a4(_ first: String, _ second: String) -> String {
        experimentError("experiment: a4\nservers: [3]\nvariants:\n  - {name: \"\(first)\", placement: jump}\n  - {name: \"\(second)\", placement: ring}\n")?.description ?? ""
    }

    static let remedy = "give each variant its own name: the report's tables and files tell the variants apart by it"

    @Test func a4VariantsThatAreTwinsUnderNFKCAreRefused() {
        #expect(Self.a4("\\uFF58", "x")
            == "x.yaml:5:12: error: variant 'x' (U+0078) names the same as variant '\u{FF58}' (U+FF58) in other code points (Unicode compatibility equivalence, NFKC); \(Self.remedy) (at variants.[1].name)")
        #expect(Self.a4("x", "\\uFF58")
            == "x.yaml:5:12: error: variant '\u{FF58}' (U+FF58) names the same as variant 'x' (U+0078) in other code points (Unicode compatibility equivalence, NFKC); \(Self.remedy) (at variants.[1].name)")
    }

    @Test func a4VariantsApartByCodePointsOrBlanksAreToldWhatDiffers() {
        #expect(Self.a4("\\u00C5", "A\\u030A")
            == "x.yaml:5:12: error: variant 'A\u{30A}' (U+0041 U+030A) names the same as variant '\u{C5}' (U+00C5) in other code points (Unicode canonical equivalence); \(Self.remedy) (at variants.[1].name)")
        #expect(Self.a4("a b", "a  b")
            == "x.yaml:5:12: error: variant 'a  b' (U+0061 U+0020 U+0020 U+0062) names the same as variant 'a b' (U+0061 U+0020 U+0062) in other code points (U+0020 read as one space, as a Markdown page shows a run of blanks); \(Self.remedy) (at variants.[1].name)")
        // Bytes alike keep their own words; letter case is no look-alike.
        #expect(Self.a4("x", "x") == "x.yaml:5:12: error: variant 'x' is listed twice; \(Self.remedy) (at variants.[1].name)")
        #expect(Self.a4("x", "X") == "")
    }

    @Test func zoneTwinsUnderNFKCAreRefusedByTheSameCheck() {
        let text = "seed: 1\nrun: {requests: 10}\nzones:\n  list: [{name: \"\\uFF3A\"}, {name: Z}]\nservers: [{name: s, zone: Z}]\n"
            + "balancer: {strategy: round_robin}\nworkload: {type: closed_loop, users: 1}\n"
        #expect(SizeLimitTests.refusal(text)
            == "x.yaml:4:35: error: zone 'Z' (U+005A) names the same as zone '\u{FF3A}' (U+FF3A) in other code points (Unicode compatibility equivalence, NFKC); rename one (at zones.list.[1].name)")
    }
}
