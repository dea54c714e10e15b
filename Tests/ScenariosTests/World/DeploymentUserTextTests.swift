import Testing
@testable import Scenarios
@testable import Simulator

/// A deployment's outcome and final versions name the servers as written (checker V, s80: a
/// server named ``a|b*c_d`e<script>`` reached the deploy section's lines as emphasis and raw
/// HTML, after the Faults list and the events had been fixed).
@Suite struct DeploymentUserTextTests {
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
