import Simulator

extension ScenarioLoader {
    /// Parses the MapReduce experiment's file, strictly: the cluster, job and input read as in a
    /// MapReduce scenario (``MapReduceScenarioLoader``), then the variations and the claims.
    static func parseMapReduceExperiment(_ document: ScenarioDocument) throws(ScenarioError) -> MapReduceExperimentSpec {
        let root = document.root
        let top = try document.sections(ScenarioSchema.mapReduceExperimentFile)
        let directory = MapReduceScenarioLoader.directory(of: root.file)
        let cluster = try MapReduceScenarioLoader.parseCluster(top.required("cluster"))
        let claims = try top["claims"].map { cursor throws(ScenarioError) in try parseSeed001Claims(cursor) } ?? Seed001Claims()
        let workers = MapReduceScenario.nodes(of: cluster).filter { $0.name.hasPrefix("worker-") }
        func worker(_ cursor: YAMLCursor) throws(ScenarioError) -> NodeID {
            let name = try cursor.string()
            guard workers.contains(NodeID(name)) else {
                throw cursor.error(.invalidValue("unknown worker '\(name.excerpt)'; the cluster has \(workers.map(\.name).joined(separator: ", "))"))
            }
            return NodeID(name)
        }
        let scalingFields = try top.required("scaling").mapping(ScenarioSchema.scaling)
        let mappers = try parseMapperCounts(scalingFields.required("mappers"), claims: claims)
        let stragglerFields = try top.required("straggler").mapping(ScenarioSchema.straggler)
        let failureFields = try top.required("failure").mapping(ScenarioSchema.workerFailure)
        let chaosFields = try top.required("lab_chaos").mapping(ScenarioSchema.labChaos)
        let spec = MapReduceExperimentSpec(
            summary: document.summary, file: document.file, seed: document.seed ?? ScenarioSchema.defaultSeed,
            cluster: cluster, job: try MapReduceScenarioLoader.parseJob(top.required("job")),
            input: try MapReduceScenarioLoader.parseInput(top.required("input"), baseDirectory: directory),
            scaling: .init(mappers: mappers, input: try MapReduceScenarioLoader.parseInput(scalingFields.required("input"), baseDirectory: directory)),
            straggler: .init(worker: try worker(stragglerFields.required("worker")), factor: try stragglerFields.required("factor").positiveFactor()),
            failure: .init(worker: try worker(failureFields.required("crash")), at: try failureFields.required("at").duration()),
            labChaos: .init(attempts: try chaosFields["attempts"].map { cursor throws(ScenarioError) in try MapReduceScenarioLoader.parseAttemptChaos(cursor) } ?? MapReduce.AttemptChaos(),
                            maxAttempts: try chaosFields["max_attempts"]?.int(in: ScenarioSchema.labChaosAttempts) ?? ScenarioSchema.defaultLabChaosAttempts,
                            input: try chaosFields["input"].map { cursor throws(ScenarioError) in try MapReduceScenarioLoader.parseInput(cursor, baseDirectory: directory) }),
            claims: claims)
        try checkMapReduceExperimentSize(spec, input: top.required("input"), scalingInput: scalingFields.required("input"), chaosInput: chaosFields["input"])
        return spec
    }

    /// The scaling sweep's worker counts: ascending, and including 1, the claimed mapper count
    /// and the claimed limit of linear scaling, which the claims table reads.
    static func parseMapperCounts(_ cursor: YAMLCursor, claims: Seed001Claims) throws(ScenarioError) -> [Int] {
        var counts: [Int] = []
        // Ascending counts in range are at most as many as the range holds.
        for item in try cursor.list(atMost: ScenarioSchema.scalingMappers.count, of: "mapper counts") {
            let count = try item.int(in: ScenarioSchema.scalingMappers)
            guard counts.last.map({ count > $0 }) ?? true else { throw item.error(.invalidValue("mapper counts must be ascending, got \(count) after \(counts.last!)")) }
            counts.append(count)
        }
        // Ascending and each once, as the sweep lists them: "1, 3, 2" and "1, 2, 2" read as a
        // sweep the file could not write.
        let needed = Array(Set([1, claims.mappers, claims.linearUpTo])).sorted()
        guard needed.allSatisfy(counts.contains) else {
            throw cursor.error(.invalidValue("the sweep must include \(needed.map(String.init).joined(separator: ", ")) mappers to check the claims"))
        }
        return counts
    }

    /// `claims:` — seed 001's figures, each optional (the defaults are the seed's).
    static func parseSeed001Claims(_ cursor: YAMLCursor) throws(ScenarioError) -> Seed001Claims {
        let fields = try cursor.mapping(ScenarioSchema.seed001Claims)
        var claims = Seed001Claims()
        if let value = fields["mappers"] { claims.mappers = try value.int(atLeast: 1) }
        if let value = fields["reducers"] { claims.reducers = try value.int(atLeast: 1) }
        if let value = fields["events_per_second_per_mapper"] { claims.eventsPerSecondPerMapper = try value.positive() }
        if let value = fields["events_per_second_with_mappers"] { claims.eventsPerSecondWithMappers = try value.positive() }
        if let value = fields["linear_up_to"] { claims.linearUpTo = try value.int(atLeast: 1) }
        if let value = fields["map_task"] {
            let task = try value.mapping(ScenarioSchema.claimedMapTask)
            claims.mapTaskEvents = try task.required("events").int(atLeast: 1)
            claims.mapTaskTime = try task.required("time").positiveDuration()
        }
        if let value = fields["recovery"] { claims.recoverySeconds = try secondsRange(value) }
        if let value = fields["combiner_reduction"] { claims.combinerReduction = try value.probability() }
        if let value = fields["end_to_end"] {
            let job = try value.mapping(ScenarioSchema.claimedJob)
            claims.endToEndEvents = try job.required("events").int(atLeast: 1)
            claims.endToEndSeconds = try secondsRange(value, fields: job)
        }
        if let value = fields["tolerance"] { claims.tolerance = try value.probability() }
        return claims
    }

    /// `{min: 5s, max: 15s}` as seconds.
    private static func secondsRange(_ cursor: YAMLCursor, fields: YAMLMapping? = nil) throws(ScenarioError) -> ClosedRange<Double> {
        let range: YAMLMapping
        if let fields { range = fields } else { range = try cursor.mapping(ScenarioSchema.durationRange) }
        let low = try range.required("min").seconds()
        let highCursor = try range.required("max")
        let high = try highCursor.seconds()
        guard high >= low else { throw highCursor.error(.invalidValue("max must not be below min")) }
        return low...high
    }
}
