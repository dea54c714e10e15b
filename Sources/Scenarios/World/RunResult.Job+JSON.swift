import Simulator

extension RunResult.Job {
    /// One job of a composed world as report.json's `mapreduce.jobs` gives it: its id, its
    /// submission, its output objects and backed-up files — what report.md's job section adds to
    /// the run — then, at the same level, its run's figures (``MapReduceRunResult/Document``).
    struct Document: Encodable {
        /// One output object: where it is, its bytes and ETags, and whether it is there as the
        /// job produced it.
        struct OutputObject: Encodable {
            var bucket: String
            var key: String
            var bytes: Int
            var expectedETag: String
            /// Nil when every put failed.
            var acknowledgedETag: String?
            /// Nil when it is not in the store at the end.
            var storedETag: String?
            var puts: Int
            var exact: Bool
            var lost: Bool
            /// Why the last put failed, when none was acknowledged.
            var failure: String?
        }
        var id: String
        /// Nil when it was never submitted.
        var submittedAtSeconds: Double?
        /// Submissions sent through the balancer (0 when submitted directly).
        var gatewayAttempts: Int
        /// One a reducer (a file may ask for 10,000), bounded by ``ReportListBound`` as the
        /// backed-up paths are (C1, s74: 4 jobs × 10,000 reducers wrote 17.9 MB).
        var outputObjects: [OutputObject]
        var outputObjectsLeftOut: Int?
        var backedUpPaths: [String]
        var backedUpPathsLeftOut: Int?
        var run: MapReduceRunResult.Document

        private enum Keys: String, CodingKey { case id, submittedAtSeconds, gatewayAttempts, outputObjects, outputObjectsLeftOut, backedUpPaths, backedUpPathsLeftOut }

        func encode(to encoder: any Encoder) throws {
            try run.encode(to: encoder)
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(id, forKey: .id)
            try container.encodeIfPresent(submittedAtSeconds, forKey: .submittedAtSeconds)
            try container.encode(gatewayAttempts, forKey: .gatewayAttempts)
            try container.encode(outputObjects, forKey: .outputObjects)
            try container.encodeIfPresent(outputObjectsLeftOut, forKey: .outputObjectsLeftOut)
            try container.encode(backedUpPaths, forKey: .backedUpPaths)
            try container.encodeIfPresent(backedUpPathsLeftOut, forKey: .backedUpPathsLeftOut)
        }
    }

    /// ``Document`` of this job, its recoveries measured with the world's `outages` as report.md's are.
    func document(outages: [NodeOutage]) -> Document {
        var measured = result
        measured.outages = outages
        let objects = ReportListBound.split(outputObjects)
        let paths = ReportListBound.split(backedUpPaths)
        return Document(
            id: id, submittedAtSeconds: submittedAt, gatewayAttempts: gatewayAttempts,
            outputObjects: objects.listed.map {
                .init(bucket: $0.bucket, key: $0.key, bytes: $0.bytes, expectedETag: $0.expectedETag, acknowledgedETag: $0.acknowledgedETag,
                      storedETag: $0.storedETag, puts: $0.puts, exact: $0.exact, lost: $0.lost, failure: $0.failure)
            },
            outputObjectsLeftOut: objects.leftOut, backedUpPaths: paths.listed, backedUpPathsLeftOut: paths.leftOut, run: measured.document)
    }
}

extension RunResult {
    /// report.json's `mapreduce`: every job in the file's order.
    struct MapReduceDetail: Encodable {
        var jobs: [Job.Document]
    }

    /// ``MapReduceDetail`` of this run, nil without a MapReduce section.
    var mapReduceDetail: MapReduceDetail? {
        guard subsystems.contains(.mapreduce) else { return nil }
        let outages = NodeOutage.of(timeline)
        return MapReduceDetail(jobs: jobs.map { $0.document(outages: outages) })
    }
}
