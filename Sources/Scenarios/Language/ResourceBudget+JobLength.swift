import Simulator

extension ResourceBudget {
    /// About the virtual time one map task of `job` takes on a worker, from the cluster's cost
    /// model (``MapReduce/CostModel/mapTime(_:)``): its split's records (about 100 bytes a
    /// line or record) and bytes, and the records word count emits (0.18 a byte measured on the
    /// synthetic logs, 0.2 counted; at most 0.5, a one-letter word and its separator, where an
    /// upper bound is wanted), read and spilt once.
    static func estimatedMapSeconds(of job: MapReduceSection.Job, in scenario: Scenario, maps: Double, emittedPerByte: Double = 0.2) -> Double {
        let cost = scenario.mapreduce?.cluster.cost ?? MapReduce.CostModel()
        let (bytes, records): (Double, Double) = switch job.input {
        case .documents(let input): (input.estimatedBytes / max(maps, 1), estimatedRecords(of: input) / max(maps, 1))
        case .topic(_, let recordsPerSplit, _): (100 * Double(max(recordsPerSplit, 1)), Double(max(recordsPerSplit, 1)))
        case .objects(_, _, let splitSize): (Double(splitSize), Double(splitSize) / 100)
        }
        return records * cost.mapPerRecord.seconds
            + bytes * (Self.exactSeconds(cost.mapPerByte) + Self.exactSeconds(cost.spillPerByte) + 1 / max(cost.networkBytesPerSecond, 1))
            + emittedPerByte * bytes * cost.mapPerEmittedRecord.seconds
    }

    /// `duration` in seconds with its fraction of a nanosecond (a per-byte cost keeps
    /// attoseconds: `Duration.seconds` would count 0.4 ns a byte as nothing).
    static func exactSeconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// About the records (lines) of a documents input: a synthetic log's lines (one a 100 bytes
    /// of a size in bytes), and each file's line ends — counted in its first MiB and scaled to
    /// its size, so that a file of short lines is not taken for a few long ones.
    static func estimatedRecords(of input: MapReduceInput) -> Double {
        var records: Double = switch input.synthetic?.size {
        case .lines(let lines): Double(lines)
        case .bytes(let count): Double(count) / 100
        case nil: 0
        }
        for file in input.files where !file.bytes.isEmpty {
            let sample = file.bytes.prefix(1 << 20)
            let ends = sample.reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
            records += (Double(ends) + 1) * Double(file.bytes.count) / Double(sample.count)
        }
        return records
    }

    /// About how long every job's map tasks take through the cluster's map slots, one job after
    /// another, each wave of tasks handed out at a heartbeat: `waves × (a task + a heartbeat)`.
    static func estimatedMapPhase(of mapreduce: MapReduceSection, in scenario: Scenario, emittedPerByte: Double = 0.2) -> Double {
        let cluster = mapreduce.cluster
        let slots = Double(max(cluster.workers * cluster.mapSlotsPerWorker, 1))
        return mapreduce.jobs.reduce(0.0) { total, job in
            let maps = estimatedMapTasks(of: job, in: scenario) ?? 1
            return total + (maps / slots).rounded(.up) * (estimatedMapSeconds(of: job, in: scenario, maps: maps, emittedPerByte: emittedPerByte) + cluster.policy.heartbeatInterval.seconds)
        }
    }

    /// A reducer started before its job's maps are done (`reduce_slowstart` below 1) asks the
    /// coordinator for map-completion events every heartbeat interval until the last map ends
    /// (``MapReduce/ReduceSlowstart``): 10,000 reducers in 10,000 reduce slots started at once
    /// by `reduce_slowstart: 0` asked 100,000 times a virtual second through a 660 s map phase
    /// (100 ms heartbeats), 7.0 events an answer measured (6.87 × 10⁶ events at 10 s, 2.09 × 10⁷
    /// at 30 s), where the default waits for the maps and the whole job took 5.5 × 10⁶; with 10 ms
    /// heartbeats and maps of 6.6 s, 43 × 10⁶ events against 1.4 × 10⁶. Counted as the reducers
    /// that can start early (at most the cluster's reduce slots), the share of the map phase
    /// left when they start (`1 − reduce_slowstart`) over the heartbeat interval, 10 events an
    /// answer, the map phase ``estimatedMapPhase(of:in:)``.
    mutating func addEarlyReducerPolls(of mapreduce: MapReduceSection, in scenario: Scenario) {
        let cluster = mapreduce.cluster
        let slots = Double(cluster.workers * cluster.reduceSlotsPerWorker)
        let mapPhase = Self.estimatedMapPhase(of: mapreduce, in: scenario)
        for (index, job) in mapreduce.jobs.enumerated() {
            let share = job.spec.reduceSlowstart
            let maps = Self.estimatedMapTasks(of: job, in: scenario) ?? 1
            guard MapReduce.ReduceSlowstart(share: share, maps: Int(min(maps, Double(Int32.max)))) != MapReduce.ReduceSlowstart(share: 1, maps: Int(min(maps, Double(Int32.max)))) else { continue }
            let early = min(Double(job.spec.reducers), slots)
            let polls = early * (1 - share) * mapPhase / max(cluster.policy.heartbeatInterval.seconds, 1e-9)
            add(events: 10 * polls, by: "mapreduce.jobs.reduce_slowstart", at: "mapreduce.jobs.\(index).reduce_slowstart")
        }
    }

