import Simulator

/// When a node of the world was down (a crash until its restart had booted, a pause), in virtual
/// seconds: what a recovery's figures need to know of the world's faults.
struct NodeOutage: Sendable, Equatable {
    var node: String
    var start: Double
    var end: Double
    /// Whether it was a pause (the node kept its state), not a crash or restart.
    var paused = false

    /// The world's outages, read from its timeline's `down` events.
    static func of(_ timeline: [TimelineEvent]) -> [NodeOutage] {
        timeline.filter { $0.kind == "down" }.map { NodeOutage(node: $0.node, start: $0.start, end: $0.end, paused: $0.label == "paused") }
    }
}

/// One recovery's figures, measured from the lost worker's last progress.
///
/// The coordinator notes an attempt's last progress (Hadoop's `TaskHeartbeatHandler` keeps it as
/// the attempt's `lastProgress`, the clock of its task timeout). With `restart_keeps_attempts`
/// a restarted coordinator gives every attempt still running a fresh progress deadline: it sets
/// that record to its own return, so an attempt whose worker had crashed before read "last
/// progress 13.000 s" for a worker dead since 11.2 s, and its detection and recovery were
/// measured from the coordinator's return (a run's `mapreduce.max_detection_time` 1.8 s short).
/// For such an attempt the lost worker's last progress is its going down (its crash or pause)
/// when that came after the attempt started and before the coordinator's return; otherwise —
/// its worker outlived the restart without progress seen since — the coordinator's going down,
/// the last moment it could have seen any. Every other recovery keeps the coordinator's record.
struct RecoveryFigures: Sendable, Equatable {
    /// The attempt lost.
    var attempt: Int
    /// The lost worker's last progress, in virtual seconds.
    var lastProgress: Double
    /// Whether ``lastProgress`` is not the coordinator's record (its restart reset that).
    var corrected: Bool
    /// From the last progress to the coordinator noticing.
    var detection: Double
    /// From the last progress to the task's completion, if it completed.
    var recovery: Double?

    /// Every recovery of `report`, in its order, measured as the type says.
    static func of(_ report: MapReduce.JobReport, outages: [NodeOutage]) -> [RecoveryFigures] {
        let attempts = Dictionary(report.attempts.map { ($0.number, $0) }, uniquingKeysWith: { first, _ in first })
        return report.recoveries.map { recovery in
            var last = recovery.lastProgressAt.seconds
            var corrected = false
            if let attempt = attempts[recovery.attempt] {
                let start = attempt.start.seconds
                // The coordinator's return reset the record: a coordinator outage that began while
                // the attempt ran and ended at the record.
                if let restart = outages.first(where: { $0.node == "coordinator" && !$0.paused && $0.start > start && abs($0.end - last) < 1e-9 }) {
                    let workerDown = outages.filter { $0.node == attempt.worker.name && $0.start >= start && $0.start <= restart.end }
                        .map(\.start).min()
                    last = workerDown ?? restart.start
                    corrected = true
                }
            }
            guard corrected else {
                return RecoveryFigures(attempt: recovery.attempt, lastProgress: last, corrected: false,
                                       detection: recovery.detectionTime.seconds, recovery: recovery.recoveryTime?.seconds)
            }
            return RecoveryFigures(attempt: recovery.attempt, lastProgress: last, corrected: true,
                                   detection: VirtualSeconds.between(last, recovery.detectedAt.seconds),
                                   recovery: recovery.recoveredAt.map { VirtualSeconds.between(last, $0.seconds) })
        }
    }
}
