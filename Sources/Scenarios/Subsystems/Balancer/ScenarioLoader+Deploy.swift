import Simulator
import Reports

extension ScenarioLoader {
    /// Parses `deploy:`: every duration within an hour, ratios within 0…1, servers (when listed,
    /// at least one) named once each among those behind the balancer.
    static func parseDeployment(_ cursor: YAMLCursor, servers: [Scenario.Server], hasBalancer: Bool) throws(ScenarioError) -> DeploymentPlan {
        let fields = try cursor.mapping(ScenarioSchema.deploySection)
        guard hasBalancer else {
            throw cursor.error(.invalidValue("a deployment drains servers through the balancer; add a 'balancer' section"))
        }
        func phase(_ key: String, default value: Duration, positive: Bool = false) throws(ScenarioError) -> Duration {
            guard let field = fields[key] else { return value }
            let duration = positive ? try field.positiveDuration() : try field.duration()
            // The value as written: rounded to milliseconds, 3600.000000001s read "got 3,600.000 s".
            guard duration <= ScenarioSchema.longestDeploymentPhase else {
                throw field.error(.invalidValue("'\(key.excerpt)' is at most \(DurationFormat.seconds(ScenarioSchema.longestDeploymentPhase.seconds, grouping: true)), got \(field.text?.excerpt ?? "")"))
            }
            return duration
        }
        let defaults = ScenarioSchema.deploymentDefaults
        var plan = DeploymentPlan(
            at: try fields.required("at").duration(),
            strategy: try fields["strategy"]?.choice(DeploymentPlan.Strategy.self) ?? defaults.strategy,
            drain: try fields["drain"]?.bool() ?? defaults.drain,
            drainTimeout: try phase("drain_timeout", default: defaults.drainTimeout),
            bootTime: try phase("boot_time", default: defaults.bootTime),
            healthDeadline: try phase("health_deadline", default: defaults.healthDeadline, positive: true),
            pause: try phase("pause", default: defaults.pause),
            maxErrorRatio: try fields["max_error_ratio"]?.probability(),
            version: try fields["version"]?.int(in: ScenarioSchema.deploymentVersions) ?? defaults.version,
            releaseErrorRate: try fields["release_error_rate"]?.probability() ?? defaults.releaseErrorRate)
        if let list = fields["servers"] {
            let known = servers.map(\.id.name)
            let items = try list.list(atMost: ScenarioLoader.maximumServers, of: "servers")
            // An empty list deployed to every server, as a missing one does: say which is meant.
            guard !items.isEmpty else {
                throw list.error(.invalidValue("'servers' lists 1 to \(NumberFormat.integer(ScenarioLoader.maximumServers)) servers to deploy to; leave it out to deploy to every server behind the balancer"))
            }
            for item in items {
                let name = try item.string()
                // By bytes, as a node is named (`String` would take 'Å' U+0041 U+030A for a
                // server 'Å' U+00C5); a look-alike is refused naming what tells them apart.
                guard known.contains(where: { $0.utf8.elementsEqual(name.utf8) }) else {
                    if let refusal = item.unknownLookAlike(name, among: known, kind: "server") { throw refusal }
                    let hint = Suggestion.closest(to: name, among: known).map { "; did you mean '\($0)'?" } ?? "; servers: \(known.joined(separator: ", "))"
                    throw item.error(.invalidValue("unknown server '\(name.excerpt)'" + hint))
                }
                guard !plan.servers.contains(where: { $0.utf8.elementsEqual(name.utf8) }) else { throw item.error(.invalidValue("server '\(name.excerpt)' is listed twice")) }
                plan.servers.append(name)
            }
        }
        return plan
    }
}
