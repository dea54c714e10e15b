import Reports
import Simulator

/// A MapReduce cluster and its jobs: a world's `mapreduce:` section (``ScenarioLoader``), a
/// single-job file and the parts both share (``MapReduceScenarioLoader``).
extension ScenarioSchema {
    // MARK: Files and sections

    /// A single job's time limit when its `run:` does not say.
    static let defaultSingleJobTimeLimit = Duration.seconds(3_600)
    /// Whether a job combines its map output when it does not say.
    static let defaultCombiner = true
    /// When a world's job is submitted when it does not say.
    static let defaultSubmitAt = Duration.zero
    /// Bytes per map task of document input and of objects (``MapReduceInput``'s).
    static let defaultSplitSize = MapReduceInput().splitSize
    /// Records per map task of a world job's topic input.
    static let defaultRecordsPerSplit = 10_000
    /// A synthetic input's seed and documents when it does not say.
    static let defaultSyntheticSeed: UInt64 = 1
    static let defaultSyntheticDocuments = 1
    /// The partitions of a single job's input topic when it does not say.
    static let defaultInputPartitions = 1
    /// A cluster when a file does not say (``MapReduce/ClusterConfiguration``'s: seed 001's),
    /// with its cost model and coordinator policy.
    static let clusterDefaults = MapReduce.ClusterConfiguration()
    /// Speculation's rule when `speculation` is on and does not say.
    static let speculationDefaults = MapReduce.CoordinatorPolicy.Speculation()
    /// The lab's faults tied to attempts when `attempt_chaos` does not say (``MapReduce/AttemptChaos``'s).
    static let attemptChaosDefaults = MapReduce.AttemptChaos()
    /// The lengths of cluster chaos's faults when `chaos` does not say (``MapReduce/ClusterChaos``'s).
    static let clusterChaosDefaults = MapReduce.ClusterChaos()

    /// A single MapReduce job file (`orrery mapreduce`).
    static let singleJobFile = SchemaObject(commonProperties + [
        .required("cluster", cluster, "The cluster the job runs on."),
        .required("job", .object(job), "The job."),
        .required("input", .object(input), "What the job reads."),
        .optional("faults", .list(of: .object(clusterFault), maximum: ScenarioLoader.maximumFaults), "Faults at given instants."),
        .optional("chaos", .object(clusterChaos), "Seeded random faults on the cluster."),
        .optional("attempt_chaos", .object(attemptChaos), "Faults tied to task attempts."),
        .optional("run", .object(singleJobRun), "The run's limits."),
        .optional("expect", .list(of: expectation, maximum: maximumExpectations), "Assertions on the job's metrics."),
    ])

    /// `run:` of a single-job file.
    static let singleJobRun = SchemaObject([
        .optional("time_limit", .positiveDuration, "Virtual time after which the run stops; default 1h.", default: .duration(defaultSingleJobTimeLimit)),
        .optional("max_events", .integer(in: runMaxEvents), "Events after which the run stops; default 2000000000.", default: .integer(Int(Scenario.Limits.defaultEventLimit))),
    ])

    /// A world's `mapreduce:`.
    static let mapReduceSection = SchemaObject([
        .optional("cluster", cluster, "The cluster; default seed 001's."),
        .optional("attempt_chaos", .object(attemptChaos), "Faults tied to task attempts."),
        .optional("chaos", .object(clusterChaos), "Seeded random faults on the cluster."),
        .required("jobs", .list(of: .object(worldJob), minimum: 1, maximum: ScenarioLoader.maximumJobs), "The jobs submitted."),
    ])

    // MARK: Jobs

    /// The job function, reducers, combiner and reduce slow start, in a single-job file's `job:` and in a world's jobs.
    static let jobProperties: [SchemaProperty] = [
        .required("name", .words(MapReduce.JobCatalog.standard.names), "The job function."),
        .required("reducers", .integer(minimum: 1, maximum: maximumReducers), "Reduce tasks."),
        .optional("combiner", .flag, "Whether map output is combined before the shuffle; default true.", default: .boolean(defaultCombiner)),
        .optional("reduce_slowstart", .number(in: MapReduce.ReduceSlowstart.shares),
                  "Share of the job's map tasks completed before its reduce tasks start (Hadoop's reduce slow start; Hadoop's default 0.05); default 1, after every map.",
                  default: .number(MapReduce.ReduceSlowstart.afterEveryMap)),
    ]

    /// `job:` of a single-job file.
    static let job = SchemaObject(jobProperties, definition: ("job", "A MapReduce job: its function, reducers and combiner."))

