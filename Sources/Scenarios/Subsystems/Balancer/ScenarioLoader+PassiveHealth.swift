import Simulator

extension ScenarioLoader {
    /// Parses `passive_health:`, nginx's `max_fails` and `fail_timeout` (defaults 1 and 10 s);
    /// `max_fails: 0` switches it off.
    static func parsePassiveHealth(_ cursor: YAMLCursor) throws(ScenarioError) -> PassiveHealth? {
        let fields = try cursor.mapping(ScenarioSchema.passiveHealth)
        let maxFails = try fields["max_fails"]?.int(atLeast: 0) ?? 1
        let failTimeout = try fields["fail_timeout"]?.positiveDuration() ?? .seconds(10)
        return maxFails == 0 ? nil : PassiveHealth(maxFails: maxFails, failTimeout: failTimeout)
    }
}
