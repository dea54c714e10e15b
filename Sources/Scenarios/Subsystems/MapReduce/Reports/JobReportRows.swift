import Simulator

/// One attempt of a job as attempts.csv and report.json both list it: the one reading of
/// ``MapReduce/Attempt`` for every format — times as numbers of seconds since the start of the
/// run, and the outcome's durations as report.md writes them (``SimulatorDurationText``:
/// `lost: no heartbeat for 10.000 s`, where the Simulator's text reads `10.000s`).
struct JobAttemptRow: Encodable, Equatable {
    var attempt: Int
    var task: String
    var kind: String
    var index: Int
    var worker: String
    var speculative: Bool
    var startSeconds: Double
    /// Nil while it was still running when the run ended.
    var endSeconds: Double?
    var outcome: String

    init(_ attempt: MapReduce.Attempt) {
        self.attempt = attempt.number
        task = attempt.task.description
        kind = attempt.task.kind.rawValue
        index = attempt.task.index
        worker = attempt.worker.name
        speculative = attempt.speculative
        startSeconds = attempt.start.seconds
        endSeconds = attempt.end?.seconds
        outcome = SimulatorDurationText.reportable(attempt.outcomeDescription)
    }
}

/// One lost, timed-out or failed attempt and how its task got over it, as report.md's
/// Recoveries table and report.json both give it: detection and recovery measured from the
/// lost worker's last progress where ``RecoveryFigures`` corrects it, from the coordinator's
/// record otherwise.
struct JobRecoveryRow: Encodable, Equatable {
    var task: String
    var attempt: Int
    /// The outcome, with the late answer if there was one, its durations as report.md writes
    /// them (``SimulatorDurationText``).
    var outcome: String
    var lastProgressSeconds: Double
    var detectedAtSeconds: Double
    var rescheduledAtSeconds: Double?
    var recoveredAtSeconds: Double?
    var detectionSeconds: Double
    /// Nil when the task never completed.
    var recoverySeconds: Double?

    /// The rows of `recoveries`, each measured with its attempt's entry of `figures` if it has one.
    static func rows(_ recoveries: [MapReduce.Recovery], figures: [RecoveryFigures]) -> [JobRecoveryRow] {
        let measured = Dictionary(figures.map { ($0.attempt, $0) }, uniquingKeysWith: { first, _ in first })
        return recoveries.map { recovery in
            let figure = measured[recovery.attempt]
            return JobRecoveryRow(
                task: recovery.task.description, attempt: recovery.attempt,
                outcome: SimulatorDurationText.reportable(recovery.outcome.description + (recovery.lateAnswer.map { "; " + $0.description } ?? "")),
                lastProgressSeconds: figure?.lastProgress ?? recovery.lastProgressAt.seconds,
                detectedAtSeconds: recovery.detectedAt.seconds, rescheduledAtSeconds: recovery.rescheduledAt?.seconds,
                recoveredAtSeconds: recovery.recoveredAt?.seconds,
                detectionSeconds: figure?.detection ?? recovery.detectionTime.seconds,
                recoverySeconds: figure.map(\.recovery) ?? recovery.recoveryTime?.seconds)
        }
    }
}
