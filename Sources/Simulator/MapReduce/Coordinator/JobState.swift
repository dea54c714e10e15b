import OrderedCollections

extension MapReduce {
    /// A job as the coordinator hands it over: the functions, the input cut into splits, and the
    /// shape of the output.
    struct JobSubmission: Sendable {
        /// The job's id, chosen by the client so that a resubmission after a lost answer is
        /// recognised instead of starting the job twice.
        let id: String
        /// The job's functions.
        let job: any Job
        /// One split per map task.
        let splits: [Split]
        /// The number of reduce tasks (R).
        let reducers: Int
        /// Whether map tasks run the combiner.
        let combining: Bool
        /// The share of its maps that must have completed before its reduce tasks are scheduled
        /// (see ``ReduceSlowstart``).
        var reduceSlowstart = ReduceSlowstart.afterEveryMap
    }

    /// One task's scheduling state.
    struct TaskRecord {
        var state: TaskState = .idle
        /// Its attempts' numbers, in start order.
        var attempts: [Int] = []
        /// Failed or timed-out attempts so far, and completed maps whose output reducers could
        /// not fetch (what the attempt limit counts).
        var failures = 0
        /// Not to be started before this instant (the retry backoff).
        var notBefore = VirtualInstant.zero
        /// Whether a speculative backup was launched for the current run of the task.
        var speculated = false
        /// When the task last became completed.
        var completedAt: VirtualInstant?
        /// While it is completed: its work per second of its winning attempt (nil when that took
        /// no time), counted in the median speed of its kind.
        var speed: Double?
        /// The attempt whose output is the task's.
        var winner: Int?
        /// Why its last counted failure happened.
        var lastFailure: String?
        /// The task's size for speed estimates: input bytes (map) or bytes to fetch (reduce).
        var work = 0
    }

    /// Everything the coordinator knows about one job; all of it is durable (seed 001 keeps it in
    /// PostgreSQL), so a coordinator restart resumes the job where it was.
    struct JobState {
        let submission: JobSubmission
        let submittedAt: VirtualInstant
        var status = JobStatus.submitted
        var startedAt: VirtualInstant?
        var finishedAt: VirtualInstant?
        /// The tasks, changed through ``subscript(_:)`` so that their tallies follow.
        private(set) var maps: [TaskRecord]
        private(set) var reduces: [TaskRecord]
        private(set) var mapTally: TaskTally
        private(set) var reduceTally: TaskTally
        /// Every attempt by number, in start order: the job's timeline.
        var attempts = OrderedDictionary<Int, Attempt>()
        /// Numbers of the attempts still running, ascending.
        var running = OrderedSet<Int>()
        /// Attempts of this job that failed or timed out, per worker.
        var failuresOnWorker: [NodeID: Int] = [:]
        /// Completed maps failed retroactively, their output not fetchable
        /// (``JobStatistics/retroactiveFailures``).
        var retroactiveFailures = 0
        /// Workers blacklisted for this job, in the order they were: given none of its tasks while
        /// the blacklist is in force (``blacklistInForce(among:)``).
        var blacklisted: [NodeID] = []

        /// Whether the blacklist keeps its workers out, among `workers` known: as Hadoop's
        /// `RMContainerRequestor.computeIgnoreBlacklisting`, not once it holds 33 % of them or more
        /// (`yarn.app.mapreduce.am.job.node-blacklisting.ignore-threshold-node-percent`, in
        /// whole percent, rounded down as `(int) (float) blacklisted / nodes * 100`) — then every
        /// worker is usable again, and the blacklist is back in force if workers join.
        func blacklistInForce(among workers: Int) -> Bool {
            workers > 0 && Int(Float(blacklisted.count) / Float(workers) * 100) < Self.blacklistIgnoredPercent
        }

        /// Whether `worker` is given none of this job's tasks, among `workers` known.
        func excludes(_ worker: NodeID, among workers: Int) -> Bool {
            blacklisted.contains(worker) && blacklistInForce(among: workers)
        }

