import Reports
/// What a record read back from `worlds.jsonl` must agree with: itself and its variant in the
/// manifest. A record is a file on disk, so anything may have been changed in it; merge copies
/// `passed`, the expectations and the metric texts into the report unchanged, so a record that
/// says it passed while an expectation failed made a merged report that was not the sweep's.
extension WorldRecord {
    /// Whether a run with these outcomes passed, as ``RunResult/passed`` decides it: the run did
    /// not stop early, every expectation held, every job's output was exact and every operation
    /// was answered. A record keeps the last two as its problems: at least one line for each job
    /// whose output was not exact (`MapReduceRunResult.problems`), one for an operation that could
    /// not be sent, and nothing else when the run did not stop early — so "no problems" is exactly
    /// "every job exact and every operation answered".
    var verdict: Bool { stoppedEarly == nil && problems.isEmpty && expectations.allSatisfy { $0 } }

    /// Why the record cannot be what a sweep of `manifest` wrote for its world, or nil.
    ///
    /// Checks what a record alone can contradict — its verdict, its expectations after an early
    /// stop, its digest's form, the spelling of its metric values and whether each lies within
    /// what its unit can take (``SweepManifest/MetricEntry/possibleValues``: a p50 of −1 s or a
    /// success ratio of 5 made intervals below zero and above one) — and that it has one result
    /// per expectation of its variant. Numbers changed consistently (another digest, another
    /// latency) cannot be told from the sweep's own without a checksum, and are not.
    ///
    /// - Precondition: `variant` is an index of `manifest.variants` and `metrics` has one entry
    ///   per metric of `manifest` (`SweepMerge` checks both first).
    func inconsistency(with manifest: SweepManifest) -> String? {
        let world = "world \(position)"
        let expected = manifest.variants[variant].expectations
        guard expectations.count == expected.count else {
            return "\(world) has \(NumberFormat.counted(expectations.count, "expectation result")), but its variant has \(NumberFormat.counted(expected.count, "expectation"))"
        }
        // `Trace.digestHex`: the digest of every event, as 16 lowercase hex digits.
        guard digest.utf8.count == 16, digest.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
            return "\(world)'s digest '\(digest.excerpt)' is not 16 lowercase hexadecimal digits"
        }
        for (index, text) in metrics.enumerated() {
            // `parse(line:)` let only finite numbers through; a sweep writes each as `"\(value)"`.
            guard let text, let value = Double(text), "\(value)" != text else { continue }
            return "\(world)'s value '\(text.excerpt)' of \(manifest.metrics[index].name.excerpt) is not written as a sweep writes it ('\(value)')"
        }
        for (index, text) in metrics.enumerated() {
            guard let text, let value = Double(text) else { continue }
            let metric = manifest.metrics[index]
            let possible = metric.possibleValues
            guard !possible.contains(value) else { continue }
            let rule = possible.upperBound.isFinite ? "lies within \(NumberText.plain(possible.lowerBound)) … \(NumberText.plain(possible.upperBound))" : "is never negative"
            return "\(world)'s value '\(text.excerpt)' of \(metric.name.excerpt) cannot be: a \(metric.unit.excerpt) \(rule)"
        }
        if stoppedEarly != nil, let held = expectations.firstIndex(of: true) {
            // `World.result` makes every check fail when the run stopped early.
            return "\(world) stopped early, yet its expectation \(held + 1) ('\(expected[held].excerpt)') held: after an early stop none does"
        }
        guard passed != verdict else { return nil }
        guard passed else {
            return "\(world) says it failed, but it did not stop early, every expectation held and it lists no problem"
        }
        if stoppedEarly != nil { return "\(world) says it passed, but it stopped early" }
        if let failed = expectations.firstIndex(of: false) {
            return "\(world) says it passed, but its expectation \(failed + 1) ('\(expected[failed].excerpt)') did not hold"
        }
        return "\(world) says it passed, but it lists \(NumberFormat.counted(problems.count, "problem"))"
    }
}
