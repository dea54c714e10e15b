/// A setting a seed states with a claim that the scenario file sets otherwise: `file` as the file
/// sets it (`max_fails 5`, `worker_timeout 5.000 s`), `claimed` the claim's value (`3`, `15 s`),
/// `stated` the setting that would test the claim as stated (`max_fails 3`, `worker_timeout 15 s`).
///
/// The one rule of both claims experiments (`claims`, ``ClaimCheck``; `mapreduce`, ``ClaimRow``):
/// each claim names the settings it depends on, and a file that changes one of them — and only
/// one of them — leaves that claim *not tested as stated*, its why opened by the settings that
/// differ and the way to test it as stated put first in what would make it hold. The MapReduce
/// recovery claim, judged under a 5 s worker timeout against the seed's 15 s, read "holds"
/// unflagged; seed 004's per-instance capacity was flagged for the file's users, which do not
/// bear on a capacity.
struct ClaimDeviation: Sendable, Equatable {
    var file: String
    var claimed: String
    var stated: String

    /// `max_fails 5 (the claim: 3)`.
    var named: String { "\(file) (the claim: \(claimed))" }

    /// `max_fails 5 (the claim: 3) and fail_timeout 10.000 s (the claim: 30 s)`.
    static func listed(_ deviations: [ClaimDeviation]) -> String {
        ClaimCheck.list(deviations.map(\.named))
    }

    /// What opens the why of a claim whose stated settings the file changes (nothing when it
    /// changes none): the why that follows tells what the file's runs show.
    static func whyOpening(_ deviations: [ClaimDeviation]) -> String {
        deviations.isEmpty ? "" : "The file sets \(listed(deviations)): its runs do not test the claim as stated, and what follows is what they show. "
    }

    /// What opens "what would make it hold" of such a claim, before `toHold` (nothing when the
    /// file changes none of its settings).
    static func toHoldOpening(_ deviations: [ClaimDeviation], then toHold: String) -> String {
        guard !deviations.isEmpty else { return toHold }
        let opening = "To test the claim as stated, run it with \(ClaimCheck.list(deviations.map(\.stated)))."
        return toHold.isEmpty ? opening : opening + " " + toHold
    }

    /// `“claim” under max_fails 5 (the claim: 3)`: one claim of a report's list of the claims the
    /// file's settings leave untested (`label` as the list names it).
    static func under(_ label: String, _ deviations: [ClaimDeviation]) -> String {
        "\(label) under \(listed(deviations))"
    }

    /// `A and B — those claims are *not tested as stated*`, the items from ``under(_:_:)``.
    static func untested(_ items: [String]) -> String {
        "\(ClaimCheck.list(items)) — \(items.count == 1 ? "that claim is" : "those claims are") *\(ClaimCheck.Verdict.untested.rawValue)*"
    }
}