        /// Hadoop's `ignore-threshold-node-percent` default.
        static let blacklistIgnoredPercent = 33
        /// The most tasks ever completed at once (map outputs lost since make it fall back).
        var mostTasksCompleted = 0
        /// Map outputs lost since ``mostTasksCompleted`` last rose.
        var lossesSinceProgress = 0
        /// Reducers' reports that a map output on a worker that did not answer could not be
        /// fetched, per map task: the attempt whose output they are about, and how many. Read
        /// and written by map index, never iterated.
        var fetchFailureNotices: [Int: (attempt: Int, count: Int)] = [:]

        /// Tasks completed now.
        var completedTasks: Int { mapTally.completed + reduceTally.completed }
        /// Where each completed map task's output is; nil while it is not completed. Set through
        /// ``recordMapOutput(_:)`` and ``loseMapOutput(_:as:)``, which count the outputs each
        /// worker holds and tell the reducers.
        private(set) var mapOutputs: [MapOutputLocation?]
        /// The job's map completion events, what its reducers read to learn where map outputs
        /// are: appended as ``mapOutputs`` changes, so that reading them all gives
        /// ``mapOutputs``, and as map attempts fail or are lost before their task completes.
        var mapCompletionEvents: MapCompletionEventLog
        /// How many map outputs each worker holds, for the workers the coordinator watches (a
        /// count kept as outputs come and go: gathering them from every output was a fifth of a
        /// job of 20,000 map tasks). Never iterated in its own order.
        private(set) var mapOutputsOnWorker: [NodeID: Int] = [:]
        /// Counters of each map task, from its latest winning attempt; nil until one succeeds. As
        /// in Hadoop, the job's counters count each task once, from the attempt whose output was
        /// used: they are kept when that output is lost afterwards — the committed reducers may
        /// have fetched it before, and a re-run the job's end kills never replaces it — and
        /// every successful attempt of a map task maps the same split with the same functions,
        /// so whichever attempt's output a reducer fetched, these are its counters.
        var mapStatistics: [MapStatistics?]
        /// Each committed reduce part; nil until its task completes.
        var reduceParts: [[Record]?]
        /// Bytes each committed reduce attempt fetched.
        var fetchedBytes: [Int]
        /// Re-runs of map tasks whose finished output was lost that have finished: counted when
        /// a task that had a winner completes again (``Coordinator/completeMap``), so a re-run
        /// still going when the job failed or the run stopped is not among them.
        var mapReexecutions = 0
        /// When its reduce tasks may be scheduled, from the submission's share.
        let reduceSlowstart: ReduceSlowstart
        /// When every map task was first completed at once: the end of the wait of reducers that
        /// started early (see ``measuredStart(of:)``). Nil until then.
        private(set) var mapsFirstCompletedAt: VirtualInstant?
        /// The final output, set once when the job succeeds and never changed afterwards.
        var output: Output?
        /// The speeds of the completed tasks of each kind (``TaskRecord/speed``), ascending: a
        /// task's goes in when it completes (``noteSpeed(of:)``) and out when it stops being
        /// completed, so that ``medianSpeed(of:)`` is one read.
        private var mapSpeeds: [Double] = []
        private var reduceSpeeds: [Double] = []

        init(_ submission: JobSubmission, at now: VirtualInstant) {
            self.submission = submission
            submittedAt = now
            maps = submission.splits.map { split in
                var record = TaskRecord()
                if case .log(_, _, let offsets) = split { record.work = offsets.count } else { record.work = split.knownByteCount }
                return record
            }
            reduces = Array(repeating: TaskRecord(), count: submission.reducers)
            mapTally = TaskTally(count: maps.count)
            reduceTally = TaskTally(count: reduces.count)
            mapOutputs = Array(repeating: nil, count: submission.splits.count)
            mapCompletionEvents = MapCompletionEventLog(maps: submission.splits.count)
            mapStatistics = Array(repeating: nil, count: submission.splits.count)
            reduceParts = Array(repeating: nil, count: submission.reducers)
            fetchedBytes = Array(repeating: 0, count: submission.reducers)
            reduceSlowstart = ReduceSlowstart(share: submission.reduceSlowstart, maps: submission.splits.count)
        }

