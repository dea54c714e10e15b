import Simulator

/// `balancer.health_check:`, HAProxy's active health checks.
extension ScenarioSchema {
    /// `health_check:`.
    static let healthCheck = SchemaObject([
        .optional("interval", .period, "At least 1ms; default 2s."),
        .optional("timeout", .positiveDuration, "Default 2s."),
        .optional("rise", .count(atLeast: 1), "Passed checks that mark a server up; default 2."),
        .optional("fall", .count(atLeast: 1), "Consecutive failed checks that mark a server down; default 3. A server starts up but on trial, as HAProxy's (init-state up): until a check passes it, one failed check marks it down."),
        .optional("path", .anyText, "Default heartbeat."),
    ])
}