    /// The latest a world of MapReduce jobs alone, with no `run.duration`, can still be running
    /// when nothing can strike it, or nil when something can (or it is not such a world): it
    /// ends with its last job (``World/run()``), not at its time limit — a 1,000-worker
    /// cluster's 10 ms heartbeats were estimated over the default hour (3.6 × 10⁹ events,
    /// refused) for a job of 2 s and 1.28 × 10⁶ events.
    ///
    /// The jobs are taken one after another from the last submission: each its map phase
    /// (``estimatedMapPhase(of:in:)``), its reducers in waves of the reduce slots, each fetching
    /// every map's output (a round trip) with a heartbeat a wave, and one reducer fetching and
    /// reducing every record the maps can emit, as though no combiner ran and every key were one
    /// (half a record a byte, the most word count emits: a million lines of `a` sent a million
    /// records to one of 1,000 reducers, 1,000 s of reducing at 1 ms a record, where an even
    /// spread at 0.2 a byte was estimated at ~7 s); then twice that and a minute more, and the
    /// client's poll. Only where no fault can strike — none in `faults:`,
    /// `mapreduce.faults`, either chaos or the attempt chaos, no lost messages — and the
    /// coordinator cannot lose a worker or a task it has not heard from: the heartbeat and two of
    /// the largest latencies within half the worker and task timeouts, a progress slice within
    /// the task timeout, a round trip within the call timeout. Inputs from documents only (a
    /// topic or a bucket is another subsystem).
    static func jobsEnd(in scenario: Scenario) -> Double? {
        guard scenario.limits.duration == nil, scenario.subsystems == [.mapreduce], let mapreduce = scenario.mapreduce,
              !mapreduce.jobs.isEmpty, scenario.faults.entries.isEmpty, scenario.faults.chaos == nil,
              mapreduce.faults.isEmpty, mapreduce.chaos == nil, mapreduce.cluster.attemptChaos == nil else { return nil }
        let cluster = mapreduce.cluster
        let profiles = [scenario.defaultLink, cluster.link] + scenario.links.map(\.profile)
        guard profiles.allSatisfy({ $0.dropRate == 0 }) else { return nil }
        let roundTrip = 2 * profiles.reduce(0.0) { max($0, QueueSection.largestLatency(of: $1.latency)) }
        let policy = cluster.policy
        let heartbeat = policy.heartbeatInterval.seconds
        guard heartbeat + roundTrip < min(policy.workerTimeout, policy.taskTimeout).seconds / 2,
              cluster.cost.progressSlice < policy.taskTimeout, roundTrip < cluster.callTimeout.seconds else { return nil }
        var reducing = 0.0
        let slots = Double(max(cluster.workers * cluster.reduceSlotsPerWorker, 1))
        let cost = cluster.cost
        for job in mapreduce.jobs {
            guard case .documents(let input) = job.input else { return nil }
            let maps = input.estimatedMapTasks
            let reducers = Double(max(job.spec.reducers, 1))
            let emitted = Self.mostEmittedPerByte * input.estimatedBytes
            let oneReducer = input.estimatedBytes / max(cost.networkBytesPerSecond, 1) + emitted * (cost.reducePerRecord + cost.reducePerKey).seconds
            reducing += (reducers / slots).rounded(.up) * (maps * roundTrip + heartbeat) + oneReducer
        }
        let submitted = mapreduce.jobs.map(\.submitAt.seconds).max() ?? 0
        let length = estimatedMapPhase(of: mapreduce, in: scenario, emittedPerByte: Self.mostEmittedPerByte) + reducing + cluster.pollInterval.seconds
        return submitted + 2 * length + 60
    }

    /// The most records word count emits a byte of input: a one-letter word and its separator.
    static let mostEmittedPerByte = 0.5
}
