import Reports
import Simulator

/// The refusal of a file whose own traffic fits but whose bursty worlds do not: the experiment
/// sets their rate itself (60 % of the capacity the servers' service time gives), so "lower the
/// rate (at workload)" pointed at a rate the file never set. The refusal names the experiment's
/// world and its rate, and points at what the file can change: the servers' service time (or the
/// run's duration).
extension KeepaliveComparison {
    /// Throws at `servers` when one of the bursty worlds built from `base` is beyond its budget.
    static func checkBurstyWorlds(_ base: ExperimentBaseFile) throws(ScenarioError) {
        let scenario = base.scenario
        for world in variants(scenario) where world.group == .bursty {
            let budget = ResourceBudget(world.scenario)
            guard let problem = budget.problem(eventLimit: world.scenario.limits.eventLimit) else { continue }
            throw base.error(at: "servers", .invalidValue(burstyRefusal(world: world.name, scenario: world.scenario, base: scenario, problem: problem.message)))
        }
    }

    /// "the keepalive experiment's own 'bursty: no pooling' world sends 1,800,000 requests/s …;
    /// this world would need … (run.max_events); lengthen the servers' service_time or shorten
    /// run.duration": the budget's finding without its remedy, which names the world's settings.
    static func burstyRefusal(world: String, scenario: Scenario, base: Scenario, problem: String) -> String {
        var rate = 0.0
        if case .openLoop(let perSecond)? = scenario.workload?.arrivals { rate = perSecond }
        let capacity = base.meanServiceTime > 0 ? Double(base.servers.count) / base.meanServiceTime : 0
        let servers = NumberFormat.counted(base.servers.count, "server")
        let serviceTime = DurationFormat.readable(base.meanServiceTime)
        let finding = userFileCause(of: problem.range(of: "; ", options: .backwards).map { String(problem[..<$0.lowerBound]) } ?? problem,
                                    servers: servers, serviceTime: serviceTime)
        return "the keepalive experiment's own '\(world)' world sends open-loop requests at \(NumberFormat.fixed(rate, decimals: 0, grouping: true)) requests/s "
            + "(60% of the \(NumberFormat.fixed(capacity, decimals: 0, grouping: true)) requests/s that \(servers) with the file's mean service_time of \(serviceTime) complete) "
            + "with bursts of \(NumberFormat.trimmed(burstMultiplier, maxDecimals: 1))×; \(finding); lengthen the servers' service_time or shorten run.duration"
    }

    /// The budget's finding with its cause told in the user's file: the bursty world's
    /// `workload` is the experiment's, not a key of the file ("(mostly from 'workload')" named
    /// a section the file may not have), so its share is named as the requests whose rate the
    /// file's servers and service time set. Any other cause is the file's own and is kept.
    static func userFileCause(of finding: String, servers: String, serviceTime: String) -> String {
        let cause = "its requests, whose rate the file's \(servers) and their mean service_time of \(serviceTime) set"
        return finding
            .replacingOccurrences(of: "(mostly from 'workload')", with: "(mostly from \(cause))")
            .replacingOccurrences(of: "(mostly for 'workload')", with: "(mostly for \(cause))")
    }
}
