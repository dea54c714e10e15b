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
    }

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
}

extension ClaimCheck {
    /// Whether `measured` is within `tolerance` (a fraction) of `claimed`.
    static func close(_ measured: Double, to claimed: Double, tolerance: Double = 0.05) -> Bool {
        abs(measured - claimed) <= tolerance * claimed
    }

    /// `94.0 requests/s`.
    static func rate(_ value: Double) -> String {
        NumberFormat.fixed(value, decimals: 1, grouping: true) + " requests/s"
    }

    /// `45.3 ms`.
    static func ms(_ seconds: Double) -> String {
        NumberFormat.fixed(seconds * 1000, decimals: 1, grouping: true) + " ms"
    }

    /// `3.12 s`.
    static func s(_ seconds: Double) -> String {
        NumberFormat.fixed(seconds, decimals: 2, grouping: true) + " s"
    }

    /// `3.12 s`, or `4.2 ms` below a second.
    static func duration(_ seconds: Double) -> String {
        seconds < 1 ? ms(seconds) : s(seconds)
    }
}
