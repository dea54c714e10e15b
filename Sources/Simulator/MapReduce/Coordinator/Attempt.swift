extension MapReduce {
    /// How one attempt at a task ended.
    public enum AttemptOutcome: Sendable, Hashable, CustomStringConvertible {
        /// Still running (or the coordinator has not heard otherwise).
        case running
        /// Its output became the task's output.
        case succeeded
        /// It completed, but another attempt of the task had already succeeded; its output was
        /// ignored.
        case duplicate
        /// It reported an error from the job's own code, or a map could not read its input split
        /// (``inputUnavailablePrefix``: Hadoop's record reader throws and the attempt fails) or
        /// write its output to the shuffle store (``shuffleStoreUnavailablePrefix``: a map output
        /// write's IOException fails the attempt too); counts towards the task's attempt limit.
        case failed(String)
        /// It made no progress for the policy's task timeout; counts towards the attempt limit.
        case timedOut
        /// Its worker died or restarted: not the task's fault, so it does not count towards the limit (Hadoop's
        /// killed attempts). A reduce attempt that cannot fetch a map output is not lost: it waits
        /// for the output's re-execution.
        case lost(String)
        /// The coordinator stopped it: the job finished, another attempt won, or the coordinator
        /// restarted while it ran (``coordinatorRestarted``). Does not count towards the limit.
        case killed(String)

        /// An attempt that was running when the coordinator restarted: killed, as Hadoop's next
        /// ApplicationMaster attempt kills the previous one's containers and reschedules every
        /// task that had not completed. Its late completion is ignored.
        public static let coordinatorRestarted = AttemptOutcome.killed("coordinator restarted")

        /// How a map attempt that could not read its input split from the log says so, after
        /// `failed: `: `input unavailable: <why>`.
        public static let inputUnavailablePrefix = "input unavailable: "

        /// How a map attempt that could not write its output to the shuffle store says so, after
        /// `failed: `: `shuffle store unavailable: <why>`.
        public static let shuffleStoreUnavailablePrefix = "shuffle store unavailable: "

        /// Whether it failed because it could not read its input (not in the job's code).
        public var isInputFailure: Bool {
            if case .failed(let reason) = self { return reason.hasPrefix(Self.inputUnavailablePrefix) }
            return false
        }

        /// Whether it failed because it could not write its output to the shuffle store (not in
        /// the job's code).
        public var isOutputFailure: Bool {
            if case .failed(let reason) = self { return reason.hasPrefix(Self.shuffleStoreUnavailablePrefix) }
            return false
        }

        /// Whether the attempt is over.
        public var isFinished: Bool { self != .running }

        /// Whether the outcome counts towards the task's attempt limit.
        public var countsAsFailure: Bool {
            switch self {
            case .failed, .timedOut: return true
            default: return false
            }
        }

        /// Whether the coordinator may have decided it without the attempt's own answer — its
        /// worker fell silent or restarted — so that the attempt can still answer later: before
        /// the worker's first heartbeat after it came back, which stops it (``isAborted``). A
        /// timed-out attempt cannot: it is aborted and its answer ignored.
        var mayStillAnswer: Bool {
            if case .lost = self { return true }
            return false
        }

        /// Whether a worker still running the attempt is told to stop it: the coordinator killed
        /// it, timed it out — as Hadoop's TA_TIMED_OUT kills the attempt's container, freeing
        /// its slot, rather than leave it running beside the task's retry — or declared it lost
        /// with its worker, which has come back: Hadoop kills the containers of a node it declared
        /// lost (the node's re-registration after expiry makes it kill them), so the attempt
        /// stops at the worker's first heartbeat and its slot frees. An answer it sent before that
        /// heartbeat is still a late answer (``mayStillAnswer``).
        var isAborted: Bool {
            switch self {
            case .killed, .timedOut, .lost: return true
            default: return false
            }
        }

        /// A one-line human-readable form.
        public var description: String {
            switch self {
            case .running: return "running"
            case .succeeded: return "succeeded"
            case .duplicate: return "duplicate"
            case .failed(let reason): return "failed: \(reason)"
            case .timedOut: return "timed out"
            case .lost(let reason): return "lost: \(reason)"
            case .killed(let reason): return "killed: \(reason)"
            }
        }
    }

    /// One attempt at one task, as the job's timeline records it.
    public struct Attempt: Sendable, Hashable {
        /// The attempt's number, unique within the coordinator (it survives coordinator restarts).
        public let number: Int
        /// The task it attempts.
        public let task: TaskID
        /// The worker it ran on.
        public let worker: NodeID
        /// Whether it was a speculative backup of a slow attempt.
        public let speculative: Bool
        /// When the coordinator assigned it.
        public let start: VirtualInstant
        /// When the coordinator learned it ended; nil while running.
        public internal(set) var end: VirtualInstant?
        /// How it ended.
        public internal(set) var outcome: AttemptOutcome
        /// Its answer when it came after the coordinator had declared it lost or timed out (see
        /// ``LateAnswer``): then ``outcome`` stays that declaration, or becomes `succeeded` if
        /// the answer completed the task.
        public internal(set) var lateAnswer: LateAnswer?
        /// How and when the coordinator judged it again after it had completed its task — a
        /// completed map whose output was lost afterwards (see ``Rejudgement``): its ``outcome``
        /// then reads `failed: output could not be fetched: …` or
        /// `killed: ran on unusable node <worker>: <reason>`, and ``end`` stays its completion.
        /// Nil for every other attempt.
        public internal(set) var rejudgement: Rejudgement?
        /// The incarnation of the worker's node it was assigned to (a restart makes it stale).
        let incarnation: UInt64
        /// Fraction of the work done, as last reported.
        var progress: Double = 0
        /// When the coordinator last saw the progress grow (the assignment, at first).
        var lastProgressAt: VirtualInstant

        init(number: Int, task: TaskID, worker: NodeID, incarnation: UInt64, speculative: Bool, start: VirtualInstant) {
            self.number = number
            self.task = task
            self.worker = worker
            self.incarnation = incarnation
            self.speculative = speculative
            self.start = start
            outcome = .running
            lastProgressAt = start
        }

        /// How long it ran, once it has ended.
        public var duration: Duration? { end.map { start.duration(to: $0) } }

        /// Whether its completion made it its task's output at its ``end``: it succeeded, or it
        /// succeeded and its output was lost afterwards (``rejudgement``).
        public var completedItsTask: Bool { outcome == .succeeded || rejudgement != nil }
    }

    /// The coordinator's second judgement of a completed map attempt, whose output — its task's
    /// output — was lost afterwards: the attempt moves from `succeeded` to ``kind``, as Hadoop's
    /// `TaskAttemptImpl` moves from SUCCEEDED, and its task runs again. Its ``Attempt/end`` stays
    /// its completion; the job's statistics count it once, apart from the attempts judged so
    /// when they ended (``JobStatistics/retroactiveFailures``,
    /// ``JobStatistics/retroactiveKills``), and it is no recovery of the job.
    public struct Rejudgement: Sendable, Hashable {
        /// What the attempt became.
        public enum Kind: String, Sendable, Hashable {
            /// Reducers could not fetch its output (a wiped disk, a worker that did not answer, a
            /// lost shuffle-store object): Hadoop's TOO_MANY_FETCH_FAILURE and
            /// `MapRetroactiveFailureTransition`. Counts towards the task's attempt limit and
            /// against the worker; the outcome reads `failed: output could not be fetched: …`.
            case failed
            /// Its worker was declared lost or found restarted, taking the output on its local
            /// disk: Hadoop's `JobImpl.actOnUnusableNode` kills the node's succeeded map attempts
            /// ("TaskAttempt killed because it ran on unusable node"), and the task's
            /// `MapRetroactiveKilledTransition` runs it again. Counts towards no limit; the
            /// outcome reads `killed: ran on unusable node <worker>: <reason>`.
            case killed
        }

        /// What the attempt became.
        public let kind: Kind
        /// When the coordinator judged it so.
        public let at: VirtualInstant
    }
}
