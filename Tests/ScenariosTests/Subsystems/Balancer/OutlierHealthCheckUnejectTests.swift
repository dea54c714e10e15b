import Testing
@testable import Scenarios

/// Envoy's `successful_active_health_check_uneject_host` (default true): with active health checks,
/// every check that leaves an ejected server healthy ends its ejection at once — the detector's
/// callback on each completed check calls `unejectHost`. A server that fails requests but answers
/// its health endpoint is therefore back at its next check, not after `base_ejection_time`.
struct OutlierHealthCheckUnejectTests {
    static func world(uneject: String) -> String {
        """
        name: od
        seed: 1
        run: {duration: 60s}
        network: {latency: 1ms}
        servers: [{name: s, count: 3, slots: 64, service_time: 2ms}]
        balancer:
          strategy: round_robin
          retries: {tries: 2, on: [error, timeout, http_5xx]}
          passive_health: {max_fails: 0}
          health_check: {interval: 2s, timeout: 1s, rise: 1, fall: 1}
          outlier_detection: {consecutive_errors: 5, base_ejection_time: 30s, max_ejection_percent: 50%, interval: 10s\(uneject)}
        workload: {type: open_loop, rate: 60, timeout: 3s}
        faults: [{at: 10s, errors: s2, rate: 1.0, for: 20s}]
        """
    }

    static func outlierLines(_ text: String) throws -> [String] {
        let result = ScenarioRunner.run(try ScenarioLoader.parse(text, file: "od.yaml"), seed: nil)
        return result.markdown().split(separator: "\n").filter { $0.contains("`s2`") && $0.contains("(outlier detection)") }.map(String.init)
    }

    @Test func aPassedCheckEndsTheEjectionUnlessSwitchedOff() throws {
        let kept = try Self.outlierLines(Self.world(uneject: ", successful_active_health_check_uneject_host: false"))
        // Off: ejected at its fifth 500 in a row, back at the 10 s timer's first tick after 30 s.
        #expect(kept.count == 2)
        #expect(kept.last == "- 50.000 s `s2` marked up (outlier detection)")
        let unejected = try Self.outlierLines(Self.world(uneject: ""))
        // On (Envoy's default): the same first ejection, then back at s2's next passed check —
        // s2's checks start at 2 s × 1/3 and end 2 ms later, each next one 2 s after the last
        // ended, so they end at 0.669 + 2.002 k s: 10.679 s — ejected again after five more 500s,
        // and so on, eleven times, until its errors stop at 30 s; back at 30.699 s (k = 15).
        #expect(unejected.first == kept.first && kept.first == "- 10.276 s `s2` marked down (outlier detection)")
        #expect(unejected[1] == "- 10.679 s `s2` marked up (outlier detection)")
        #expect(unejected[3] == "- 12.681 s `s2` marked up (outlier detection)")
        #expect(unejected.count == 22)
        #expect(unejected.last == "- 30.699 s `s2` marked up (outlier detection)")
    }
}