    /// One of a world's `mapreduce.jobs`.
    static let worldJob = SchemaObject([.optional("id", scenarioName, "The job's name in the report; default job-N.", default: .derived("job-N, N its place in the list"))] + jobProperties + [
        .required("input", .object(worldJobInput), "Files, synthetic text, a log topic or objects."),
        .optional("submit_at", .duration, "When the job is submitted; default 0.", default: .duration(defaultSubmitAt)),
        .optional("via", .words(["balancer", "gateway", "direct"]), "Submitted straight to the coordinator (direct) or through the balancer.", default: .word("direct")),
        .optional("output", .object(jobOutput), "Where the output parts are written."),
    ])

    /// A world job's `output:`.
    static let jobOutput = SchemaObject([
        .optional("bucket", .anyText, "A bucket of the object store."),
        .optional("prefix", .anyText, "Default results/<id>/.", default: .derived("results/<id>/")),
        .optional("backup", .flag, "Whether the parts are written to the backup host's data too.", default: .boolean(false)),
    ])

    // MARK: Inputs

    /// The document input of a single-job file (and of a world job reading documents).
    static let inputProperties: [SchemaProperty] = [
        .optional("files", .anyOf([.anyText, .list(of: .anyText, maximum: maximumListedNames)]), "Paths, relative to the scenario file."),
        .optional("synthetic", .object(synthetic), "Generated log lines."),
        .optional("split_size", .positiveByteCount, "Bytes per map task.", default: .bytes(defaultSplitSize)),
        .optional("log", .object(inputLogTopic), "Read the input through a partitioned-log topic."),
    ]

    /// `input:` of a single-job file.
    static let input = SchemaObject(inputProperties, rules: [.atLeastOne(["files", "synthetic"])],
                                    definition: ("job_input", "What a job reads: files, synthetic log lines or both, split by size, optionally through a log topic."))

    /// `input:` of a world's job: documents, a log topic, or objects of the store.
    static let worldJobInput = SchemaObject(inputProperties + [
        .optional("topic", .anyText, "A topic of the world's log, read up to its end at submission."),
        .optional("records_per_split", .integer(in: inputRecordsPerSplit), "Topic input: records per map task; default 10000.", default: .integer(defaultRecordsPerSplit)),
        .optional("group", .anyText, "Topic input: the consumer group."),
        .optional("objects", .object(inputObjects), "Objects of the store under a prefix."),
    ], rules: [.atLeastOne(["files", "synthetic", "topic", "objects"])]
        // What the loader refuses together (`ScenarioLoader+MapReduce`): a topic or objects
        // alone, and a topic's own settings only beside a topic.
        + ["files", "synthetic", "log", "objects", "split_size"].map { .notBoth("topic", $0) }
        + ["files", "synthetic", "log", "records_per_split", "group"].map { .notBoth("objects", $0) }
        + ["records_per_split", "group"].map { .requiredWith("topic", key: $0) })

    /// `input.objects`.
    static let inputObjects = SchemaObject([
        .required("bucket", .anyText),
        .optional("prefix", .anyText),
    ])

    /// `synthetic.lines`.
    static let syntheticLines = 1...10_000_000
    /// `synthetic.documents`.
    static let syntheticDocuments = 1...10_000

    /// `input.synthetic`.
    static let synthetic = SchemaObject([
        .optional("lines", .integer(in: syntheticLines), "Log lines to generate."),
        .optional("bytes", .positiveByteCount, "Bytes of log lines to generate."),
        .optional("seed", .unsigned64, "Default 1.", default: .integer(Int(defaultSyntheticSeed))),
        .optional("documents", .integer(in: syntheticDocuments), "Documents the lines are split into; default 1.", default: .integer(defaultSyntheticDocuments)),
    ], rules: [.exactlyOne(["lines", "bytes"])])

    /// `partitions` of an input topic.
    static let inputPartitions = 1...1_024
    /// `records_per_split` of an input topic: a single job's `input.log` and a world job's topic
    /// input alike.
    static let inputRecordsPerSplit = 1...10_000_000

    /// `input.log`.
    static let inputLogTopic = SchemaObject([
        .required("topic", .anyText),
        .optional("partitions", .integer(in: inputPartitions), "Default 1.", default: .integer(defaultInputPartitions)),
        .required("records_per_split", .integer(in: inputRecordsPerSplit)),
        .optional("group", .anyText),
    ])

    // MARK: Cluster

