extension MapReduce {
    /// Everything there is to say about one job, as plain values: status, times, the timeline of
    /// every attempt, counters, recoveries and — once it succeeded — the output.
    public struct JobReport: Sendable, Hashable {
        /// The job's id.
        public let jobID: String
        /// The job's name.
        public let jobName: String
        /// Where it stands.
        public let status: JobStatus
        /// Map tasks (splits).
        public let mapTasks: Int
        /// Reduce tasks (R).
        public let reduceTasks: Int
        /// Whether the combiner ran.
        public let combining: Bool
        /// When the coordinator accepted it.
        public let submittedAt: VirtualInstant
        /// When its first attempt started.
        public let startedAt: VirtualInstant?
        /// When it succeeded or failed.
        public let finishedAt: VirtualInstant?
        /// The timeline: every attempt in start order.
        public let attempts: [Attempt]
        /// The map phase's times, once it completed.
        public let mapPhase: PhaseTimes?
        /// The reduce phase's times, once it completed. With a reduce slow start below 1
        /// (``ReduceSlowstart``) it begins inside the map phase, when the first reducer starts
        /// shuffling, and counts the reducers' wait for the remaining maps.
        public let reducePhase: PhaseTimes?
        /// Counters.
        public let statistics: JobStatistics
        /// Every lost, timed-out or failed attempt and how its task recovered (a completed map
        /// failed or killed afterwards is not one: ``JobStatistics/retroactiveFailures`` and
        /// ``JobStatistics/retroactiveKills`` count those).
        public let recoveries: [Recovery]
        /// The committed output: only once the job succeeded.
        public let output: Output?
        /// Workers blacklisted after repeated failures, in order.
        public let blacklisted: [NodeID]
        /// The workers the coordinator knew when the report was made.
        public let knownWorkers: Int
        /// Whether the blacklist was ignored when the report was made: it held 33 % of the
        /// workers or more, so every worker was usable (Hadoop's `ignore-threshold-node-percent`).
        public let blacklistIgnored: Bool
        /// Why the job's client could not commit its consumer group's offsets after the job
        /// succeeded — the log did not answer within Kafka's `default.api.timeout.ms`, or refused
        /// — or nil (committed, or no group to commit). Set by the client, not the coordinator:
        /// the job's output stands, but a rerun for the group reads the same records again.
        public internal(set) var offsetCommitFailure: String?

        /// From submission to the end of the job.
        public var makespan: Duration? { finishedAt.map { submittedAt.duration(to: $0) } }

        init(_ state: JobState, workers: Int) {
            jobID = state.submission.id
            jobName = state.submission.job.name
            status = state.status
            mapTasks = state.maps.count
            reduceTasks = state.reduces.count
            combining = state.submission.combining
            submittedAt = state.submittedAt
            startedAt = state.startedAt
            finishedAt = state.finishedAt
            attempts = Array(state.attempts.values)
            mapPhase = JobReport.phase(.map, state.maps, attempts)
            reducePhase = JobReport.phase(.reduce, state.reduces, attempts)
            output = state.output
            blacklisted = state.blacklisted
            knownWorkers = workers
            blacklistIgnored = !state.blacklisted.isEmpty && !state.blacklistInForce(among: workers)
            recoveries = JobReport.recoveries(state, attempts)
            var map = MapStatistics()
            for statistics in state.mapStatistics { if let statistics { map.add(statistics) } }
            let winners = Set((state.maps + state.reduces).compactMap(\.winner))
            statistics = JobStatistics(
                map: map, shuffledBytes: state.fetchedBytes.reduce(0, +),
                outputRecords: state.reduceParts.reduce(0) { $0 + ($1?.count ?? 0) },
                attempts: attempts.count,
                retries: (state.maps + state.reduces).reduce(0) { total, task in
                    total + task.attempts.filter { !state.attempts[$0]!.speculative }.count - min(1, task.attempts.count)
                },
                speculativeAttempts: attempts.filter(\.speculative).count,
                speculativeWins: attempts.filter { $0.speculative && winners.contains($0.number) }.count,
                failedAttempts: attempts.filter { attempt in
                    guard attempt.rejudgement == nil, case .failed = attempt.outcome else { return false }
                    return true
                }.count,
                inputFailures: attempts.filter { $0.rejudgement == nil && $0.outcome.isInputFailure }.count,
                outputFailures: attempts.filter { $0.rejudgement == nil && $0.outcome.isOutputFailure }.count,
                retroactiveFailures: state.retroactiveFailures,
                retroactiveKills: attempts.filter { $0.rejudgement?.kind == .killed }.count,
                timedOutAttempts: attempts.filter { $0.judgedOutcome == .timedOut }.count,
                lostAttempts: attempts.filter { if case .lost = $0.judgedOutcome { return true } else { return false } }.count,
                mapReexecutions: state.mapReexecutions)
        }

        /// From the phase's first attempt to the moment every task of the phase had an output:
        /// each task's latest attempt that completed it (``Attempt/completedItsTask``: one whose
        /// output was lost afterwards, failed or killed since, still completed it then). A map
        /// task re-executing at the end (its output lost after the reducers fetched it) does not
        /// hide the phase. The phases overlap when
        /// reducers start before the last map completes (reduce slow start): each is still the
        /// span of its own tasks' attempts.
        private static func phase(_ kind: TaskKind, _ tasks: [TaskRecord], _ attempts: [Attempt]) -> PhaseTimes? {
            guard !tasks.isEmpty, let start = attempts.first(where: { $0.task.kind == kind })?.start else { return nil }
            var done = [VirtualInstant?](repeating: nil, count: tasks.count)
            for attempt in attempts where attempt.task.kind == kind && attempt.completedItsTask {
                guard let end = attempt.end, attempt.task.index < done.count else { continue }
                done[attempt.task.index] = max(done[attempt.task.index] ?? end, end)
            }
            var end = start
            for instant in done {
                guard let instant else { return nil }
                end = max(end, instant)
            }
            return PhaseTimes(start: start, end: end)
        }

        /// Every attempt that was lost, timed out or failed — as the coordinator judged it when it
        /// ended it, so an attempt that answered late is one — and how its task recovered.
        private static func recoveries(_ state: JobState, _ attempts: [Attempt]) -> [Recovery] {
            attempts.compactMap { attempt in
                // A completed map failed or killed afterwards is counted apart
                // (``JobStatistics/retroactiveFailures``, ``JobStatistics/retroactiveKills``); one
                // that had answered late is a recovery for its declaration.
                guard attempt.rejudgement == nil || attempt.lateAnswer != nil else { return nil }
                switch attempt.judgedOutcome {
                case .lost, .timedOut, .failed: break
                default: return nil
                }
                guard let detected = attempt.lateAnswer?.declaredAt ?? attempt.end else { return nil }
                let next = state[attempt.task].attempts.compactMap { state.attempts[$0] }.first { $0.start >= detected }
                let completed = state[attempt.task].completedAt.flatMap { $0 >= detected ? $0 : nil }
                return Recovery(task: attempt.task, attempt: attempt.number, outcome: attempt.judgedOutcome,
                                lastProgressAt: attempt.lastProgressAt, detectedAt: detected,
                                rescheduledAt: next?.start, recoveredAt: completed, lateAnswer: attempt.lateAnswer)
            }
        }
    }
}
