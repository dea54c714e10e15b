import Simulator

extension MapReduce.JobReport {
    /// The job's report as report.json gives it: what report.md's Job, Attempts, Shuffle and
    /// Recoveries tables show, in the units a program reads (figures in seconds, counts; a
    /// duration inside a text as report.md writes it, `10.000 s`), and every attempt as
    /// attempts.csv lists it — attempts and recoveries bounded by ``ReportListBound``, as both
    /// grow with the faults a long run meets. A composed world's jobs and each run of
    /// `orrery experiment mapreduce` give it alike (`attempts`, `retries`, `bytesShuffled`, …);
    /// the experiment leaves the attempts out (its attempts.csv lists every run's).
    struct Document: Encodable {
        /// A phase from its first attempt's start to its last task's completion.
        struct Phase: Encodable {
            var startSeconds: Double
            var endSeconds: Double
            var seconds: Double
        }
        var status: String
        var mapTasks: Int
        var reduceTasks: Int
        var combining: Bool
        /// From the submission's arrival to the job's end; nil while it was still running.
        var makespanSeconds: Double?
        var mapPhase: Phase?
        var reducePhase: Phase?
        // The Attempts table.
        var attempts: Int
        var retries: Int
        var speculativeAttempts: Int
        var speculativeWins: Int
        var failedAttempts: Int
        var jobCodeFailures: Int
        var inputFailures: Int
        var outputFailures: Int
        var retroactiveFailures: Int
        var retroactiveKills: Int
        var timedOutAttempts: Int
        var lostAttempts: Int
        var killedByCoordinatorRestart: Int
        var mapReexecutions: Int
        // The Shuffle table.
        var mapInputRecords: Int
        var mapInputBytes: Int
        var emittedRecords: Int
        var emittedBytes: Int
        var mapOutputRecords: Int
        var mapOutputBytes: Int
        var bytesShuffled: Int
        var outputRecords: Int
        /// Workers blacklisted for the job, and whether the blacklist was ignored (a third or
        /// more of the workers on it).
        var blacklisted: [String]
        var blacklistIgnored: Bool
        /// Why its client could not commit the consumer group's offsets, if it could not.
        var offsetCommitFailure: String?
        var recoveries: [JobRecoveryRow]
        var recoveriesLeftOut: Int?
        /// Every attempt in order (attempts.csv's rows); nil when left to a CSV alone.
        var attemptRecords: [JobAttemptRow]?
        var attemptRecordsLeftOut: Int?
    }

    /// ``Document`` of this report, its recoveries measured with `figures` (``RecoveryFigures``);
    /// without `listingAttempts`, no `attemptRecords` (``MapReduceExperimentResult``: its 13 runs'
    /// 1,373 attempts were 87 % of a 502 KB report.json, and its attempts.csv lists them all).
    func document(recoveryFigures figures: [RecoveryFigures], listingAttempts: Bool = true) -> Document {
        let statistics = self.statistics, map = statistics.map
        func phase(_ times: MapReduce.PhaseTimes?) -> Document.Phase? {
            times.map { .init(startSeconds: $0.start.seconds, endSeconds: $0.end.seconds, seconds: $0.duration.seconds) }
        }
        let recoveries = ReportListBound.split(JobRecoveryRow.rows(self.recoveries, figures: figures))
        let attempts = ReportListBound.split(listingAttempts ? self.attempts : [])
        return Document(
            status: SimulatorDurationText.reportable(status.description), mapTasks: mapTasks, reduceTasks: reduceTasks, combining: combining,
            makespanSeconds: makespan?.seconds, mapPhase: phase(mapPhase), reducePhase: phase(reducePhase),
            attempts: statistics.attempts, retries: statistics.retries, speculativeAttempts: statistics.speculativeAttempts,
            speculativeWins: statistics.speculativeWins, failedAttempts: statistics.failedAttempts, jobCodeFailures: statistics.jobCodeFailures,
            inputFailures: statistics.inputFailures, outputFailures: statistics.outputFailures,
            retroactiveFailures: statistics.retroactiveFailures, retroactiveKills: statistics.retroactiveKills,
            timedOutAttempts: statistics.timedOutAttempts, lostAttempts: statistics.lostAttempts,
            killedByCoordinatorRestart: attemptsKilledByCoordinatorRestart,
            mapReexecutions: statistics.mapReexecutions,
            mapInputRecords: map.inputRecords, mapInputBytes: map.inputBytes, emittedRecords: map.emittedRecords, emittedBytes: map.emittedBytes,
            mapOutputRecords: map.outputRecords, mapOutputBytes: map.outputBytes, bytesShuffled: statistics.shuffledBytes,
            outputRecords: statistics.outputRecords,
            blacklisted: blacklisted.map(\.name), blacklistIgnored: blacklistIgnored, offsetCommitFailure: offsetCommitFailure.map(SimulatorDurationText.reportable),
            recoveries: recoveries.listed, recoveriesLeftOut: recoveries.leftOut,
            attemptRecords: listingAttempts ? attempts.listed.map(JobAttemptRow.init) : nil, attemptRecordsLeftOut: attempts.leftOut)
    }
}

extension MapReduce.JobReport {
    /// Attempts a coordinator restart killed: the Attempts table's row and report.json's
    /// `killedByCoordinatorRestart`.
    var attemptsKilledByCoordinatorRestart: Int {
        attempts.filter { $0.outcome == MapReduce.AttemptOutcome.coordinatorRestarted }.count
    }
}
