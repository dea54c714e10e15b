import Simulator

extension ScenarioLoader {
    /// Parses `passive_health:`, nginx's `max_fails` and `fail_timeout` (defaults 1 and 10 s);
    /// `max_fails: 0` switches it off. `fail_timeout` is a whole number of seconds, at least one,
    /// as nginx reads it (``PassiveHealth/isWholeSeconds(_:)``), written in seconds or a larger
    /// unit: nginx parses it with `ngx_parse_time(value, 1)`, which refuses `ms`, so `1500ms` and
    /// `2000ms` are both refused.
    static func parsePassiveHealth(_ cursor: YAMLCursor) throws(ScenarioError) -> PassiveHealth? {
        let fields = try cursor.mapping(ScenarioSchema.passiveHealth)
        let maxFails = try fields["max_fails"]?.int(atLeast: 0) ?? PassiveHealth.nginxDefault.maxFails
        var failTimeout = PassiveHealth.nginxDefault.failTimeout
        if let given = fields["fail_timeout"] {
            failTimeout = try given.positiveDuration()
            let subsecondUnit = YAMLCursor.subsecondUnits.first { given.text?.trimmingSpaces.hasSuffix($0) == true }
            if let subsecondUnit {
                throw given.error(.invalidValue(
                    "fail_timeout is written in seconds or a larger unit, as nginx reads it (ngx_parse_time in seconds refuses '\(subsecondUnit)'), got \(given.text?.excerpt ?? "")"))
            }
            guard PassiveHealth.isWholeSeconds(failTimeout) else {
                throw given.error(.invalidValue(
                    "fail_timeout must be a whole number of seconds, as nginx reads it (ngx_parse_time in seconds, compared with ngx_time()'s whole seconds), got \(given.text?.excerpt ?? "")"))
            }
        }
        return maxFails == 0 ? nil : PassiveHealth(maxFails: maxFails, failTimeout: failTimeout)
    }
}
