extension MapReduce {
    /// The coordinator's timing and retry rules.
    public struct CoordinatorPolicy: Sendable, Equatable {
        /// When to launch a speculative backup of a slow attempt.
        public struct Speculation: Sendable, Equatable {
            /// A running attempt is a straggler when its estimated total time exceeds this many
            /// times what the task should take at the median speed of the phase's finished tasks.
            public var slowness: Double
            /// No backup before an attempt has run this long.
            public var minimumRuntime: Duration
            /// Hadoop's cap on the backups of one job and kind running at once (`DefaultSpeculator`):
            /// at least this many (`mapreduce.job.speculative.minimum-allowed-speculative-tasks`, 10) …
            public var minimumAllowedBackups: Int = 10
            /// … or this share of the kind's tasks (`…speculative-cap-total-tasks`, 0.01) …
            public var capTotalTasks: Double = 0.01
            /// … or this share of its running tasks (`…speculative-cap-running-tasks`, 0.1),
            /// whichever is largest (``backupCap(tasks:running:)``).
            public var capRunningTasks: Double = 0.1
            /// After an answer that started a backup, none starts for this long, in any job: Hadoop's
            /// speculator scans once a second and sleeps `mapreduce.job.speculative.retry-after-speculate`
            /// (15 s) after a scan that launched one.
            public var retryAfterSpeculate: Duration = .seconds(15)

            /// Creates the rule; the defaults back up attempts at less than half the median speed.
            public init(slowness: Double = 2, minimumRuntime: Duration = .seconds(1)) {
                self.slowness = slowness
                self.minimumRuntime = minimumRuntime
            }

            /// How many tasks of one kind of a job may have a backup running at once, of `tasks`
            /// tasks of which `running` are running: Hadoop's
            /// `max(minimum, capTotal × tasks, capRunning × running)`, each step truncated to an
            /// integer as its `(int) Math.max(…)` does — 10 below 1,000 tasks and 100 running.
            public func backupCap(tasks: Int, running: Int) -> Int {
                let floor = Int(max(Double(minimumAllowedBackups), capTotalTasks * Double(tasks)))
                return Int(max(Double(floor), capRunningTasks * Double(running)))
            }
        }

        /// How often workers send heartbeats (and ask for work).
        public var heartbeatInterval: Duration
        /// A running attempt without progress for this long is timed out and its task reassigned.
        public var taskTimeout: Duration
        /// A worker silent for this long is declared dead: its running attempts are lost and, with
        /// local-disk shuffle, its finished map outputs are re-executed.
        public var workerTimeout: Duration
        /// How many failed or timed-out attempts a task may have before the job fails.
        public var maxAttempts: Int
        /// A worker on which this many of a job's attempts failed or timed out is
        /// blacklisted for that job — given none of its tasks again — while the blacklist holds
        /// less than 33 % of the workers the coordinator knows (Hadoop's
        /// `mapreduce.job.maxtaskfailures.per.tracker`, 3, and `ignore-threshold-node-percent`).
        public var maxFailuresPerWorker: Int
        /// Backoff before retrying a task after its first counted failure; it doubles with each
        /// further one.
        public var backoffBase: Duration
        /// The longest backoff.
        public var backoffCap: Duration
        /// Speculative execution near the end of a phase; nil switches it off.
        public var speculation: Speculation?
        /// How often the coordinator checks for timeouts, dead workers and finished backoffs.
        public var monitorInterval: Duration
        /// Whether the attempts running when the coordinator restarts go on: false (the default)
        /// kills them, as Hadoop MapReduce's next ApplicationMaster attempt does (YARN kills the
        /// old attempt's containers; only completed tasks are recovered); true keeps them, each
        /// with a fresh progress deadline, as YARN's `keepContainersAcrossApplicationAttempts`
        /// does, or a coordinator whose assignments are durable (seed 001's PostgreSQL).
        public var restartKeepsAttempts: Bool = false

        /// Creates a policy; the defaults are Hadoop-like with the lab's 10 s task timeout.
        public init(heartbeatInterval: Duration = .seconds(1), taskTimeout: Duration = .seconds(10),
                    workerTimeout: Duration = .seconds(10), maxAttempts: Int = 4, backoffBase: Duration = .seconds(1),
                    backoffCap: Duration = .seconds(30), speculation: Speculation? = Speculation(),
                    monitorInterval: Duration = .milliseconds(500), maxFailuresPerWorker: Int = 3) {
            self.heartbeatInterval = heartbeatInterval
            self.taskTimeout = taskTimeout
            self.workerTimeout = workerTimeout
            self.maxAttempts = maxAttempts
            self.backoffBase = backoffBase
            self.backoffCap = backoffCap
            self.speculation = speculation
            self.monitorInterval = monitorInterval
            self.maxFailuresPerWorker = maxFailuresPerWorker
        }

        /// The wait before retrying after the `failures`-th counted failure:
        /// `min(backoffBase × 2^(failures − 1), backoffCap)`.
        public func backoff(afterFailures failures: Int) -> Duration {
            guard failures > 0 else { return .zero }
            let doublings = min(failures - 1, 30)
            return min(backoffBase * (1 << doublings), backoffCap)
        }
    }
}
