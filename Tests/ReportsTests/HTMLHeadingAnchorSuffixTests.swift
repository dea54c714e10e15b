import Testing
@testable import Reports

/// Repeated headings take `-2`, `-3`, … from where the last duplicate of their slug stopped:
/// trying every suffix afresh for each made 20,000 headings `# a` take 38 s.
@Suite("Markdown to HTML: ids of repeated headings")
struct HTMLHeadingAnchorSuffixTests {
    let renderer = MarkdownHTMLRenderer()

    @Test("a duplicate takes the smallest free suffix, skipping ids that are headings' own slugs")
    func skipsOwnSlugs() {
        #expect(renderer.render("# a\n# a\n# a-2\n# a\n# a-3\n# a\n") == """
            <h1 id="a">a</h1>
            <h1 id="a-2">a</h1>
            <h1 id="a-2-2">a-2</h1>
            <h1 id="a-3">a</h1>
            <h1 id="a-3-2">a-3</h1>
            <h1 id="a-4">a</h1>

            """)
        var anchors = HeadingAnchors()
        #expect(["a-2", "a", "a", "a", "A"].map { anchors.claim($0) } == ["a-2", "a", "a-3", "a-4", "a-5"])
        #expect(anchors.used == ["a-2", "a", "a-3", "a-4", "a-5"])
    }

    @Test("anchors that handed out the same ids are equal, whatever suffixes they remember")
    func equalityIsTheIDs() {
        var repeated = HeadingAnchors(), distinct = HeadingAnchors()
        _ = ["a", "a"].map { repeated.claim($0) }
        _ = ["a", "a-2"].map { distinct.claim($0) }
        #expect(repeated == distinct)
        #expect(repeated.claim("a") == "a-3")
        #expect(distinct.claim("a") == "a-3")
    }

    @Test("50,000 headings `# a` are numbered a … a-50000")
    func manyDuplicates() {
        let html = renderer.render(String(repeating: "# a\n", count: 50_000))
        let expected = "<h1 id=\"a\">a</h1>\n" + (2...50_000).map { "<h1 id=\"a-\($0)\">a</h1>\n" }.joined()
        #expect(html.utf8.count == 1_188_892)
        #expect(html == expected)
    }

    @Test("20,000 pairs `# a`, `# a-k` where k is the suffix the next `a` would take: every id unique")
    func duplicatesAmongOwnSlugs() {
        let markdown = (0..<20_000).map { "# a\n# a-\($0 + 2)\n" }.joined()
        var anchors = HeadingAnchors()
        let html = renderer.render(markdown, anchors: &anchors)
        let expected = "<h1 id=\"a\">a</h1>\n<h1 id=\"a-2\">a-2</h1>\n" + (1..<20_000).map {
            "<h1 id=\"a-\($0 + 2)\">a</h1>\n<h1 id=\"a-\($0 + 2)-2\">a-\($0 + 2)</h1>\n"
        }.joined()
        #expect(html == expected)
        #expect(anchors.used.count == 40_000)
    }
}
