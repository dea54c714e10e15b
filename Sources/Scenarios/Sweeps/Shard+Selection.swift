extension Shard {
    /// The shard this process runs: `option` (`--shard i/n`), or with `count` (`--shards n`) alone
    /// the one a scheduler's array index in `environment` selects; nil for the whole sweep.
    ///
    /// What contradicts is refused, what agrees accepted: `--shard i/n` with `--shards m` when
    /// m ≠ n; `--shard i/n` while a scheduler's variable (`JOB_COMPLETION_INDEX`,
    /// `SLURM_ARRAY_TASK_ID`) selects another shard of n, or none (the variable was ignored, and
    /// the job's tasks could all run the shard written in its script); both schedulers' variables
    /// selecting different shards (``scheduled(_:count:)``; Kubernetes' won without a word).
    ///
    /// - Throws: a message naming the options as they are typed.
    public static func selected(option: String?, count: Int?, environment: [String: String]) throws(OverrideProblem) -> Shard? {
        if let option {
            let parsed: Shard
            do { parsed = try Shard(parsing: option) } catch { throw OverrideProblem("--shard: \(error.description)") }
            if let count, count != parsed.count { throw OverrideProblem("--shard \(option) and --shards \(count) disagree") }
            let scheduled: (shard: Shard, source: String)?
            do { scheduled = try Shard.scheduled(environment, count: parsed.count) } catch {
                throw OverrideProblem("--shard \(parsed) and the scheduler disagree: \(error.description)")
            }
            if let scheduled, scheduled.shard != parsed {
                throw OverrideProblem("--shard \(parsed) but \(scheduled.source) selects shard \(scheduled.shard): "
                                      + "give --shards \(parsed.count) to take the scheduler's shard, or unset its variable to run the one named")
            }
            return parsed
        }
        guard let count else { return nil }
        let scheduled: Shard?
        do { scheduled = try Shard.fromEnvironment(environment, count: count) } catch { throw OverrideProblem("--shards \(count): \(error.description)") }
        guard let fromEnvironment = scheduled else {
            throw OverrideProblem("--shards \(count) needs JOB_COMPLETION_INDEX (Kubernetes) or SLURM_ARRAY_TASK_ID (Slurm) to pick a shard, or use --shard i/n")
        }
        return fromEnvironment
    }
}
