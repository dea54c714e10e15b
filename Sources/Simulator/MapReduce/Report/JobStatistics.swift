extension MapReduce {
    /// When a phase ran: from its first attempt's start to its last task's completion.
    public struct PhaseTimes: Sendable, Hashable {
        /// The first attempt of the phase started.
        public let start: VirtualInstant
        /// The phase's last task (as finally completed) completed.
        public let end: VirtualInstant

        /// The phase's length.
        public var duration: Duration { start.duration(to: end) }
    }

    /// The counters of a job, for reports.
    public struct JobStatistics: Sendable, Hashable {
        /// Map counters summed over each map task's winning attempt.
        public let map: MapStatistics
        /// Bytes the committed reduce attempts fetched: the shuffle as it happened.
        public let shuffledBytes: Int
        /// Bytes the map output would have taken without a combiner (equal to the map output
        /// when the combiner is off).
        public var shuffleBytesWithoutCombiner: Int { map.emittedBytes }
        /// Records in the output.
        public let outputRecords: Int
        /// Attempts started, speculative ones included.
        public let attempts: Int
        /// Attempts started beyond each task's first, speculative backups excluded: the retries.
        public let retries: Int
        /// Speculative backups started.
        public let speculativeAttempts: Int
        /// Tasks whose winning attempt was a speculative backup.
        public let speculativeWins: Int
        /// Attempts judged failed when they ended — in the job's own code (``jobCodeFailures``),
        /// or maps that could not read their input (``inputFailures``) or write their output
        /// (``outputFailures``) — each counting towards its task's attempt limit, as Hadoop's
        /// failed attempts do. Not the completed maps failed afterwards, counted in
        /// ``retroactiveFailures``, nor the timed-out attempts.
        public let failedAttempts: Int
        /// Map attempts that failed because they could not read their input split from the log
        /// (`failed: input unavailable: …`), counted towards their task's attempt limit and
        /// against their worker as Hadoop counts a record reader's IOException; among
        /// ``failedAttempts``.
        public let inputFailures: Int
        /// Map attempts that failed because they could not write their output to the shuffle
        /// store (`failed: shuffle store unavailable: …`), counted as ``inputFailures`` are; among
        /// ``failedAttempts``.
        public let outputFailures: Int
        /// The attempts of ``failedAttempts`` that failed in the job's own code.
        public var jobCodeFailures: Int { failedAttempts - inputFailures - outputFailures }
        /// Completed maps failed afterwards because reducers could not fetch their output, each
        /// counted against its task and worker (Hadoop's retroactive failures; its
        /// `NUM_FAILED_MAPS` counts them with the failed attempts). Their attempts read
        /// `failed: output could not be fetched: …` (``Attempt/rejudgement``).
        public let retroactiveFailures: Int
        /// Completed maps killed afterwards because their output was lost with their worker
        /// (declared lost, or found restarted, with local-disk shuffle), counted against neither
        /// their task nor their worker (Hadoop's `JobImpl.actOnUnusableNode`). Their attempts read
        /// `killed: ran on unusable node <worker>: <reason>` (``Attempt/rejudgement``); they are
        /// not among the attempts the job's end killed, nor among ``lostAttempts`` — unless the
        /// coordinator had declared the attempt lost before its late answer completed the task:
        /// that declaration stays counted there. Each such map also counts in
        /// ``mapReexecutions`` once its re-run finishes, as every lost output does.
        public let retroactiveKills: Int
        /// Attempts timed out for lack of progress (each aborted on its worker; its answer, if
        /// it still sends one, is ignored).
        public let timedOutAttempts: Int
        /// Attempts lost to worker deaths and restarts (those that answered late included).
        public let lostAttempts: Int
        /// Map tasks run again, to completion, because their finished output was lost: a re-run
        /// still going when the job ended (it failed, or the run stopped) is not counted. A
        /// succeeded job has finished every re-run — it commits only once every task is
        /// completed, as Hadoop's does.
        public let mapReexecutions: Int
    }

    /// One failure and how the job got over it.
    public struct Recovery: Sendable, Hashable {
        /// The task that lost an attempt.
        public let task: TaskID
        /// The attempt lost.
        public let attempt: Int
        /// How it ended, as the coordinator judged it: lost, timed out or failed.
        public let outcome: AttemptOutcome
        /// When the coordinator last saw it make progress: an upper bound on when the fault hit.
        public let lastProgressAt: VirtualInstant
        /// When the coordinator noticed.
        public let detectedAt: VirtualInstant
        /// When the task's next attempt started, if it needed one.
        public let rescheduledAt: VirtualInstant?
        /// When the task finally completed, if it did.
        public let recoveredAt: VirtualInstant?
        /// The attempt's answer, when it came after all (its worker was only paused or cut off).
        public let lateAnswer: LateAnswer?

        /// From the last sign of progress to detection.
        public var detectionTime: Duration { lastProgressAt.duration(to: detectedAt) }
        /// From the last sign of progress to the task's completion.
        public var recoveryTime: Duration? { recoveredAt.map { lastProgressAt.duration(to: $0) } }
    }
}