        subscript(task: TaskID) -> TaskRecord {
            get { task.kind == .map ? maps[task.index] : reduces[task.index] }
            set {
                var record = newValue
                if record.state != .completed, let speed = record.speed {
                    // Out of the median (a task has a speed only while completed): it runs
                    // again, and its next winner sets it anew.
                    record.speed = nil
                    if task.kind == .map { Self.remove(speed, from: &mapSpeeds) } else { Self.remove(speed, from: &reduceSpeeds) }
                }
                if task.kind == .map {
                    let old = maps[task.index].state
                    maps[task.index] = record
                    mapTally.changed(task.index, from: old, in: maps)
                } else {
                    let old = reduces[task.index].state
                    reduces[task.index] = record
                    reduceTally.changed(task.index, from: old, in: reduces)
                }
            }
        }

        /// Records that map task `location.mapIndex`'s output is at `location`, and tells the
        /// reducers in a ``MapCompletionEvent/Status/succeeded`` event.
        mutating func recordMapOutput(_ location: MapOutputLocation) {
            setMapOutput(location.mapIndex, location)
            mapCompletionEvents.append(.succeeded, attempt: location.attempt, map: location.mapIndex, location: location)
        }

        /// Records that map task `index`'s output is lost, and tells the reducers in an event of
        /// `status` about the attempt that wrote it (``MapCompletionEvent/Status/failed`` when
        /// it could not be fetched, ``MapCompletionEvent/Status/killed`` when its worker is lost),
        /// which makes the task's success event obsolete.
        ///
        /// - Precondition: the task has an output.
        mutating func loseMapOutput(_ index: Int, as status: MapCompletionEvent.Status) {
            let attempt = mapOutputs[index]!.attempt
            setMapOutput(index, nil)
            mapCompletionEvents.append(status, attempt: attempt, map: index)
        }

        /// Sets where map task `index`'s output is, or that it has none.
        private mutating func setMapOutput(_ index: Int, _ location: MapOutputLocation?) {
            if let old = mapOutputs[index]?.worker {
                mapOutputsOnWorker[old]! -= 1
                if mapOutputsOnWorker[old] == 0 { mapOutputsOnWorker[old] = nil }
            }
            mapOutputs[index] = location
            if let new = location?.worker { mapOutputsOnWorker[new, default: 0] += 1 }
        }

        var allMapsCompleted: Bool { mapTally.completed == maps.count }
        var allReducesCompleted: Bool { reduceTally.completed == reduces.count }

        /// The phase the job is in: map until every map task is completed — whether or not
        /// reducers started early (``reducesMayStart``): those are shuffling, not reducing.
        var phase: TaskKind { allMapsCompleted ? .reduce : .map }

        /// Whether reduce tasks may be handed out: enough map tasks are completed now for the
        /// job's ``ReduceSlowstart`` (every one of them by default).
        var reducesMayStart: Bool { reduceSlowstart.allowsReduces(completedMaps: mapTally.completed) }

        /// Whether any task of `kind` waits for a worker.
        func hasIdleTask(_ kind: TaskKind) -> Bool {
            (kind == .map ? mapTally : reduceTally).idle > 0
        }

        /// The first idle task of `kind` whose backoff is over.
        func nextRunnable(_ kind: TaskKind, now: VirtualInstant) -> TaskID? {
            let tally = kind == .map ? mapTally : reduceTally
            guard tally.idle > 0 else { return nil }
            let tasks = kind == .map ? maps : reduces
            return tasks.indices[tally.firstIdle...].first { tasks[$0].state == .idle && tasks[$0].notBefore <= now }.map { TaskID(kind, $0) }
        }

        /// The median speed of the completed tasks of `kind` — work (input or fetched bytes, at
        /// least 1) per second of their winning attempt, the upper median of an even count — or
        /// nil while none has completed in a positive time. The speculation rule asks at every
        /// heartbeat of a phase's tail, where gathering and sorting every finished task's speed
        /// each time took a fifth of a 1,000-worker cluster's run.
        func medianSpeed(of kind: TaskKind) -> Double? {
            let speeds = kind == .map ? mapSpeeds : reduceSpeeds
            return speeds.isEmpty ? nil : speeds[speeds.count / 2]
        }

