import Testing
@testable import Scenarios

/// A-4's variants, a queue experiment's runs and algorithms, and a world's zones are told apart
/// through ``DistinctNames``, each name's look-alike form worked out once, as the log, queue and
/// store loaders do: a second implementation worked out every earlier variant's form again for
/// each new one. The refusals keep their words at the far end of the longest list.
struct ExperimentDistinctNamesAtScaleTests {
    static let variantRemedy = "give each variant its own name: the report's tables and files tell the variants apart by it"

    /// A-4 with `count` variants named fullwidth `ｖ0` … and a last one named `last`.
    static func a4(_ count: Int, last: String) -> String {
        let names = (0..<(count - 1)).map { "{name: \"\\uFF56\($0)\", placement: jump}" } + ["{name: \"\(last)\", placement: jump}"]
        return "experiment: a4\nservers: [2]\nvariants: [\(names.joined(separator: ", "))]\n"
    }

    @Test func theThousandthVariantIsRefusedAsTheTwinOfTheFirst() {
        let text = Self.a4(1000, last: "v0")
        let column = text.split(separator: "\n")[2].range(of: "\"v0\"")!.lowerBound.utf16Offset(in: text.split(separator: "\n")[2]) + 1
        #expect(experimentError(text)?.description
            == "x.yaml:3:\(column): error: variant 'v0' (U+0076 U+0030) names the same as variant '\u{FF56}0' (U+FF56 U+0030) in other code points (Unicode compatibility equivalence, NFKC); \(Self.variantRemedy) (at variants.[999].name)")
        #expect(experimentError(Self.a4(1000, last: "\\uFF56998"))?.description
            == "x.yaml:3:\(column): error: variant '\u{FF56}998' is listed twice; \(Self.variantRemedy) (at variants.[999].name)")
    }

    /// Distinct names all the way: the list passes the name rule and meets the next one, the
    /// placements' budget, which names all 1,000 variants.
    @Test func aThousandDistinctVariantsReachTheBudget() {
        #expect(experimentError(Self.a4(1000, last: "w"))?.description
            == "x.yaml:3:11: error: building and measuring these 1000 variants takes about 10,800,000,000 steps, more than the 268,435,456 a run may take; use fewer variants or servers (at variants)")
    }

    /// A zone written twice keeps its own, shorter words; a look-alike zone the rule's.
    @Test func zonesKeepTheirWords() {
        let tail = "servers: [{name: s, zone: Z}]\nbalancer: {strategy: round_robin}\nworkload: {type: closed_loop, users: 1}\n"
        #expect(SizeLimitTests.refusal("seed: 1\nrun: {requests: 10}\nzones:\n  list: [{name: Z}, {name: Y}, {name: Z}]\n" + tail)
            == "x.yaml:4:39: error: zone 'Z' is listed twice (at zones.list.[2].name)")
        #expect(SizeLimitTests.refusal("seed: 1\nrun: {requests: 10}\nzones:\n  list: [{name: Z}, {name: Y}, {name: \"\\uFF3A\"}]\n" + tail)
            == "x.yaml:4:39: error: zone '\u{FF3A}' (U+FF3A) names the same as zone 'Z' (U+005A) in other code points (Unicode compatibility equivalence, NFKC); rename one (at zones.list.[2].name)")
    }
}
