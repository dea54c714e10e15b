extension MapReduce {
    /// The answer of an attempt the coordinator had already given up on: it declared the attempt
    /// lost (its worker fell silent past the worker timeout), and the attempt — whose worker was
    /// only paused or cut off — reported its result afterwards. (An attempt timed out is aborted
    /// instead, as Hadoop kills its container: its answer is ignored and records none.) The
    /// declaration stands as what the coordinator detected: the task was rescheduled, and its
    /// re-execution is a recovery. The answer itself completes the task only if nothing else
    /// has (as the MapReduce paper's master records the first completion of a task); otherwise it
    /// is ignored, like any answer for a completed task.
    public struct LateAnswer: Sendable, Hashable {
        /// What the coordinator had declared the attempt: lost or timed out.
        public let declared: AttemptOutcome
        /// When it declared so.
        public let declaredAt: VirtualInstant
        /// When the late answer arrived.
        public let answeredAt: VirtualInstant
        /// Whether the answer completed the task (true) or came after another attempt had (false).
        public let completedTheTask: Bool

        /// `answered late at 7.695s; ignored (another attempt had completed the task)`.
        public var description: String {
            let at = "answered late at \(VirtualInstant.zero.duration(to: answeredAt).formattedSeconds)"
            return completedTheTask ? "\(at) and completed the task" : "\(at); ignored (another attempt had completed the task)"
        }
    }
}

extension MapReduce.Attempt {
    /// How the coordinator judged the attempt when it ended it: its outcome, or — for one that
    /// answered after it was declared lost or timed out — that declaration.
    public var judgedOutcome: MapReduce.AttemptOutcome { lateAnswer?.declared ?? outcome }

    /// The outcome in words, with the late answer if there was one:
    /// `lost: no heartbeat for 2.000s; answered late at 7.695s; ignored (…)`; a late answer that
    /// completed the task and whose output was lost afterwards (``rejudgement``) ends
    /// `…; then failed: output could not be fetched: …` or `…; then killed: ran on unusable node …`.
    public var outcomeDescription: String {
        guard let lateAnswer else { return outcome.description }
        let afterwards = rejudgement == nil ? "" : "; then \(outcome.description)"
        return "\(lateAnswer.declared.description); \(lateAnswer.description)\(afterwards)"
    }
}
