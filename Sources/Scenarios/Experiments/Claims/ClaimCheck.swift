import Reports

/// One claim of a seed checked against simulation: what the seed says, what Orrery measured under
/// the stated parameters, the verdict, why, and what would make the claim hold.
public struct ClaimCheck: Sendable, Equatable {
    /// How a claim fared.
    public enum Verdict: String, Sendable, Equatable {
        /// The measurement satisfies the claim under the stated parameters.
        case holds = "holds"
        /// It does not, under the stated parameters.
        case fails = "does not hold"
        /// It holds under the stated parameters only with an assumption the seed does not state
        /// (the load, the failure mode), and fails under another plausible one.
        case conditional = "holds only under conditions"
        /// The scenario file sets a parameter the claim states (a server count, max_fails, the
        /// tries) to another value, so its runs do not test the claim as the seed states it; the
        /// why says which, and what the runs with the file's values showed.
        case untested = "not tested as stated"
    }

    /// A parameter the claim states that the scenario file sets otherwise (``ClaimDeviation``,
    /// the rule both claims experiments share).
    typealias Deviation = ClaimDeviation

    /// The claim, as the seed puts it.
    public var claim: String
    /// The measured figures that decide it.
    public var measured: String
    /// Whether it holds.
    public var verdict: Verdict
    /// Why: utilisation, Little's law, the detection path.
    public var why: String
    /// What would make it hold (or keep it holding).
    public var toHold: String
    /// The stated parameters the file sets otherwise (empty when it sets them all as stated,
    /// and the verdict is then decided): what the report's introduction names.
    var changedSettings: [Deviation] = []
}

extension ClaimCheck {
    /// The check of a claim whose stated parameters the file may have changed: as decided from
    /// the runs when it sets them all as stated; otherwise ``Verdict/untested``, the why opened by
    /// the settings that differ and the way to test the claim as stated put before `toHold`.
    init(claim: String, measured: String, verdict: Verdict, why: String, toHold: String, deviations: [Deviation]) {
        guard !deviations.isEmpty else {
            self.init(claim: claim, measured: measured, verdict: verdict, why: why, toHold: toHold)
            return
        }
        self.init(claim: claim, measured: measured, verdict: .untested, why: ClaimDeviation.whyOpening(deviations) + why,
                  toHold: ClaimDeviation.toHoldOpening(deviations, then: toHold), changedSettings: deviations)
    }

    /// `a`, `a and b`, `a, b and c`.
    static func list(_ items: [String]) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }

    /// Whether `measured` is within `tolerance` (a fraction) of `claimed`.
    static func close(_ measured: Double, to claimed: Double, tolerance: Double = 0.05) -> Bool {
        abs(measured - claimed) <= tolerance * claimed
    }

    /// `94.0 requests/s`.
    static func rate(_ value: Double) -> String {
        NumberFormat.fixed(value, decimals: 1, grouping: true) + " requests/s"
    }

    /// `45.300 ms`: ``DurationFormat/milliseconds(_:decimals:)``, the reports' one duration writer
    /// (the claims had their own, with one decimal, so one report read `0.5 ms` in its verdict
    /// table and `0.500 ms` in its failover table for the same detection).
    static func ms(_ seconds: Double) -> String {
        DurationFormat.milliseconds(seconds)
    }

    /// `3.120 s` (`1,234.500 s`): ``DurationFormat/seconds(_:grouping:decimals:)``.
    static func s(_ seconds: Double) -> String {
        DurationFormat.seconds(seconds, grouping: true)
    }

    /// A duration the seed document states, as the seed wrote it — `45 ms`, `30 s` — where the
    /// measured figures beside it read to the nanosecond (`44.997 ms`): the one duration writer
    /// printed the seed's "45 ms" as `45.000 ms`, a precision the seed never claimed.
    static func statedMs(_ seconds: Double) -> String {
        NumberFormat.trimmed(seconds * 1000, maxDecimals: 3) + " ms"
    }

    /// `30 s`: as ``statedMs(_:)``, in seconds.
    static func statedS(_ seconds: Double) -> String {
        NumberFormat.trimmed(seconds, maxDecimals: 3) + " s"
    }

    /// A duration a claim states, as the seed wrote it: ``statedMs(_:)`` below a second as it
    /// reads once rounded (``DurationFormat/readsUnderASecond(_:)``), ``statedS(_:)`` otherwise
    /// — `45 ms`, `100.7 ms`, `3 s`, `15 s`.
    static func stated(_ seconds: Double) -> String {
        DurationFormat.readsUnderASecond(seconds) ? statedMs(seconds) : statedS(seconds)
    }

    /// `3.120 s`, or `4.200 ms` below a second as it reads once rounded:
    /// ``DurationFormat/readable(_:grouping:)``.
    static func duration(_ seconds: Double) -> String {
        DurationFormat.readable(seconds)
    }
}
