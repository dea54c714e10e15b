extension ResourceBudget {
    /// `section` as a single-job file spells it (``MapReduceScenarioLoader``: `cluster:`, `job:`,
    /// `input:`, `attempt_chaos:`, `chaos:` and `faults:` at the top, `run:` with `time_limit`
    /// and `max_events` as a world's): `mapreduce.cluster.policy.heartbeat_interval` is
    /// `cluster.policy.heartbeat_interval`, `mapreduce.jobs.0.reducers` `job.reducers`,
    /// `mapreduce.jobs.reduce_slowstart` `job.reduce_slowstart`. The job's input and its
    /// attempts (`mapreduce.jobs`) read as `job`, and as a `position` (where the refusal points)
    /// as `input`, whose size drives them.
    static func singleJobSpelling(_ section: String, position: Bool = false) -> String {
        if section == "mapreduce.jobs" { return position ? "input" : "job" }
        let renames = [("mapreduce.jobs.0.", "job."), ("mapreduce.jobs.", "job."), ("mapreduce.cluster", "cluster"),
                       ("mapreduce.attempt_chaos", "attempt_chaos"), ("mapreduce.chaos", "chaos"), ("mapreduce.faults", "faults")]
        for (world, file) in renames where section.hasPrefix(world) {
            let rest = section.dropFirst(world.count)
            guard world.hasSuffix(".") || rest.isEmpty || rest.hasPrefix(".") else { continue }
            return file + rest
        }
        return section
    }
}
