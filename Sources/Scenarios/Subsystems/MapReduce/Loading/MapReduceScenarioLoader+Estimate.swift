extension MapReduceScenarioLoader {
    /// Refuses a single-job file whose world would not fit its budget (``ResourceBudget``), as
    /// the file spells the key that drives the estimate — `cluster.policy.heartbeat_interval`,
    /// `job.reducers`, `input`, `attempt_chaos`, not the `mapreduce.` sections of the world it
    /// becomes — and at that key's line and column.
    static func checkBudget(of scenario: MapReduceScenario, in top: YAMLMapping) throws(ScenarioError) {
        let world = scenario.world
        // A refusal over a time limit the file does not write names it as the default.
        let timeLimitWritten = top["run"].flatMap { try? $0.openMapping() }?["time_limit"] != nil
        guard let (section, message) = ResourceBudget(world).problem(eventLimit: world.limits.eventLimit, timeLimitWritten: timeLimitWritten, singleJob: true) else { return }
        throw ScenarioLoader.budgetCursor(section, in: top).error(.invalidValue(message))
    }
}
