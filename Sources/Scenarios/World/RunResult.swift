import Simulator

/// What one run of a scenario produced, whatever its sections: each present subsystem's
/// figures, one timeline of every subsystem's events on the virtual clock, and the `expect:`
/// checks over the namespaced metrics.
public struct RunResult: Sendable {
    /// One MapReduce job: its run as `orrery mapreduce` reports it, plus what the world added
    /// (the balancer in front of its submission, its output objects, its backed-up files).
    public struct Job: Sendable {
        /// The job's id.
        public var id: String
        /// The job's report, oracle comparison and per-job figures.
        public var result: MapReduceRunResult
        /// When it was submitted (virtual seconds), if it was.
        public var submittedAt: Double?
        /// Submissions sent through the balancer (0 when it was submitted directly).
        public var gatewayAttempts: Int
        /// Its output objects, as written and as found at the end.
        public var outputObjects: [OutputObject]
        /// The files it added to the backup manager's data.
        public var backedUpPaths: [String]
    }

    /// One output object of a job.
    public struct OutputObject: Sendable, Equatable {
        public var bucket: String
        public var key: String
        public var bytes: Int
        /// The MD5 ETag of exactly the part's bytes.
        public var expectedETag: String
        /// The ETag the store acknowledged, nil when every try failed.
        public var acknowledgedETag: String?
        /// The ETag of the object in the store at the end, nil when it is not there.
        public var storedETag: String?
        /// Puts the job's client sent for it (each retried as the store's client policy says).
        public var puts = 0
        /// Why the last put failed, when none was acknowledged.
        public var failure: String?

        /// Acknowledged but missing or different at the end.
        public var lost: Bool { acknowledgedETag != nil && storedETag != acknowledgedETag }
        /// Stored with the ETag of exactly the part's bytes.
        public var exact: Bool { storedETag == expectedETag }

        /// Why the part is not in the store as the job produced it, or nil when it is: its job did
        /// not commit its output, so it does not count as succeeded.
        public var storageProblem: String? {
            guard !exact else { return nil }
            let place = "s3://\(bucket)/\(key)"
            guard acknowledgedETag != nil else {
                let tries = puts == 1 ? "its 1 put" : "all \(puts) puts"
                return "\(place) was never stored: \(tries) failed" + (failure.map { ", the last with \($0)" } ?? "")
            }
            guard let storedETag else { return "\(place) was acknowledged but is missing at the end" }
            return "\(place) holds ETag \(storedETag) at the end, not \(expectedETag) of the part's bytes"
        }
    }

    /// The log's figures.
    public struct LogFigures: Sendable, Equatable {
        /// Per producer: name, topic, records acknowledged, errors, when it finished.
        public var producers: [(name: String, topic: String, acknowledged: Int, errors: Int, finishedAt: Double?)]
        /// Per topic: name and records at the end.
        public var topics: [(name: String, records: Int)]
        /// Acknowledged records missing at the end.
        public var lost: Int
        /// Copies in the log beyond the first of each record a producer sent (retries that
        /// landed again).
        public var duplicates: Int
        /// Records a producer counted as errors (every attempt unanswered) that are in the log.
        public var errorsInLog: Int
        /// Records the topic-reading jobs read (a record read by two jobs counts twice).
        public var readByJobs: Int
        /// Records in the log's topics that no job read (``TopicCoverage``).
        public var unread: Int

        public static func == (a: LogFigures, b: LogFigures) -> Bool {
            a.topics.map(\.name) == b.topics.map(\.name) && a.topics.map(\.records) == b.topics.map(\.records)
                && a.lost == b.lost && a.duplicates == b.duplicates && a.errorsInLog == b.errorsInLog
                && a.readByJobs == b.readByJobs && a.unread == b.unread
        }
    }

