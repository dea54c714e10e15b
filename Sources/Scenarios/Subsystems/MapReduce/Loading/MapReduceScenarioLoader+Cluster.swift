import Reports
import Simulator

extension MapReduceScenarioLoader {
    /// `cluster:` — every key optional, defaults are seed 001's cluster
    /// (``MapReduce/ClusterConfiguration/init(workers:mapSlotsPerWorker:reduceSlotsPerWorker:shuffle:cost:policy:link:callTimeout:pollInterval:attemptChaos:)``).
    static func parseCluster(_ cursor: YAMLCursor) throws(ScenarioError) -> MapReduce.ClusterConfiguration {
        let fields = try cursor.mapping(ScenarioSchema.clusterSection)
        var configuration = MapReduce.ClusterConfiguration()
        if let workers = fields["workers"] { configuration.workers = try workers.int(in: ScenarioSchema.clusterWorkers) }
        if let slots = fields["map_slots"] { configuration.mapSlotsPerWorker = try slots.int(in: ScenarioSchema.workerSlots) }
        if let slots = fields["reduce_slots"] { configuration.reduceSlotsPerWorker = try slots.int(in: ScenarioSchema.workerSlots) }
        if let shuffle = fields["shuffle"] { configuration.shuffle = try parseShuffle(shuffle) }
        if let cost = fields["cost"] { configuration.cost = try parseCost(cost) }
        if let policy = fields["policy"] { configuration.policy = try parsePolicy(policy) }
        if let network = fields["network"] {
            configuration.link = try ScenarioLoader.parseLink(network.mapping(ScenarioSchema.clusterLink), base: .lan)
        }
        if let timeout = fields["call_timeout"] { configuration.callTimeout = try timeout.positiveDuration() }
        if let interval = fields["poll_interval"] { configuration.pollInterval = try interval.positiveDuration() }
        return configuration
    }

    /// `local_disk`, `shuffle_store` (TTL one hour), or `{shuffle_store: {ttl: 10m}}`.
    static func parseShuffle(_ cursor: YAMLCursor) throws(ScenarioError) -> MapReduce.ShuffleMode {
        let modes = ScenarioSchema.shuffleModes
        if let text = cursor.text {
            switch text {
            case "local_disk": return .localDisk
            case "shuffle_store": return .shuffleStore(ttl: ScenarioSchema.defaultShuffleTTL)
            default:
                let suggestion = Suggestion.closest(to: text, among: modes).map { "; did you mean '\($0)'?" } ?? "; expected local_disk or shuffle_store"
                throw cursor.error(.invalidValue("unknown shuffle mode '\(text.excerpt)'\(suggestion)"))
            }
        }
        let store = try cursor.mapping(ScenarioSchema.shuffleStoreMode).required("shuffle_store")
        let ttl = try store.mapping(ScenarioSchema.shuffleStoreOptions)["ttl"]?.positiveDuration() ?? ScenarioSchema.defaultShuffleTTL
        return .shuffleStore(ttl: ttl)
    }

    /// `cost:` — overrides of the cost model, each optional. The per-byte costs keep fractions of
    /// a nanosecond (``YAMLCursor/perByteDuration()``); every other cost is a whole number of them.
    static func parseCost(_ cursor: YAMLCursor) throws(ScenarioError) -> MapReduce.CostModel {
        let fields = try cursor.mapping(ScenarioSchema.cost)
        var cost = MapReduce.CostModel()
        if let value = fields["map_per_record"] { cost.mapPerRecord = try value.duration() }
        if let value = fields["map_per_byte"] { cost.mapPerByte = try value.perByteDuration() }
        if let value = fields["map_per_emitted_record"] { cost.mapPerEmittedRecord = try value.duration() }
        if let value = fields["spill_per_byte"] { cost.spillPerByte = try value.perByteDuration() }
        if let value = fields["reduce_per_record"] { cost.reducePerRecord = try value.duration() }
        if let value = fields["reduce_per_key"] { cost.reducePerKey = try value.duration() }
        if let value = fields["network_bytes_per_second"] { cost.networkBytesPerSecond = Double(try value.positiveByteCount()) }
        if let value = fields["progress_slice"] { cost.progressSlice = try value.positiveDuration() }
        return cost
    }

