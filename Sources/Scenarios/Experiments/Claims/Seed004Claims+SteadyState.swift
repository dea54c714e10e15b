import Simulator

/// The one model of seed 004's per-instance throughput that the think-time chart draws and the
/// claim's prose words: the closed loop's steady state. N users who think Z between requests and
/// wait R for each send X = N / (Z + R) requests per second (Little's law), at most the
/// backends' capacity C; each of the B backends serves X / B.
///
/// A finite run is not in that state from its start: every user sends its first request at once
/// (spread over the ramp-up), so a run of T seconds counts about N × (1 + (T − ramp / 2) / Z)
/// requests — at long think times well above N / (Z + R) × T. The sweep's measured rates are
/// therefore counted once those first requests are answered.
extension Seed004Claims {
    /// R: the mean response time under normal load, the run the claim measures.
    var steadyStateResponseTime: Double { normal.value(of: .meanLatency) }

    /// X / B at think time `thinkTime`: min(N / (Z + R), C) / B requests per second.
    func steadyStatePerBackend(thinkTime: Double) -> Double {
        let offered = Double(scenario.users) / (thinkTime + steadyStateResponseTime)
        return min(offered, capacity) / Double(max(scenario.servers.count, 1))
    }

    /// The longest think time at which each backend still serves `rate` in the steady state:
    /// Z = N / (rate × B) − R.
    func longestThinkTime(perBackend rate: Double) -> Double {
        Double(scenario.users) / (rate * Double(max(scenario.servers.count, 1))) - steadyStateResponseTime
    }

    /// The think time below which the users offer more than the backends complete: Z = N / C − R.
    var saturationThinkTime: Double {
        Double(scenario.users) / capacity - steadyStateResponseTime
    }

    /// The model's points over the sweep's think times: one at each think time of the sweep, at
    /// the knee (saturation) and where each backend serves `rate`, those within the sweep's range.
    func steadyStatePoints(marking rate: Double) -> [(thinkTime: Double, perBackend: Double)] {
        guard let first = Self.thinkTimes.first, let last = Self.thinkTimes.last else { return [] }
        let marks = [saturationThinkTime, longestThinkTime(perBackend: rate)].filter { (first...last).contains($0) && !Self.thinkTimes.contains($0) }
        return (Self.thinkTimes + marks).sorted().map { ($0, steadyStatePerBackend(thinkTime: $0)) }
    }

    /// When a sweep run's first requests are behind it, in whole seconds: the end of the ramp-up
    /// plus N / C, the time the backends take to answer one request from each user.
    var firstRequestsAnswered: Int {
        let ramp = scenario.workload?.rampUp?.seconds ?? 0
        let drain = capacity > 0 ? Double(scenario.users) / capacity : 0
        return Int((ramp + drain).rounded(.up))
    }

    /// A sweep run's requests per second per backend from ``firstRequestsAnswered`` to the end of
    /// the run; nil when that leaves no second of the run.
    func measuredSteadyPerBackend(_ point: SweepPoint) -> Double? {
        let end = Int(Self.sweepDuration.seconds), start = firstRequestsAnswered
        guard start < end else { return nil }
        let completions = point.result.completionsPerSecond
        let counted = (start..<end).reduce(0) { $0 + ($1 < completions.count ? completions[$1] : 0) }
        return Double(counted) / Double(end - start) / Double(max(scenario.servers.count, 1))
    }
}
