import Simulator

extension MapReduceRunResult {
    /// The job's run as report.json gives it: its code, its verdict against the sequential
    /// oracle and the problems report.md prints in bold, then — at the same level, when the job
    /// ran — its report's figures (``MapReduce/JobReport/Document``).
    struct Document: Encodable {
        /// The job's code (`word-count`, `log-patterns`, …).
        var job: String
        var succeeded: Bool
        var outputExact: Bool
        /// Why it did not pass, as report.md words it (empty when it passed), bounded by
        /// ``ReportListBound`` as report.md's list is: one an output part not stored, and a job
        /// may ask for 10,000 reducers.
        var problems: [String]
        var problemsLeftOut: Int?
        /// Why the cluster refused the job, if it did, its durations as a refusal writes them
        /// (`900.000 s`, not the Simulator's `900.000s`).
        var rejection: String?
        /// Nil when the run cannot say (``MapReduceRunResult/inputUnread``).
        var inputRecords: Int?
        var inputBytes: Int?
        /// Records of the sequential oracle's output; nil when the oracle could not run.
        var oracleRecords: Int?
        var oracleFailure: String?
        var report: MapReduce.JobReport.Document?
        /// The status of a job with no ``report`` whose client gave up (`failed (client gave up)`,
        /// as report.md's Job table reads): it had none, where one with a report has its own.
        var status: String?

        private enum Keys: String, CodingKey {
            case job, succeeded, outputExact, problems, problemsLeftOut, rejection, inputRecords, inputBytes, oracleRecords, oracleFailure, status
        }

        func encode(to encoder: any Encoder) throws {
            try report?.encode(to: encoder)
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(job, forKey: .job)
            try container.encode(succeeded, forKey: .succeeded)
            try container.encode(outputExact, forKey: .outputExact)
            try container.encode(problems, forKey: .problems)
            try container.encodeIfPresent(problemsLeftOut, forKey: .problemsLeftOut)
            try container.encodeIfPresent(rejection, forKey: .rejection)
            try container.encodeIfPresent(inputRecords, forKey: .inputRecords)
            try container.encodeIfPresent(inputBytes, forKey: .inputBytes)
            try container.encodeIfPresent(oracleRecords, forKey: .oracleRecords)
            try container.encodeIfPresent(oracleFailure, forKey: .oracleFailure)
            try container.encodeIfPresent(status, forKey: .status)
        }
    }

    /// ``Document`` of this run; its recoveries measured with ``outages`` as report.md's are.
    var document: Document {
        let counted = inputUnread == nil || run.rejection != nil
        let problems = ReportListBound.split(reportedProblems)
        return Document(
            job: scenario.job.name, succeeded: succeeded, outputExact: outputExact, problems: problems.listed, problemsLeftOut: problems.leftOut,
            rejection: run.rejection.map(SimulatorDurationText.reportable),
            inputRecords: counted ? inputRecords : nil, inputBytes: counted ? inputBytes : nil,
            oracleRecords: oracleFailure == nil ? comparison.expectedRecords : nil, oracleFailure: oracleFailure,
            report: run.report.map { report in
                // A job whose client gave up reads failed here as in report.md's Job table.
                var document = report.document(recoveryFigures: recoveryFigures)
                if clientGaveUp { document.status = JobReportTables.gaveUpStatus }
                return document
            },
            status: run.report == nil && clientGaveUp ? JobReportTables.gaveUpStatus : nil)
    }
}