    /// The store's figures.
    public struct StoreFigures: Sendable {
        public var requests: Int
        public var succeeded: Int
        public var rejected: Int
        public var throttled: Int
        public var injectedErrors: Int
        public var stormErrors: Int
        public var objects: Int
        public var bytes: Int
        public var storms: [ObjectStore.ErrorStorm]
        /// Attempts its clients sent that never reached it (its node down or cut off, or lost on
        /// the way): not in ``requests``, which counts what the store saw.
        public var unreached = 0
        /// Requests that arrived while the store's node hung, held and answered 500 InternalError
        /// when the hang ended (among ``injectedErrors`` too) or lost in a crash or restart meanwhile.
        public var hung = 0
        /// Requests the store was serving, or holding in a hang, when it crashed or restarted: their
        /// work thrown away, their clients answered by their timeouts or refused (among ``errors``,
        /// not ``injectedErrors``).
        public var lostInCrash = 0
        /// The buckets' versions and delete markers at the end, the first
        /// ``ReportListBound/most`` of them (report.json's `store.versions`).
        public var versions: [StoredVersion] = []
        /// Versions and delete markers stored at the end, listed in ``versions`` or not.
        public var storedVersions = 0
    }

    /// The backup manager's figures.
    public struct BackupFigures: Sendable {
        /// Syncs run, failed ones included (``BackupStats/syncs``).
        public var syncs: Int
        public var failedSyncs: Int
        /// Syncs due while the host was down, not run (``BackupStats/skippedSyncs``).
        public var skippedSyncs = 0
        public var backupsCreated: Int
        /// Backup attempts abandoned (a request failed after retries, or a copy did not match).
        public var failedBackups = 0
        public var backupsDeleted: Int
        public var bytesUploaded: Int
        public var backups: [BackupRecord]
        public var restores: [BackupResult.RestoreCheck]
        /// Job output files the restores brought back byte for byte (counted once per restore).
        public var jobOutputsRestored: Int
    }

    public var scenario: String
    public var summary: String
    public var file: String
    public var seed: UInt64
    /// The command that replays this run exactly.
    public var replayCommand: String
    /// The digest of every event: equal digests mean identical runs.
    public var digest: String
    public var events: UInt64
    /// Virtual time when the run ended.
    public var virtualSeconds: Double
    /// Why the simulation stopped early, if it did.
    public var failure: String?
    /// The subsystems present.
    public var subsystems: [Subsystem]
    /// The traffic's figures, when there is a workload.
    public var traffic: TrafficResult?
    /// The MapReduce jobs, in the file's order.
    public var jobs: [Job] = []
    public var log: LogFigures?
    public var queue: QueueFigures?
    public var store: StoreFigures?
    public var backup: BackupFigures?
    /// The explicit operations' answers, or the step that could not be sent.
    public var operations: Result<[OperationOutcome], OperationStepFailure>?
    /// Every fault of the run, in time order, one scheduled after the run ended marked not
    /// reached: the one list report.md and report.json both print.
    public var faults: [String]
    /// Every subsystem's events on the virtual clock.
    public var timeline: [TimelineEvent]
    public var checks: [ExpectationCheck] = []
    /// The scenario's claims against the figures.
    public var claims: [ClaimOutcome] = []

    /// Whether the run finished, every job succeeded with its exact output, and every
    /// expectation held.
    public var passed: Bool {
        var operationsAnswered = true
        if case .failure = operations { operationsAnswered = false }
        return failure == nil && checks.allSatisfy(\.holds) && jobs.allSatisfy { $0.result.outputExact } && operationsAnswered
    }
}

/// Something that happened to one node of the world, for the timeline every report draws.
public struct TimelineEvent: Sendable, Equatable {
    /// The node's name (the chart's row).
    public var node: String
    /// The subsystem it belongs to.
    public var subsystem: Subsystem
    /// What it was: `down`, `map`, `reduce`, `failed`, `out of rotation`, `job`, `producing`, `storm`,
    /// `backup`, `restore`, `fault`.
    public var kind: String
    /// When it began, in virtual seconds.
    public var start: Double
    /// When it ended (equal to `start` for an instant).
    public var end: Double
    /// A short label.
    public var label: String
}
