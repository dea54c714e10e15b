import Reports
import Simulator

/// The keepalive report where a run had nothing to measure: a run too short for any request to be
/// forwarded (`run.duration: 1ms` at 169 requests/s), or one whose every request failed. Its
/// setups per request are 0 of 0 and its latencies 0 s: the report printed them as 0.0000 and
/// 0.000 ms and drew conclusions from them ("0.0× the floor", "stayed within 64 idle ones").
/// The tables write "—" (the CSV an empty cell), as A-3's and the zones' do, and the prose says
/// there was nothing to measure.
extension KeepaliveComparison {
    /// Why every run of `group` has nothing to measure — "no request was forwarded in the run's
    /// 1.000 ms" — or nil when one of them forwarded a request.
    func nothingForwarded(in group: Group) -> String? {
        let runs = variants(in: group)
        guard let first = runs.first, runs.allSatisfy({ ($0.connections?.forwards ?? 0) == 0 }) else { return nil }
        let length = first.scenario.limits.duration?.seconds ?? first.result.virtualSeconds
        return "no request was forwarded in the run's \(DurationFormat.readable(length))"
    }

    /// What keeps `runs` from being compared — each run that forwarded nothing or whose every
    /// request failed, named — or nil when every one measured its latency.
    static func unmeasured(_ runs: [Variant]) -> String? {
        let reasons = runs.compactMap { run -> String? in
            if (run.connections?.forwards ?? 0) == 0 { return "\(run.name) forwarded no request" }
            if !run.latencyMeasured { return "none of \(run.name)'s \(NumberFormat.counted(run.result.completed, "request")) succeeded" }
            return nil
        }
        return reasons.isEmpty ? nil : reasons.joined(separator: "; ")
    }

    /// A latency in a sentence: "not measured (no request succeeded)" where there is none.
    static func latencyProse(_ seconds: Double?) -> String {
        seconds.map { DurationFormat.milliseconds($0) } ?? "not measured (no request succeeded)"
    }
}
