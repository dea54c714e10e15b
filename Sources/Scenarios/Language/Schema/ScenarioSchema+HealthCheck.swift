import Simulator

/// `balancer.health_check:`, HAProxy's active health checks.
extension ScenarioSchema {
    /// `health_check:`.
    static let healthCheck = SchemaObject([
        .optional("interval", .period, "Time from the end of a check of a server to the start of its next while its health is at the top (HAProxy's inter). At least 1ms; default 2s.", default: .duration(healthCheckDefaults.interval)),
        .optional("timeout", .positiveDuration, "Default 2s.", default: .duration(healthCheckDefaults.timeout)),
        .optional("rise", .count(atLeast: 1), "Passed checks that mark a server up; default 2.", default: .integer(healthCheckDefaults.rise)),
        .optional("fall", .count(atLeast: 1), "Consecutive failed checks that mark a server down; default 3. A server starts up but on trial, as HAProxy's (init-state up): until a check passes it, one failed check marks it down.", default: .integer(healthCheckDefaults.fall)),
        .optional("path", .anyText, "Default heartbeat.", default: .word(healthCheckDefaults.path)),
        .optional("fastinter", .period, "The interval while a server is in transition: up after a failed check, down after a passed one, or on trial (unless fall is 1) — HAProxy's fastinter. At least 1ms; default: interval.", default: .derived("interval")),
        .optional("downinter", .period, "The interval while a server is down and has passed no check since its last failure (HAProxy's downinter). At least 1ms; default: interval.", default: .derived("interval")),
        .optional("spread_checks", .integer(in: spreadChecksRange), "HAProxy's spread-checks: a percentage from 0 to 50 by which each wait before a check, and the span the first checks are spread over, is moved at random (uniformly within ± that share of it, from the world's seed); default 0, no jitter.", default: .integer(healthCheckDefaults.spreadPercent)),
        .optional("max_spread_checks", .period, "HAProxy's max-spread-checks: the most the servers' first checks are spread over (after spread_checks' jitter), so that with a long interval the last server is not first checked an interval late. At least 1ms; default: no limit (HAProxy's 0).", default: .derived("no limit (HAProxy's 0)")),
        .optional("observe", .choice(ActiveHealthCheck.ObservedLayer.self), "HAProxy's observe: the check also counts the outcomes of the forwards to each server. layer4: any answer is good, no answer (refused, unreachable, timed out) an error; layer7: a status from 100 to 499, 501 or 505 is good, any other status or no answer an error. A good outcome resets the count of consecutive errors; at error_limit, on_error acts. Default: not observed.", default: .derived("not observed")),
        .optional("error_limit", .integer(in: errorLimitRange), "HAProxy's error-limit: consecutive errors of the observed forwards that trigger on_error, from 1 to 1,000,000; default 10. Only with observe.", default: .integer(observationDefaults.errorLimit)),
        .optional("on_error", .choice(ActiveHealthCheck.ErrorAction.self), "HAProxy's on-error: what error_limit consecutive errors do. fastinter: the next check comes at fastinter; fail_check (default): as one failed check; sudden_death: as a failed check that leaves the server one more failed check from down; mark_down: down at once. Every mode forces fastinter for the next check, and with fastinter set moves the next check to fastinter from now if that is sooner. Only with observe.", default: .word(observationDefaults.onError.rawValue)),
    ])

    /// A health check's settings when it does not say: HAProxy's (``ActiveHealthCheck``'s).
    static let healthCheckDefaults = ActiveHealthCheck()
    /// What observing the forwards does when it does not say: HAProxy's `error-limit 10`, `on-error fail-check`.
    static let observationDefaults = ActiveHealthCheck.Observation(layer: .layer4)

    /// `spread_checks`' range, HAProxy's: 0 to 50 percent.
    static let spreadChecksRange = 0...50

    /// `error_limit`'s range: HAProxy takes any count above 0; a million consecutive errors is
    /// already more than a world needs.
    static let errorLimitRange = 1...1_000_000
}
