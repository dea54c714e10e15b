import Simulator

extension ScenarioLoader {
    /// Parses `health_check:`, HAProxy's `check inter I fastinter F downinter D rise R fall F`
    /// (and its globals `spread-checks` and `max-spread-checks`, and `observe`/`error-limit`/`on-error`)
    /// with their defaults.
    static func parseHealthCheck(_ cursor: YAMLCursor) throws(ScenarioError) -> ActiveHealthCheck {
        let fields = try cursor.mapping(ScenarioSchema.healthCheck)
        let defaults = ScenarioSchema.healthCheckDefaults
        return ActiveHealthCheck(
            interval: try fields["interval"]?.duration(atLeast: YAMLCursor.shortestPeriod) ?? defaults.interval,
            timeout: try fields["timeout"]?.positiveDuration() ?? defaults.timeout,
            rise: try fields["rise"]?.int(atLeast: 1) ?? defaults.rise,
            fall: try fields["fall"]?.int(atLeast: 1) ?? defaults.fall,
            path: try fields["path"]?.string() ?? defaults.path,
            fastInterval: try fields["fastinter"]?.duration(atLeast: YAMLCursor.shortestPeriod),
            downInterval: try fields["downinter"]?.duration(atLeast: YAMLCursor.shortestPeriod),
            spreadPercent: try fields["spread_checks"]?.int(in: ScenarioSchema.spreadChecksRange) ?? defaults.spreadPercent,
            maxSpread: try fields["max_spread_checks"]?.duration(atLeast: YAMLCursor.shortestPeriod),
            observe: try parseObservation(fields))
    }

    /// `observe`, `error_limit` and `on_error`, HAProxy's defaults (10, `fail_check`). HAProxy
    /// silently ignores `error-limit` and `on-error` on a server without `observe`; here they are
    /// refused where they are written, since they would do nothing.
    private static func parseObservation(_ fields: YAMLMapping) throws(ScenarioError) -> ActiveHealthCheck.Observation? {
        guard let layer = try fields["observe"]?.choice(ActiveHealthCheck.ObservedLayer.self) else {
            for key in ["error_limit", "on_error"] {
                if let orphan = fields[key] {
                    throw orphan.error(.invalidValue("'\(key)' acts on the errors of the forwards that 'observe' watches; set 'observe: layer4' or 'observe: layer7' (HAProxy would ignore it)"))
                }
            }
            return nil
        }
        return ActiveHealthCheck.Observation(
            layer: layer,
            errorLimit: try fields["error_limit"]?.int(in: ScenarioSchema.errorLimitRange) ?? ScenarioSchema.observationDefaults.errorLimit,
            onError: try fields["on_error"]?.choice(ActiveHealthCheck.ErrorAction.self) ?? ScenarioSchema.observationDefaults.onError)
    }
}
