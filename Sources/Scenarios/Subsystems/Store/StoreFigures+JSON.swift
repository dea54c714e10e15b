import Simulator

extension RunResult.StoreFigures {
    /// report.json's `store`: report.md's "Object store" table in its units — `requests` as the
    /// table and `store.requests` count them (those its clients sent that never reached it
    /// included, as `unreached`) — the storms the file declared, and what the buckets hold at the
    /// end, every version and delete marker (``StoredVersion``) bounded by ``ReportListBound``. A
    /// job's output objects are also under its job (`mapreduce.jobs[].outputObjects`), as
    /// report.md lists them.
    struct Detail: Encodable {
        /// An error storm: from `startSeconds` for `seconds`, failing requests at `rate` with `code`.
        struct Storm: Encodable {
            var startSeconds: Double
            var seconds: Double
            var rate: Double
            var code: String
            var status: Int
        }
        var requests: Int
        var unreached: Int
        var succeeded: Int
        var rejected: Int
        var throttled: Int
        var injectedErrors: Int
        var stormErrors: Int
        var hung: Int
        var lostInCrash: Int
        /// Reached the store and had no answer when the run ended (``RunResult/StoreFigures/inFlightAtEnd``).
        var inFlightAtEnd: Int
        /// Current versions at the end, and their bytes.
        var objects: Int
        var bytes: Int
        /// One a storm fault (a file may schedule 100,000), bounded by ``ReportListBound``.
        var storms: [Storm]
        var stormsLeftOut: Int?
        /// Buckets by name, each key ascending then newest first (ListObjectVersions' order).
        var versions: [StoredVersion]
        var versionsLeftOut: Int?
    }

    var detail: Detail {
        Detail(
            requests: requests + unreached, unreached: unreached, succeeded: succeeded, rejected: rejected, throttled: throttled,
            injectedErrors: injectedErrors, stormErrors: stormErrors, hung: hung, lostInCrash: lostInCrash, inFlightAtEnd: inFlightAtEnd, objects: objects, bytes: bytes,
            storms: ReportListBound.split(storms).listed.map {
                .init(startSeconds: $0.start.seconds, seconds: $0.length.seconds, rate: $0.errorRate, code: $0.code.rawValue, status: $0.code.httpStatus)
            },
            stormsLeftOut: ReportListBound.split(storms).leftOut,
            versions: versions, versionsLeftOut: storedVersions > versions.count ? storedVersions - versions.count : nil)
    }
}
