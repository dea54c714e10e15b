import Simulator

/// A world's `deploy:` section (``ScenarioLoader/parseDeployment(_:servers:hasBalancer:)``): a new
/// version rolled out to the servers behind the balancer.
extension ScenarioSchema {
    /// The longest `drain_timeout`, `boot_time`, `health_deadline` and `pause`: an hour.
    static let longestDeploymentPhase = Duration.seconds(3_600)
    /// `deploy.version`: any version after the 1 every server starts with.
    static let deploymentVersions = 2...1_000_000

    /// A deployment's settings when it does not say (``DeploymentPlan``'s): a graceful rolling
    /// deployment of version 2.
    static let deploymentDefaults = DeploymentPlan(at: .zero)

    /// `deploy:`.
    static let deploySection = SchemaObject([
        .required("at", .duration, "When the deployment starts, in virtual time from the start."),
        .optional("strategy", .choice(DeploymentPlan.Strategy.self), "rolling (one server at a time, default) or all_at_once.", default: .word(deploymentDefaults.strategy.rawValue)),
        .optional("drain", .flag, "Take each server out of rotation and let its requests finish before its restart; default true.", default: .boolean(deploymentDefaults.drain)),
        .optional("drain_timeout", .duration(atMost: longestDeploymentPhase), "The longest wait for a server to drain before it is restarted anyway; default 30s, at most 1h.", default: .duration(deploymentDefaults.drainTimeout)),
        .optional("boot_time", .duration(atMost: longestDeploymentPhase), "How long the restarted process takes to boot; default 5s, at most 1h.", default: .duration(deploymentDefaults.bootTime)),
        .optional("health_deadline", .duration(atMost: longestDeploymentPhase, positive: true), "The longest wait, from the restart, for the health checks to pass the server 'rise' times; default 60s, at most 1h.", default: .duration(deploymentDefaults.healthDeadline)),
        .optional("pause", .duration(atMost: longestDeploymentPhase), "The wait after a server is back before the next; default 0, at most 1h.", default: .duration(deploymentDefaults.pause)),
        .optional("max_error_ratio", .probability, "The share of answers that may fail (5xx) during a step before the deployment halts and rolls back; default: no check.", default: .derived("no check")),
        .optional("servers", .list(of: .anyText, minimum: 1, maximum: ScenarioLoader.maximumServers), "The servers, in the order they are deployed to; default every server behind the balancer.", default: .derived("every server behind the balancer, in order")),
        .optional("version", .integer(in: deploymentVersions), "The version deployed (every server starts on 1); default 2.", default: .integer(deploymentDefaults.version)),
        .optional("release_error_rate", .probability, "The share of requests the new version answers 500 (a bad release); default 0.", default: .number(deploymentDefaults.releaseErrorRate)),
    ])
}
