import Testing
@testable import Reports

/// One rule for which scalars are not shown as they are (messages, the terminal) and one
/// spelling of a scalar's value (`U+202E`, `1B`), where the loader, the terminal and the HTML
/// links each wrote their own hexadecimal step and two of them their own `leftPadded`.
@Suite struct UnicodeScalarShownTests {
    @Test func controlFormatAndSeparatorsAreHidden() {
        let hidden: [Unicode.Scalar] = ["\u{0}", "\n", "\t", "\u{1B}", "\u{7F}", "\u{85}", "\u{9F}", "\u{200B}", "\u{202E}", "\u{FEFF}", "\u{2028}", "\u{2029}"]
        let shown: [Unicode.Scalar] = [" ", "a", "µ", "\u{A0}", "\u{301}", "\u{1F600}"]
        #expect(hidden.filter { !$0.isHiddenWhenShown } == [])
        #expect(shown.filter(\.isHiddenWhenShown) == [])
    }

    @Test func aScalarIsSpelledInUppercaseHexadecimal() {
        #expect(Unicode.Scalar(0x1B)!.codePoint == "U+001B")
        #expect(Unicode.Scalar(0x202E)!.codePoint == "U+202E")
        #expect(Unicode.Scalar(0x1F600)!.codePoint == "U+1F600")
        #expect(Unicode.Scalar(0xA)!.hexadecimal(digits: 1) == "A")
        #expect(Unicode.Scalar(0xA)!.hexadecimal(digits: 2) == "0A")
        #expect("7".leftPadded(to: 3) == "007")
        #expect("12345".leftPadded(to: 3) == "12345")
        #expect(LinkResolver.percentEncoded("a b/\u{1B}µ") == "a%20b/%1B%C2%B5")
    }
}