    /// `workers` of a cluster.
    static let clusterWorkers = 1...1_000
    /// `map_slots` and `reduce_slots` of a worker.
    static let workerSlots = 1...256

    /// `cluster:`, shared by every kind of file that has one.
    static let cluster = SchemaNode.object(clusterSection)

    /// The keys of `cluster:`.
    static let clusterSection = SchemaObject([
        .optional("workers", .integer(in: clusterWorkers), "Default 4.", default: .integer(clusterDefaults.workers)),
        .optional("map_slots", .integer(in: workerSlots), "Map tasks per worker at once.", default: .integer(clusterDefaults.mapSlotsPerWorker)),
        .optional("reduce_slots", .integer(in: workerSlots), "Reduce tasks per worker at once.", default: .integer(clusterDefaults.reduceSlotsPerWorker)),
        .optional("shuffle", .anyOf([.words(shuffleModes), .object(shuffleStoreMode)]), "local_disk, shuffle_store, or {shuffle_store: {ttl}}.", default: .word(shuffleModes[0])),
        .optional("cost", .object(cost), "The cost model's overrides."),
        .optional("policy", .object(policy), "The coordinator's timing and retry rules."),
        .optional("network", .object(clusterLink), "The cluster's links."),
        .optional("call_timeout", .positiveDuration, nil, default: .duration(clusterDefaults.callTimeout)),
        .optional("poll_interval", .positiveDuration, nil, default: .duration(clusterDefaults.pollInterval)),
    ], definition: ("cluster", "A MapReduce cluster: workers, slots, the shuffle, the cost model, the coordinator's policy and its network; every key optional."))

    /// The shuffle modes written as a word.
    static let shuffleModes = ["local_disk", "shuffle_store"]

    /// `shuffle: {shuffle_store: {ttl}}`.
    static let shuffleStoreMode = SchemaObject([.required("shuffle_store", .object(shuffleStoreOptions))])

    /// `shuffle.shuffle_store`.
    static let shuffleStoreOptions = SchemaObject([.optional("ttl", .positiveDuration, "How long shuffled data is kept; default 1h.", default: .duration(defaultShuffleTTL))])
    /// How long the shuffle store keeps shuffled data when the file does not say.
    static let defaultShuffleTTL = Duration.seconds(3_600)

    /// `cluster.cost`.
    static let cost = SchemaObject([
        .optional("map_per_record", .duration, nil, default: .duration(clusterDefaults.cost.mapPerRecord)),
        .optional("map_per_byte", .duration, nil, default: .duration(clusterDefaults.cost.mapPerByte)),
        .optional("map_per_emitted_record", .duration, nil, default: .duration(clusterDefaults.cost.mapPerEmittedRecord)),
        .optional("spill_per_byte", .duration, nil, default: .duration(clusterDefaults.cost.spillPerByte)),
        .optional("reduce_per_record", .duration, nil, default: .duration(clusterDefaults.cost.reducePerRecord)),
        .optional("reduce_per_key", .duration, nil, default: .duration(clusterDefaults.cost.reducePerKey)),
        .optional("network_bytes_per_second", .positiveByteCount, nil, default: .bytes(Int(clusterDefaults.cost.networkBytesPerSecond))),
        .optional("progress_slice", .positiveDuration, nil, default: .duration(clusterDefaults.cost.progressSlice)),
    ])

    /// `policy.max_attempts` and `policy.max_failures_per_worker`.
    static let policyAttempts = 1...1_000

    /// `cluster.policy`.
    static let policy = SchemaObject([
        .optional("heartbeat_interval", .period, "At least 1ms.", default: .duration(clusterDefaults.policy.heartbeatInterval)),
        .optional("task_timeout", .positiveDuration, nil, default: .duration(clusterDefaults.policy.taskTimeout)),
        .optional("worker_timeout", .positiveDuration, nil, default: .duration(clusterDefaults.policy.workerTimeout)),
        .optional("max_attempts", .integer(in: policyAttempts), "Attempts per task.", default: .integer(clusterDefaults.policy.maxAttempts)),
        .optional("backoff_base", .duration, nil, default: .duration(clusterDefaults.policy.backoffBase)),
        .optional("backoff_cap", .duration, nil, default: .duration(clusterDefaults.policy.backoffCap)),
        .optional("speculation", .anyOf([.flag, .object(speculation)]), "true, false, or {slowness, minimum_runtime}.", default: .boolean(clusterDefaults.policy.speculation != nil)),
        .optional("monitor_interval", .period, "At least 1ms.", default: .duration(clusterDefaults.policy.monitorInterval)),
        .optional("max_failures_per_worker", .integer(in: policyAttempts), nil, default: .integer(clusterDefaults.policy.maxFailuresPerWorker)),
        .optional("restart_keeps_attempts", .flag, "Whether attempts running when the coordinator restarts go on (default false: killed, as Hadoop's next ApplicationMaster attempt does).", default: .boolean(clusterDefaults.policy.restartKeepsAttempts)),
    ])

