import Testing
@testable import Scenarios
@testable import Simulator

/// A world's report.md shows the file's text as written: its `description:` as a paragraph
/// that opens no block and holds no markup (checker U's F7: `<b>x</b>`, `**b**` and
/// `[link](http://x)` were live), and each fault line of `# Faults` with its names' markup
/// escaped (U's F1: a crash of ``a*b`c<script>`` listed emphasis, a code span and raw HTML).
struct ReportUserTextMarkdownTests {
    @Test func theFaultListEscapesWhatWouldAct() {
        #expect(FaultSchedule.markdownList(["2.000 s: crash a|b*c_d`e<script>x</script>&amp;", "3.000 s: partition [a, b] | [c]"])
            == "- 2.000 s: crash a|b\\*c_d\\`e\\<script>x\\</script>\\&amp;\n- 3.000 s: partition [a, b] | [c]\n")
    }

    @Test func aWorldsDescriptionIsAParagraphOfText() throws {
        let result = ScenarioRunner.run(try ScenarioLoader.parse("""
            name: described
            description: "# <b>x</b> **b** [link](http://x) `c`"
            run: {duration: 5s}
            network: {latency: 1ms}
            mapreduce:
              cluster: {workers: 2}
              jobs: [{id: j, name: word-count, reducers: 1, submit_at: 1s, input: {synthetic: {lines: 10, seed: 1}}, output: {bucket: out}}]
            object_store:
              buckets: [{name: out}]
            """, file: "w.yaml"))
        let markdown = result.markdown()
        #expect(markdown.contains("\n\n\\# \\<b>x\\</b> \\*\\*b\\*\\* [link\\](http\\://x) \\`c\\`\n\n"), "\(markdown.prefix(600))")
    }
}
