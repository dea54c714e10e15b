import Testing
@testable import Scenarios

/// A number typed on the command line with a leading zero is refused in the command line's own
/// words (``PlainDecimal/leadingZeroProblem(_:)``): what reads it otherwise there — the shell's
/// arithmetic and C, which take `017` for octal 15 and refuse `08` — and what to type. It was the
/// scenario language's message, about YAML 1.1 and 1.2 readers, which a command line is not read
/// by. A file's `seed: 017` (and `--set`'s values, which are the file's) keep the YAML words.
struct CommandLineLeadingZeroWordsTests {
    @Test func anOctalLookingNumberSaysWhatTheShellReadsAndWhatToType() {
        #expect(PlainDecimal.leadingZeroProblem("017")
            == "'017' has a leading zero, which marks an octal number in shell arithmetic and C ($((017)) is 15); type 17, or 15 if the octal number was meant")
        #expect(PlainDecimal.leadingZeroProblem("-017")
            == "'-017' has a leading zero, which marks an octal number in shell arithmetic and C ($((-017)) is -15); type -17, or -15 if the octal number was meant")
    }

    @Test func aDigitNoOctalNumberHasIsNamed() {
        #expect(PlainDecimal.leadingZeroProblem("08")
            == "'08' has a leading zero, which marks an octal number in shell arithmetic and C (which refuse it: 8 is no octal digit); type 8")
        #expect(PlainDecimal.leadingZeroProblem("0129")
            == "'0129' has a leading zero, which marks an octal number in shell arithmetic and C (which refuse it: 9 is no octal digit); type 129")
    }

    /// Where octal and decimal agree (`07`, `00`) or the octal figure passes 64 bits, only the
    /// number to type.
    @Test func whereOctalReadsTheSameOnlyTheNumberToTypeIsGiven() {
        #expect(PlainDecimal.leadingZeroProblem("07") == "'07' has a leading zero, which marks an octal number in shell arithmetic and C; type 7")
        #expect(PlainDecimal.leadingZeroProblem("00") == "'00' has a leading zero, which marks an octal number in shell arithmetic and C; type 0")
        #expect(PlainDecimal.leadingZeroProblem("-00") == "'-00' has a leading zero, which marks an octal number in shell arithmetic and C; type 0")
        let sevens = String(repeating: "7", count: 30)
        #expect(PlainDecimal.leadingZeroProblem("0" + sevens) == "'0\(sevens)' has a leading zero, which marks an octal number in shell arithmetic and C; type \(sevens)")
    }

    @Test func numbersWithoutALeadingZeroAndTextThatIsNotDigitsPass() {
        for text in ["0", "17", "-0", "-17", "100", "0x10", "+017", "0_1", ""] {
            #expect(PlainDecimal.leadingZeroProblem(text) == nil, "\(text)")
        }
        #expect(PlainDecimal.parse("017", as: UInt64.self) == nil)
        #expect(PlainDecimal.parse("17", as: UInt64.self) == 17)
    }

    /// The scenario language keeps its own words: a file is read by YAML readers.
    @Test func theFilesOwnRefusalKeepsTheYAMLWords() {
        #expect(YAMLCursor.leadingZeroProblem("017") == "'017' has a leading zero: YAML 1.1 readers (PyYAML, for one) read it as octal 15, YAML 1.2 readers as 17; write 15 or 17")
    }
}
