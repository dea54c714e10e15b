import Testing
@testable import Reports

/// A name in prose or a list item, and a file's `description:` as a paragraph of its own, reach
/// report.md as the text they are (``MarkdownTable/literal(_:opensBlock:)``): checker U's F1 and
/// F7 — a crash of `a|b*c_d`e<script>x</script>&amp;` listed raw HTML, an entity and a code
/// span; a description's `**b**`, `<b>x</b>` and `[link](http://x)` were live.
@Suite struct MarkdownLiteralProseTests {
    @Test func aHostileNameIsEscapedWhereItWouldAct() {
        #expect(MarkdownTable.literal(#"crash a|b*c_d`e<script>x</script>&amp;"q'\$(id);#{{]]>"#)
            == #"crash a|b\*c_d\`e\<script>x\</script>\&amp;"q'\\$(id);#{{]]>"#)
        #expect(MarkdownTable.literal("crash **x** [l](http://e.com) www.e.com")
            == #"crash \*\*x\*\* [l\](http\://e.com) www\.e.com"#)
    }

    /// A fault's own words keep their bytes: a partition's brackets, a factor, a `(no effect: …)`.
    @Test func aFaultsOwnWordsKeepTheirBytes() {
        for line in ["2.000 s: partition [a, b] | [c] (dropping)", "1.000 s: slow s3 ×2 for 1.000 s",
                     "7.500 s: crash web1 (no effect: web1 already crashed)", "0.500 s: latency spike +0.005 s",
                     "… and 3 more faults not reached, the last at 9.000 s (the run ended at 5.000 s)",
                     "balancer@zone-a ops@example.com"] {
            #expect(MarkdownTable.literal(line) == line, "\(line)")
        }
    }

    /// A paragraph of its own: what would open a block at its start is escaped, its leading
    /// spaces go; in a sentence the same text is left as it is.
    @Test func aParagraphOpensNoBlock() {
        let cases: [(String, String)] = [
            ("# not a heading", ##"\# not a heading"##), ("> quote", #"\> quote"#), ("- item", #"\- item"#),
            ("+ item", #"\+ item"#), ("* item", #"\* item"#), ("1. first", #"1\. first"#), ("12) twelfth", #"12\) twelfth"#),
            ("___", #"\___"#), ("~~~", #"\~~~"#), ("=", #"\="#), ("[x]: http://e.com", #"\[x]: http\://e.com"#),
            ("    code", "code"), ("2.5 s of traffic", "2.5 s of traffic"), ("", ""),
        ]
        for (text, expected) in cases {
            #expect(MarkdownTable.literal(text, opensBlock: true) == expected, "\(text)")
        }
        #expect(MarkdownTable.literal("# x") == "# x")
        #expect(MarkdownTable.literal("a\n\n## b", opensBlock: true) == "a  ## b")
    }
}