    /// `policy.speculation` as a mapping.
    static let speculation = SchemaObject([
        .optional("slowness", .number(exclusiveMinimum: 1, maximum: YAMLCursor.maximumFactor), "How many times slower than the median a straggler is; above 1, at most 1000000 (no straggler a file can make is slower: a larger one would never start a backup).", default: .number(speculationDefaults.slowness)),
        .optional("minimum_runtime", .duration, nil, default: .duration(speculationDefaults.minimumRuntime)),
    ])

    // MARK: Chaos

    /// `attempt_chaos:`.
    static let attemptChaos = SchemaObject([
        .optional("crash_probability", .probability, "Probability an attempt crashes its worker.", default: .number(attemptChaosDefaults.crashProbability)),
        .optional("stall_probability", .probability, "Probability an attempt stalls.", default: .number(attemptChaosDefaults.stallProbability)),
        .optional("stall_length", distribution, nil, default: .distribution(attemptChaosDefaults.stallLength)),
        .optional("downtime", distribution, nil, default: .distribution(attemptChaosDefaults.downtime)),
        .optional("delay", distribution, nil, default: .distribution(attemptChaosDefaults.delay)),
    ], definition: ("attempt_chaos", "The lab's faults tied to task attempts: crashes and stalls."))

    /// A cluster chaos rate, per minute.
    static let clusterChaosPerMinute = 0...600.0
    /// The most faults `chaos:` may be expected to draw (the rates per minute, added, times the horizon).
    static let maximumClusterChaosFaults = 1_000_000

    /// The rates of cluster chaos, per minute.
    private static func perMinute(_ name: String) -> SchemaProperty {
        .optional(name, .number(in: clusterChaosPerMinute), "Per minute; default 0.", default: .number(defaultClusterChaosRate))
    }
    /// A cluster chaos rate a file does not give: none, so a file gets exactly the faults it names.
    static let defaultClusterChaosRate = 0.0

    /// `slow_factor`'s text: a draw is held to 1 … 10⁶ and rounded to thousandths
    /// (``MapReduce/ClusterChaos/slowdown(_:)``), which the schema said nothing of.
    static let slowFactorText = "How many times slower, drawn as a duration in seconds (default uniform 2 … 8). Each draw is held to 1 … "
        + NumberFormat.integer(Int(MapReduce.ClusterChaos.largestSlowdown))
        + " (a draw of 1 or below is no slowdown) and rounded to thousandths."

    /// `chaos:` of a cluster.
    static let clusterChaos = SchemaObject([
        .optional("horizon", .positiveDuration, "Until when faults are drawn; the rates per minute, added, times the horizon at most 1,000,000 faults.", default: .duration(clusterChaosDefaults.horizon)),
        perMinute("worker_crashes_per_minute"),
        .optional("worker_downtime", distribution, nil, default: .distribution(clusterChaosDefaults.workerDowntime)),
        perMinute("pauses_per_minute"),
        .optional("pause_length", distribution, nil, default: .distribution(clusterChaosDefaults.pauseLength)),
        perMinute("slowdowns_per_minute"),
        .optional("slow_factor", distribution, slowFactorText, default: .distribution(clusterChaosDefaults.slowFactor)),
        .optional("slow_length", distribution, nil, default: .distribution(clusterChaosDefaults.slowLength)),
        perMinute("partitions_per_minute"),
        .optional("partition_length", distribution, nil, default: .distribution(clusterChaosDefaults.partitionLength)),
        perMinute("lost_intermediate_per_minute"),
        perMinute("coordinator_restarts_per_minute"),
        .optional("coordinator_downtime", distribution, nil, default: .distribution(clusterChaosDefaults.coordinatorDowntime)),
    ], definition: ("cluster_chaos", "Seeded random faults on a MapReduce cluster, each kind at a rate per minute."))
}

extension ScenarioSchema {
    /// The most reduce tasks a job may have (its output parts are `part-00000` … `part-09999`): a
    /// coordinator looks over a job's tasks at every heartbeat.
    static let maximumReducers = 10_000
}
