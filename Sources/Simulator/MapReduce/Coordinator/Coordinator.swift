import OrderedCollections

extension MapReduce {
    /// The coordinator: accepts jobs, hands their tasks to workers as the workers ask for work
    /// in their heartbeats, watches attempts and workers, and commits reduce output.
    ///
    /// Its job table — tasks, attempts, map output locations, committed parts, final output — is
    /// durable: a crash loses only what it knew about live workers and the attempts it was
    /// running — after a restart it resumes every job, killing the attempts that were running (as
    /// Hadoop's next ApplicationMaster attempt does; see ``resumeAfterRestart()``) and giving
    /// silent workers a fresh worker timeout before declaring them lost.
    public actor Coordinator {
        /// The coordinator's node.
        public nonisolated let id: NodeID
        public nonisolated let unownedExecutor: UnownedSerialExecutor
        /// Its timing and retry rules.
        public nonisolated let policy: CoordinatorPolicy
        /// Where map output is kept (decides whether a dead worker's finished maps must rerun).
        public nonisolated let shuffleMode: ShuffleMode
        let simulation: Simulation
        let node: NetworkNode

        // MARK: Durable state
        /// Jobs by id, in submission order (the scheduling order).
        var jobs = OrderedDictionary<String, JobState>()
        /// The job of each attempt number.
        var jobOfAttempt: [Int: String] = [:]
        /// The next attempt number.
        var nextAttempt = 1
        /// The positions in ``jobs`` of the jobs that have not finished, and the ids of those
        /// that have, each in submission order: what every heartbeat's answer and every monitor
        /// round start from, kept as jobs are submitted and finish (a finished job never runs
        /// again) rather than gathered from every job each time. Derived from ``jobs``.
        var unfinishedJobs: [Int] = []
        var finishedJobIDs: [String] = []
        /// The attempts running on each worker, by kind, over every job (a finished job has
        /// none), for the workers running any: kept as attempts start and end, for
        /// ``free(_:on:reported:slots:)``, which counted them in every job's running attempts at
        /// every message. Derived from ``jobs``.
        var runningOnWorker: [NodeID: RunningAttempts] = [:]

        /// How many attempts of each kind run on one worker.
        struct RunningAttempts: Equatable {
            var map = 0
            var reduce = 0
        }

        // MARK: Volatile state
        /// What the coordinator has heard from each worker since it last started.
        var workers: [NodeID: WorkerView] = [:]
        /// The keys of ``workers``, sorted by name: kept as workers are first heard of (through
        /// ``setView(_:of:)``), where the monitor sorted them at every round.
        var workerIDs: [NodeID] = []
        /// When the coordinator last came up: the stand-in "last heard" of workers it has not
        /// heard from since.
        var upSince = VirtualInstant.zero
        /// No speculative backup starts before this instant: the speculator's rest after it
        /// started one (``MapReduce/CoordinatorPolicy/Speculation/retryAfterSpeculate``). A new
        /// coordinator process starts resting-free, as Hadoop's next ApplicationMaster's
        /// speculator scans at once.
        var speculationResumesAt = VirtualInstant.zero

        /// The coordinator's view of one worker.
        struct WorkerView {
            var incarnation: UInt64
            var lastSeen: VirtualInstant
            var alive: Bool
        }

        /// Creates the coordinator on node `id` of `network`.
        public init(_ id: NodeID = "coordinator", network: Network, policy: CoordinatorPolicy = CoordinatorPolicy(),
                    shuffleMode: ShuffleMode = .localDisk) {
            self.id = id
            self.policy = policy
            self.shuffleMode = shuffleMode
            simulation = network.simulation
            unownedExecutor = network.simulation.executor.asUnownedSerialExecutor()
            node = network.addNode(id)
            network.onCrash(id) { [unowned self] in
                self.assumeIsolated { coordinator in
                    coordinator.workers = [:]
                    coordinator.workerIDs = []
                    coordinator.speculationResumesAt = .zero
                }
            }
            network.onRestart(id) { [unowned self] in
                self.assumeIsolated { $0.resumeAfterRestart() }
            }
        }

        // MARK: Client interface

        /// Accepts `submission`; submitting the same id again is a no-op (the first answer was
        /// lost), so the client can retry safely.
        func submit(_ submission: JobSubmission) {
            guard jobs[submission.id] == nil else { return }
            jobs[submission.id] = JobState(submission, at: simulation.now)
            unfinishedJobs.append(jobs.count - 1)
            simulation.trace.record(.custom, id.name, "submit \(submission.id)", value: Int64(submission.splits.count))
        }

        /// The status of job `jobID`, or nil if no such job was submitted.
        public func status(of jobID: String) -> JobStatus? { jobs[jobID]?.status }

        /// The report of job `jobID` as it stands (its output only once it succeeded).
        public func report(of jobID: String) -> JobReport? {
            jobs[jobID].map { JobReport($0, workers: workers.count) }
        }

        /// The ids of every submitted job, in submission order.
        public var jobIDs: [String] { Array(jobs.keys) }

        // MARK: Restart

        /// After a restart the coordinator resumes every unfinished job from its durable table as
        /// Hadoop 2's next MRAppMaster attempt recovers from the job history: what completed stays
        /// (map outputs, committed reduce parts, finished jobs), and every attempt that was running
        /// is killed (``MapReduce/AttemptOutcome/coordinatorRestarted``) — YARN kills the
        /// containers of the failed application attempt, and `TaskAttemptImpl.recover` reads an
        /// attempt with no finish in the history as KILLED. A kill counts towards neither the
        /// task's attempt limit nor its worker's failures; each task goes back to idle and runs
        /// again as a new attempt, and a worker still running one is told to stop at its next
        /// heartbeat or shuffle query, its completion ignored (``openAttempt(of:)``). The reports
        /// of unfetchable map outputs are forgotten with the reducers that made them (Hadoop's
        /// `JobImpl` keeps them in memory). Jobs in submission order, attempts in start order.
        ///
        /// With ``MapReduce/CoordinatorPolicy/restartKeepsAttempts``, the running attempts go on
        /// instead, each with a fresh progress deadline rather than timed out for the coordinator's
        /// own downtime.
        private func resumeAfterRestart() {
            upSince = simulation.now
            if policy.restartKeepsAttempts {
                for index in unfinishedJobs {
                    let jobID = jobs.keys[index]
                    for number in readJob(at: index, { $0.running }) {
                        jobs[jobID]!.attempts[number]!.lastProgressAt = simulation.now
                    }
                }
                return
            }
            for index in unfinishedJobs {
                let jobID = jobs.keys[index]
                // Killing finishes no job: a kill counts towards no limit.
                for number in readJob(at: index, { $0.running }) {
                    endAttempt(number, of: jobID, outcome: MapReduce.AttemptOutcome.coordinatorRestarted)
                }
                jobs[jobID]!.fetchFailureNotices = [:]
            }
        }

        // MARK: Monitoring

        /// One round of the monitor: declares silent workers dead and times out attempts without
        /// progress. The cluster calls it every `policy.monitorInterval` while the node is up.
        func monitor() {
            let now = simulation.now
            for worker in referencedWorkers() {
                let view: WorkerView
                if let known = workers[worker] {
                    view = known
                } else {
                    view = WorkerView(incarnation: 0, lastSeen: upSince, alive: true)
                    setView(view, of: worker)
                }
                if view.alive, view.lastSeen.duration(to: now) > policy.workerTimeout {
                    workers[worker]!.alive = false
                    loseWorker(worker, reason: "no heartbeat for \(policy.workerTimeout.formattedSeconds)")
                }
            }
            // Jobs are never removed, so their positions hold while attempts end; an attempt
            // timed out can finish only its own job.
            for index in unfinishedJobs {
                let jobID = jobs.keys[index]
                for number in readJob(at: index, { $0.running }) {
                    let stalled = readJob(at: index) { state in
                        guard let attempt = state.attempts[number], attempt.outcome == .running else { return false }
                        return attempt.lastProgressAt.duration(to: now) > policy.taskTimeout
                    }
                    if stalled { endAttempt(number, of: jobID, outcome: .timedOut) }
                }
            }
        }

        /// Workers the coordinator must keep an eye on: those it has heard from, and those that
        /// hold running attempts or finished map output of unfinished jobs; sorted by name, each
        /// once. Nearly always the ones it has heard from, already in order: the others are
        /// added and sorted in, where a set of them all was built and sorted at every round.
        func referencedWorkers() -> [NodeID] {
            var unheard: [NodeID] = []
            for index in unfinishedJobs {
                readJob(at: index) { state in
                    for number in state.running where workers[state.attempts[number]!.worker] == nil {
                        unheard.append(state.attempts[number]!.worker)
                    }
                    for worker in state.mapOutputsOnWorker.keys where workers[worker] == nil { unheard.append(worker) }
                }
            }
            guard !unheard.isEmpty else { return workerIDs }
            var all = workerIDs + unheard
            all.sort()
            var distinct = 0
            for worker in all where distinct == 0 || all[distinct - 1] != worker {
                all[distinct] = worker
                distinct += 1
            }
            all.removeLast(all.count - distinct)
            return all
        }
    }
}
