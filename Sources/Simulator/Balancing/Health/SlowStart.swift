/// nginx Plus's `slow_start` (and Envoy's slow start mode): a server that becomes available again
/// after being down gets its weight back gradually over `window`, from `minimumFraction` of it to
/// all of it, so that a cold server (empty caches, a JIT still warming) is not flooded the moment
/// it returns.
///
/// Applies to the strategies that use weights: weighted round robin, least connections, random,
/// least request and health-based. Servers present from the start do not slow-start. Where nginx's
/// own `effective_weight` is lowered too (smooth weighted round robin and least connections' ties,
/// after passive health failures), the weight a pick adds is this ramp's weight times
/// `effective_weight / weight`: slow start on top of nginx's recovery, and exactly this ramp's
/// weight once `effective_weight` is back at `weight`.
public struct SlowStart: Sendable, Equatable {
    /// How long the ramp takes.
    public var window: Duration {
        didSet { windowNanoseconds = window.nanoseconds }
    }
    /// ``window`` in nanoseconds, kept beside it: every pick may read it (once per pick, hoisted
    /// out of the visit of the members even with no slow start set), and a window of 9.2 s or more
    /// (its attoseconds overflow 64 bits) made each conversion a 128-bit division.
    private var windowNanoseconds: Int64
    /// The share of its weight a server has the instant it recovers (Envoy's
    /// `min_weight_percent`, 10 % by default), so that it is tried at all.
    public var minimumFraction: Double

    /// A linear ramp over `window` starting at `minimumFraction` of the weight.
    public init(window: Duration, minimumFraction: Double = 0.1) {
        precondition(window > .zero, "a slow start window must be longer than zero")
        precondition(minimumFraction > 0 && minimumFraction <= 1, "the minimum fraction must be in (0, 1]")
        self.window = window
        windowNanoseconds = window.nanoseconds
        self.minimumFraction = minimumFraction
    }

    /// The weight at `now` of a server with `weight` that recovered at `recoveredAt` (nil: never
    /// down, so its full weight).
    public func effectiveWeight(_ weight: Int, recoveredAt: VirtualInstant?, now: VirtualInstant) -> Double {
        guard let recoveredAt else { return Double(weight) }
        let progress = Double(recoveredAt.duration(to: now).nanoseconds) / Double(windowNanoseconds)
        return progress >= 1 ? Double(weight) : Double(weight) * Swift.max(minimumFraction, progress)
    }
}
