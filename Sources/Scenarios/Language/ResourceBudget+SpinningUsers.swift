import Reports
import Simulator

/// A closed loop that may be left without a server: while none can answer, each try fails at
/// once and each user sends its next request after its think time and a round trip. The estimate
/// counts that for as long as the faults may fail every try at once or leave no server in
/// rotation (``spinningSeconds(in:over:)``; counted for the whole run, 10 users with no think
/// time at 1 µs, behind 3 servers that never all fail, were estimated at 1.4 × 10¹⁰ events and
/// ran 450,486). Its refusal read "(mostly from 'workload') … lower the rate or size (at
/// workload.users)" — a rate the file does not have; it says what drives the figure, for how
/// long, and which values lower it, and points at the one that made the cycle short (the latency
/// or the think time) where the file writes it.
extension ResourceBudget {
    /// Users counted as cycling at their think time and the network's round trip.
    public struct SpinningUsers: Sendable, Equatable {
        public var users: Int
        /// The mean think time, and the round trip (two crossings of the network), in seconds.
        public var thinkTime: Double
        public var roundTrip: Double
        /// What may leave the world without a server: "faults", "a deployment", "chaos".
        public var causes: [String]
        /// Whether the file's network latency differs from the default (so it is written there).
        public var latencyWritten: Bool
        /// The seconds of the run they are counted as spinning.
        public var seconds: Double
        /// The deadline that cuts requests short of their service (`workload.timeout`,
        /// `balancer.forward_timeout`), when that is what fills the room (``cutShort(in:workload:)``).
        public var cutShortBy: String? = nil
        /// The network's round trip, when that deadline is shorter and so is what a try is
        /// counted as lasting (``roundTrip`` is then the deadline).
        public var cutBeforeRoundTrip: Double? = nil

        /// The key the refusal points at: the latency where the round trip is most of the cycle
        /// and the file writes it, the think time where it is most of it, else the users.
        var position: String {
            // A try cut at a deadline shorter than the round trip lasts the deadline, not the latency.
            if cutBeforeRoundTrip != nil, cutShortBy == "workload.timeout", roundTrip >= thinkTime { return "workload.timeout" }
            if roundTrip >= thinkTime { return latencyWritten ? "network.latency" : "workload.users" }
            return "workload.think_time"
        }
    }

    /// The users of `scenario`'s closed loop, when it may lose its servers.
    static func spinningUsers(in scenario: Scenario, users: Int, thinkTime: Double, roundTrip: Double, seconds: Double,
                              cutShortBy: String? = nil, networkRoundTrip: Double? = nil) -> SpinningUsers {
        var causes: [String] = []
        if !scenario.faults.entries.isEmpty { causes.append("faults") }
        if scenario.deployment != nil { causes.append("deployment") }
        if scenario.faults.chaos != nil { causes.append("chaos") }
        if let atOnce = answersAtOnce(in: scenario) { causes.append(atOnce) }
        if let cutShortBy { causes = ["\(cutShortBy) (shorter than a request's service and round trip: each abandoned request keeps its place at the server)"] }
        return SpinningUsers(users: users, thinkTime: thinkTime, roundTrip: roundTrip, causes: causes,
                             latencyWritten: scenario.defaultLink.latency != LinkProfile.lan.latency, seconds: seconds, cutShortBy: cutShortBy,
                             cutBeforeRoundTrip: cutShortBy != nil ? networkRoundTrip.flatMap { $0 > roundTrip ? $0 : nil } : nil)
    }

    /// The refusal's cause and remedy for spinning users: the events, what drives them, and the
    /// values that lower the estimate — `run.max_events` only where it may be raised that far.
    func spinningRefusal(_ spinning: SpinningUsers, events eventsText: String, limit limitText: String) -> String {
        let cycle = spinning.thinkTime + spinning.roundTrip
        let rate = cycle > 0 ? ": \(NumberText.figure(1 / cycle)) a second" : ""
        // A deadline shorter than the round trip ends each try before any answer is back: that
        // is what is counted, and what the words say.
        let tryLength = if let key = spinning.cutShortBy, let network = spinning.cutBeforeRoundTrip {
            "its \(key) of \(DurationFormat.readable(spinning.roundTrip)), shorter than the network's round trip of \(DurationFormat.readable(network))"
        } else {
            "the network's round trip of \(DurationFormat.readable(spinning.roundTrip))"
        }
        let every = if spinning.thinkTime > 0 {
            "every \(DurationFormat.readable(cycle)) (its think time and \(tryLength)\(rate))"
        } else if spinning.cutBeforeRoundTrip != nil {
            "every \(DurationFormat.readable(cycle)) (\(tryLength)\(rate))"
        } else {
            "every round trip of the network (\(DurationFormat.readable(spinning.roundTrip))\(rate))"
        }
        let causes = spinning.causes.isEmpty ? "what the file schedules" : "the file's " + spinning.causes.joined(separator: " and ")
        let users = NumberFormat.counted(spinning.users, "user")
        let most = ScenarioSchema.runMaxEvents.upperBound
        var remedy = spinning.cutShortBy.map { "raise \($0) above the service time and the round trip, " } ?? ""
        remedy += spinning.cutShortBy == nil ? "raise network.latency or workload.think_time, or use fewer users"
            : spinning.cutBeforeRoundTrip != nil ? "or raise workload.think_time, or use fewer users"
            : "or raise network.latency or workload.think_time, or use fewer users"
        if events <= Double(most) {
            remedy += "; if the servers are back sooner, raise run.max_events (at most \(NumberFormat.integer(most))): the estimate takes every failure and ejection at its longest"
        }
        let span = spinning.seconds >= horizon.seconds ? "the whole run"
            : "\(DurationFormat.seconds(spinning.seconds, grouping: true)) of it"
        return "this world would need about \(eventsText) events over its \(DurationFormat.seconds(horizon.seconds, grouping: true)) of virtual time "
            + "(mostly from 'workload': \(users) counted as trying \(every) for \(span), while \(causes) may fail every try at once or leave no server to answer), "
            + "more than its event limit of \(limitText) (run.max_events); \(remedy)"
    }
}
