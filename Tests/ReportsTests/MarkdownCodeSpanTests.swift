import Testing
@testable import Reports

/// A replay line as a Markdown code span shows the command whole, whatever backticks it holds:
/// `--set 'servers.0.name=x`y`z'` ended a single-backtick span early (the outside checker C3's F3).
@Suite struct MarkdownCodeSpanTests {
    let renderer = MarkdownHTMLRenderer()

    @Test func aCommandWithoutBackticksTakesOne() {
        #expect("orrery run a.yaml --seed 7".markdownCode == "`orrery run a.yaml --seed 7`")
    }

    @Test func theFenceIsLongerThanTheLongestRunInside() {
        let replay = "orrery run a.yaml --set 'servers.0.name=x`y``z'"
        #expect(replay.markdownCode == "```orrery run a.yaml --set 'servers.0.name=x`y``z'```")
        #expect(renderer.render("- replay: \(replay.markdownCode)\n")
            == "<ul>\n<li>replay: <code>orrery run a.yaml --set &#39;servers.0.name=x`y``z&#39;</code></li>\n</ul>\n")
    }

    @Test func aBacktickAtAnEndIsPaddedAndTheRendererStripsThePadding() {
        #expect("`a`".markdownCode == "`` `a` ``")
        #expect(renderer.render("\("`a`".markdownCode)\n") == "<p><code>`a`</code></p>\n")
        #expect(" a ".markdownCode == "`  a  `")
        #expect(renderer.render("\(" a ".markdownCode)\n") == "<p><code> a </code></p>\n")
    }

    @Test func aLineBreakIsASpace() {
        #expect("a\nb".markdownCode == "`a b`")
    }
}