        /// Records the speed of `task`, which has just completed and whose winning attempt has
        /// ended: its work per second of that attempt, when it took any time.
        mutating func noteSpeed(of task: TaskID) {
            guard self[task].state == .completed, let winner = self[task].winner, let attempt = attempts[winner],
                  let end = attempt.end else { return }
            let duration = measuredStart(of: attempt).duration(to: end)
            guard duration > .zero else { return }
            let speed = Double(max(self[task].work, 1)) / duration.seconds
            if task.kind == .map {
                maps[task.index].speed = speed
                mapSpeeds.insert(speed, at: Self.firstIndex(notBelow: speed, in: mapSpeeds))
            } else {
                reduces[task.index].speed = speed
                reduceSpeeds.insert(speed, at: Self.firstIndex(notBelow: speed, in: reduceSpeeds))
            }
        }

        /// The position of the first of `sorted` (ascending) that is not below `value`.
        private static func firstIndex(notBelow value: Double, in sorted: [Double]) -> Int {
            var (low, high) = (0, sorted.count)
            while low < high {
                let middle = (low + high) / 2
                if sorted[middle] < value { low = middle + 1 } else { high = middle }
            }
            return low
        }

        /// Takes one `value` out of `sorted` (ascending), which holds it.
        private static func remove(_ value: Double, from sorted: inout [Double]) {
            sorted.remove(at: firstIndex(notBelow: value, in: sorted))
        }

        /// Called as a map task completes: the first time every map task is completed at once, it
        /// records the instant (``mapsFirstCompletedAt``) and gives the reduce tasks running since
        /// before it their whole work — at their start it counted only the map outputs that
        /// existed then. (A reducer that gets every output without all of them ever existing at
        /// once — one it fetched early was lost and is re-running — keeps its partial work and
        /// its start for its speed; only the median speed sees it.)
        mutating func noteMapCompleted(at now: VirtualInstant) {
            guard allMapsCompleted, mapsFirstCompletedAt == nil else { return }
            mapsFirstCompletedAt = now
            for index in reduces.indices where reduces[index].state == .running {
                reduces[index].work = reduceWork(of: index)
            }
        }

        /// Bytes reduce task `index` fetches: its partition of every map output known now.
        func reduceWork(of index: Int) -> Int {
            mapOutputs.reduce(0) { $0 + ($1?.partitionBytes[index] ?? 0) }
        }

        /// Where `attempt`'s time is measured from, for its speed and its straggler estimate: its
        /// start, or — for a reduce attempt started before every map had completed (reduce slow
        /// start) — the instant they all first had. Until then it waited for map outputs, not
        /// for its own work, and counting that wait would make every early reducer look slow
        /// (and have LATE back it up) and drag the median speed down. Waits for re-executed
        /// outputs later count, as they do for a reducer started after every map.
        func measuredStart(of attempt: Attempt) -> VirtualInstant {
            guard attempt.task.kind == .reduce, let since = mapsFirstCompletedAt else { return attempt.start }
            return max(attempt.start, since)
        }

        /// Whether a task of `kind` may get a backup under `rule`'s cap: fewer of its tasks have a
        /// backup running than ``CoordinatorPolicy/Speculation/backupCap(tasks:running:)`` allows,
        /// as Hadoop's `DefaultSpeculator` compares its tasks with more than one running attempt
        /// (`ALREADY_SPECULATING`) with the cap. A running task has one attempt running, or two
        /// with its backup (a task with a backup gets no other), so the tasks backed up are the
        /// running attempts less the running tasks. Counted from the running attempts: asked at
        /// every heartbeat of a phase's tail.
        func mayStartBackup(_ kind: TaskKind, rule: CoordinatorPolicy.Speculation) -> Bool {
            let (count, tally) = kind == .map ? (maps.count, mapTally) : (reduces.count, reduceTally)
            let runningTasks = count - tally.completed - tally.idle
            var runningAttempts = 0
            for number in running where attempts[number]?.task.kind == kind { runningAttempts += 1 }
            return rule.backupCap(tasks: count, running: runningTasks) > runningAttempts - runningTasks
        }

        /// Attempts of `task` still running.
        func runningAttempts(of task: TaskID) -> [Int] {
            self[task].attempts.filter { running.contains($0) }
        }
    }
}