    /// `policy:` — the coordinator's timing and retry rules, each optional.
    static func parsePolicy(_ cursor: YAMLCursor) throws(ScenarioError) -> MapReduce.CoordinatorPolicy {
        let fields = try cursor.mapping(ScenarioSchema.policy)
        var policy = MapReduce.CoordinatorPolicy()
        if let value = fields["heartbeat_interval"] { policy.heartbeatInterval = try value.duration(atLeast: YAMLCursor.shortestPeriod) }
        if let value = fields["task_timeout"] { policy.taskTimeout = try value.positiveDuration() }
        if let value = fields["worker_timeout"] { policy.workerTimeout = try value.positiveDuration() }
        if let value = fields["max_attempts"] { policy.maxAttempts = try value.int(in: ScenarioSchema.policyAttempts) }
        if let value = fields["backoff_base"] { policy.backoffBase = try value.duration() }
        if let value = fields["backoff_cap"] { policy.backoffCap = try value.duration() }
        if let value = fields["monitor_interval"] { policy.monitorInterval = try value.duration(atLeast: YAMLCursor.shortestPeriod) }
        if let value = fields["max_failures_per_worker"] { policy.maxFailuresPerWorker = try value.int(in: ScenarioSchema.policyAttempts) }
        if let value = fields["restart_keeps_attempts"] { policy.restartKeepsAttempts = try value.bool() }
        if let value = fields["speculation"] {
            policy.speculation = try parseSpeculation(value)
        }
        return policy
    }

    /// `speculation: true | false | {slowness: 2, minimum_runtime: 1s}`; nil switches it off.
    static func parseSpeculation(_ cursor: YAMLCursor) throws(ScenarioError) -> MapReduce.CoordinatorPolicy.Speculation? {
        if cursor.text != nil {
            return try cursor.bool() ? MapReduce.CoordinatorPolicy.Speculation() : nil
        }
        let fields = try cursor.mapping(ScenarioSchema.speculation)
        var rule = MapReduce.CoordinatorPolicy.Speculation()
        if let slowness = fields["slowness"] {
            // At most a factor: a straggler, a slow node, is at most 10⁶ times slower (1e308 was accepted).
            rule.slowness = try slowness.positiveFactor()
            guard rule.slowness > 1 else { throw slowness.error(.invalidValue("a straggler must be slower than the median, so slowness must exceed 1, got \(slowness.text ?? "")")) }
        }
        if let runtime = fields["minimum_runtime"] { rule.minimumRuntime = try runtime.duration() }
        return rule
    }

    /// `attempt_chaos:` — the lab's faults tied to attempts (defaults: a third crash, a third
    /// stall up to 10 s).
    static func parseAttemptChaos(_ cursor: YAMLCursor) throws(ScenarioError) -> MapReduce.AttemptChaos {
        let fields = try cursor.mapping(ScenarioSchema.attemptChaos)
        var chaos = MapReduce.AttemptChaos()
        if let value = fields["crash_probability"] { chaos.crashProbability = try value.probability() }
        if let value = fields["stall_probability"] { chaos.stallProbability = try value.probability() }
        guard chaos.crashProbability + chaos.stallProbability <= 1 else {
            // Name the default when the file left one out: `crash_probability: 1` alone is over 1.
            let crash = NumberFormat.trimmed(chaos.crashProbability, maxDecimals: 6) + (fields["crash_probability"] == nil ? " (the default)" : "")
            let stall = NumberFormat.trimmed(chaos.stallProbability, maxDecimals: 6) + (fields["stall_probability"] == nil ? " (the default)" : "")
            throw cursor.error(.invalidValue("crash_probability + stall_probability must not exceed 1, got \(crash) + \(stall)"))
        }
        if let value = fields["stall_length"] { chaos.stallLength = try value.durationDistribution() }
        if let value = fields["downtime"] { chaos.downtime = try value.durationDistribution() }
        if let value = fields["delay"] { chaos.delay = try value.durationDistribution() }
        return chaos
    }
}
