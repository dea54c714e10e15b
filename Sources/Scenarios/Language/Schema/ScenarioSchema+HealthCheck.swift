import Simulator

/// `balancer.health_check:`, HAProxy's active health checks.
extension ScenarioSchema {
    /// `health_check:`.
    static let healthCheck = SchemaObject([
        .optional("interval", .period, "Time from the end of a check of a server to the start of its next while its health is at the top (HAProxy's inter). At least 1ms; default 2s."),
        .optional("timeout", .positiveDuration, "Default 2s."),
        .optional("rise", .count(atLeast: 1), "Passed checks that mark a server up; default 2."),
        .optional("fall", .count(atLeast: 1), "Consecutive failed checks that mark a server down; default 3. A server starts up but on trial, as HAProxy's (init-state up): until a check passes it, one failed check marks it down."),
        .optional("path", .anyText, "Default heartbeat."),
        .optional("fastinter", .period, "The interval while a server is in transition: up after a failed check, down after a passed one, or on trial (unless fall is 1) — HAProxy's fastinter. At least 1ms; default: interval."),
        .optional("downinter", .period, "The interval while a server is down and has passed no check since its last failure (HAProxy's downinter). At least 1ms; default: interval."),
        .optional("spread_checks", .integer(in: spreadChecksRange), "HAProxy's spread-checks: a percentage from 0 to 50 by which each wait before a check, and the span the first checks are spread over, is moved at random (uniformly within ± that share of it, from the world's seed); default 0, no jitter."),
    ])

    /// `spread_checks`' range, HAProxy's: 0 to 50 percent.
    static let spreadChecksRange = 0...50
}
