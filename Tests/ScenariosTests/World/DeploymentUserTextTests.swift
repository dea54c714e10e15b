import Foundation
import Testing
@testable import Scenarios
@testable import Simulator
import Reports

/// A deployment's outcome and final versions name the servers as written (checker V, s80: a
/// server named ``a|b*c_d`e<script>`` reached the deploy section's lines as emphasis and raw
/// HTML, after the Faults list and the events had been fixed).
struct DeploymentUserTextTests {
    @Test func theOutcomeAndVersionsShowTheNamesAsText() throws {
        let result = ScenarioRunner.run(try ScenarioLoader.parse("""
            name: hd
            seed: 3
            run: {duration: 40s}
            servers:
              - {name: "a*b_c<i>x", slots: 1, service_time: {exponential: 10ms}}
              - {name: "s2", slots: 1, service_time: {exponential: 10ms}}
            balancer:
              strategy: least_conn
              forward_timeout: 10s
              retries: {tries: 3, on: [error, timeout]}
              passive_health: {max_fails: 3, fail_timeout: 30s}
              health_check: {interval: 5s, timeout: 1s, rise: 1, fall: 1}
            workload: {type: closed_loop, users: 5, timeout: 60s}
            deploy: {at: 5s, strategy: rolling, drain: true, drain_timeout: 5s, boot_time: 2s, health_deadline: 20s, pause: 1s, max_error_ratio: 0.05, release_error_rate: 0.5}
            """, file: "d.yaml"))
        let markdown = result.markdown()
        #expect(markdown.contains("\n- outcome: halted and rolled back (a\\*b_c\\<i>x: error ratio above the limit)\n"), "\(markdown)")
        #expect(markdown.contains("\n- versions at the end: a\\*b_c\\<i>x 1, s2 1\n"), "\(markdown)")
    }
}

/// The deploy experiment's bad-release paragraph names the servers as written, as its earlier
/// sentences do (checker C, s81: "At the end: al|pha`*x* on version 1, <b>beta</b> on version 1,
/// [ga](mma)_g_ on version 1" rendered emphasis, raw HTML and a link in markdown-it).
struct DeployExperimentUserTextTests {
    @Test func theBadReleaseParagraphShowsTheNamesAsText() throws {
        let hostile = deployScenario
            .replacingOccurrences(of: "{name: a,", with: "{name: \"al|pha`*x*\",")
            .replacingOccurrences(of: "{name: b,", with: "{name: \"<b>beta</b>\",")
            .replacingOccurrences(of: "{name: c,", with: "{name: \"[ga](mma)_g_\",")
            .replacingOccurrences(of: "servers: [a, b, c]", with: "servers: [\"al|pha`*x*\", \"<b>beta</b>\", \"[ga](mma)_g_\"]")
        #expect(hostile != deployScenario)
        let comparison = DeployComparison.run(try ScenarioLoader.parse(hostile, file: "d.yaml"), jobs: 1)
        let bad = try #require(comparison.variant("bad release"))
        let paragraph = comparison.badReleaseParagraph(bad, figures: try #require(bad.deployment))
        let end = try #require(paragraph.range(of: "At the end: "))
        let line = paragraph[end.lowerBound...].components(separatedBy: ". ")[0]
        #expect(line == "At the end: " + ["al|pha`*x*", "<b>beta</b>", "[ga](mma)_g_"].map { "\(MarkdownTable.literal($0)) on version 1" }.joined(separator: ", ") + " — every server back on the version it started with")
        #expect(!paragraph.contains("<b>beta</b>") && !paragraph.contains("*x*") && !paragraph.contains("[ga](mma)"))
    }
}
