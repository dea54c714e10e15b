import Simulator

/// `balancer.passive_health:`, nginx's passive health.
extension ScenarioSchema {
    /// `passive_health:`.
    static let passiveHealth = SchemaObject([
        .optional("max_fails", .count(atLeast: 0), "Failures that mark a server down; 0 switches it off; default 1. Ignored, as by nginx, when the balancer has a single server (one primary, no backup)."),
        .optional("fail_timeout", .positiveDuration, "Window of the failures, and how long the server stays down: a whole number of seconds in s or a larger unit (nginx parses it in seconds and counts it, and its clock, in whole seconds; 1.5s and 2000ms are refused), at least 1s; default 10s."),
    ])
}
