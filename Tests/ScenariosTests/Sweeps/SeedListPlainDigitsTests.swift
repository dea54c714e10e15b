import Testing
@testable import Scenarios

/// `--seeds` bounds that `UInt64(_:)` reads but are not plain digits, found by ``SeedList`` (the
/// `sweep` command only prefixes `--seeds: `), with parts and bounds split and trimmed as
/// ``SeedList/init(parsing:)`` splits them.
struct SeedListPlainDigitsTests {
    static let signed = "write it in the digits 0-9 alone (no sign, space, 0x, '_' or other scripts' digits), e.g. 1..200 or 1,5,9"

    @Test(arguments: [("+5", "+5"), ("1..+5", "+5"), ("1, +2", "+2"), ("-0..3", "-0"), (" 4 .. +6 ", "+6")])
    func aSignedBoundIsNamed(seeds: String, bound: String) {
        #expect(SeedList.plainDigitsProblem(seeds) == "'\(bound)' is not a seed: \(Self.signed)")
    }

    @Test func aLeadingZeroIsNamed() {
        #expect(SeedList.plainDigitsProblem("017")
                == "'017' is not a seed: '017' has a leading zero, which marks an octal number in shell arithmetic and C ($((017)) is 15); type 17, or 15 if the octal number was meant, e.g. 1..200 or 1,5,9")
    }

    @Test(arguments: ["1..200", "1..10, 42", " 3 .. 9 ", "0", "x", "1..2..3", ""])
    func plainOrOtherwiseRefusedListsAreLeftToTheReader(seeds: String) {
        #expect(SeedList.plainDigitsProblem(seeds) == nil)
    }
}
