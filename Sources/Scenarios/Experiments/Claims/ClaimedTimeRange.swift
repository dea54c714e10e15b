import Reports

/// A time range a seed claims for detecting or recovering from a failure — "Failover Detection:
/// 3-5 seconds", "5-15 seconds to detect failure and reschedule": a promise of how long it takes,
/// so it is kept by anything up to its upper end. A detection faster than the range does not
/// break it: seed 003's killed process, found in 0.5 ms, was judged "does not hold" against
/// 3–5 s, and 14 of 30 MapReduce seeds that rescheduled in 3.3 s were counted outside 5–15 s.
/// The claims of seed 003 and 001 and their seed studies judge by this one rule.
struct ClaimedTimeRange: Sendable, Equatable {
    /// The range as the seed states it, in seconds.
    var range: ClosedRange<Double>

    init(_ range: ClosedRange<Double>) {
        self.range = range
    }

    /// Whether `seconds` keeps the promise: measured, and no later than the range's upper end.
    func isKept(by seconds: Double?) -> Bool {
        guard let seconds else { return false }
        return seconds <= range.upperBound
    }

    /// Whether `seconds` is faster than the range's lower end (and so keeps it all the more).
    func isFaster(_ seconds: Double?) -> Bool {
        guard let seconds else { return false }
        return seconds < range.lowerBound
    }

    /// `3–5 s`, as the seed states it.
    var text: String {
        "\(NumberFormat.trimmed(range.lowerBound, maxDecimals: 3))–\(NumberFormat.trimmed(range.upperBound, maxDecimals: 3)) s"
    }

    /// `, faster than the claimed 3–5 s` after a figure faster than the range, nothing otherwise:
    /// what the measured figures say beside such a figure.
    func fasterNote(_ seconds: Double?) -> String {
        isFaster(seconds) ? ", faster than the claimed \(text)" : ""
    }
}
