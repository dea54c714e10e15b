import Simulator
import Reports

extension ScenarioLoader {
    /// The most jobs one world may submit.
    static let maximumJobs = 1_000

    /// Parses `mapreduce: {cluster, attempt_chaos, chaos, jobs}`.
    ///
    /// ```yaml
    /// mapreduce:
    ///   cluster: {workers: 4, shuffle: {shuffle_store: {ttl: 1h}}}
    ///   jobs:
    ///     - {id: counts, name: word-count, reducers: 2, input: {topic: app-logs, records_per_split: 1000},
    ///        submit_at: 30s, via: gateway, output: {bucket: results, backup: true}}
    /// ```
    static func parseMapReduceSection(_ cursor: YAMLCursor, baseDirectory: String) throws(ScenarioError) -> MapReduceSection {
        let fields = try cursor.mapping(ScenarioSchema.mapReduceSection)
        var cluster = try fields["cluster"].map { cursor throws(ScenarioError) in try MapReduceScenarioLoader.parseCluster(cursor) }
            ?? MapReduce.ClusterConfiguration()
        if let chaos = fields["attempt_chaos"] { cluster.attemptChaos = try MapReduceScenarioLoader.parseAttemptChaos(chaos) }
        let jobsCursor = try fields.required("jobs")
        let items = try jobsCursor.list()
        guard !items.isEmpty else { throw jobsCursor.error(.invalidValue("a mapreduce section needs at least one job")) }
        guard items.count <= maximumJobs else { throw jobsCursor.error(.invalidValue("at most \(NumberFormat.integer(maximumJobs)) jobs, got \(NumberFormat.integer(items.count))")) }
        var jobs: [MapReduceSection.Job] = []
        for (index, item) in items.enumerated() {
            let job = try parseMapReduceJob(item, index: index, baseDirectory: baseDirectory)
            // A job without an id is `job-N`, which an earlier job's id may have taken.
            try checkJobID(job.id, at: (try? item.mapping(ScenarioSchema.worldJob))?["id"] ?? item, earlier: jobs)
            jobs.append(job)
        }
        return MapReduceSection(
            cluster: cluster, jobs: jobs, faults: [],
            chaos: try fields["chaos"].map { cursor throws(ScenarioError) in try MapReduceScenarioLoader.parseClusterChaos(cursor) })
    }

    static func parseMapReduceJob(_ item: YAMLCursor, index: Int, baseDirectory: String) throws(ScenarioError) -> MapReduceSection.Job {
        let fields = try item.mapping(ScenarioSchema.worldJob)
        var spec = try MapReduceScenarioLoader.parseJob(item, fields: fields)
        let id = try fields["id"]?.name() ?? "job-\(index + 1)"
        if let problem = ScenarioDocument.problem(withName: id) {
            throw (fields["id"] ?? item).error(.invalidValue(problem.replacingOccurrences(of: "a scenario's name", with: "a job id")))
        }
        let inputCursor = try fields.required("input")
        let input: MapReduceSection.Input
        let inputFields = try inputCursor.mapping(ScenarioSchema.worldJobInput)
        if let topic = inputFields["topic"] {
            for key in ["files", "synthetic", "log", "objects", "split_size"] {
                if let other = inputFields[key] { throw other.error(.invalidValue("a job reads a topic or '\(key.excerpt)', not both")) }
            }
            input = .topic(name: try topic.string(), recordsPerSplit: try inputFields["records_per_split"]?.int(in: ScenarioSchema.inputRecordsPerSplit) ?? ScenarioSchema.defaultRecordsPerSplit,
                           group: try inputFields["group"]?.string())
        } else if let objects = inputFields["objects"] {
            for key in ["files", "synthetic", "log", "records_per_split", "group"] {
                if let other = inputFields[key] { throw other.error(.invalidValue("a job reads objects or '\(key.excerpt)', not both")) }
            }
            let objectFields = try objects.mapping(ScenarioSchema.inputObjects)
            let (bucket, prefix) = (try objectFields.required("bucket").string(), try objectFields["prefix"]?.string() ?? "")
            input = .objects(bucket: bucket, prefix: prefix, splitSize: try inputFields["split_size"]?.positiveByteCount() ?? ScenarioSchema.defaultSplitSize)
            spec.objectInput = (bucket, prefix)
        } else {
            for key in ["records_per_split", "group"] {
                if let other = inputFields[key] { throw other.error(.invalidValue("'\(key.excerpt)' applies to a job reading a topic")) }
            }
            input = .documents(try MapReduceScenarioLoader.parseInput(inputCursor, baseDirectory: baseDirectory))
        }
        var throughBalancer = false
        if let via = fields["via"] {
            switch try via.string() {
            case "balancer", "gateway": throughBalancer = true
            case "direct": throughBalancer = false
            case let other: throw via.error(.invalidValue("a job is submitted 'direct' or through the 'balancer' (or 'gateway'), not '\(other.excerpt)'"))
            }
        }
        var output = MapReduceSection.Output(bucket: nil, prefix: "results/\(id)/", toBackup: false)
        if let outputCursor = fields["output"] {
            let outputFields = try outputCursor.mapping(ScenarioSchema.jobOutput)
            output.bucket = try outputFields["bucket"]?.string()
            if let prefix = outputFields["prefix"] { output.prefix = try prefix.string() }
            output.toBackup = try outputFields["backup"]?.bool() ?? false
            if output.toBackup {
                try checkBackedUpPrefix(output.prefix, parts: spec.reducers, at: outputFields["prefix"] ?? outputCursor)
            }
        }
        return MapReduceSection.Job(id: id, spec: spec, input: input, submitAt: try fields["submit_at"]?.duration() ?? ScenarioSchema.defaultSubmitAt,
                                    throughBalancer: throughBalancer, output: output, line: item.line)
    }

    /// Checks the names sections give each other: topics jobs read, buckets outputs and inputs
    /// use, the balancer a job is submitted through, the store the backup writes to.
    static func checkCrossReferences(top: YAMLMapping, mapreduce: MapReduceSection?, log: LogSection?, store: StoreSection?,
                                     balancer: Scenario.Balancer?) throws(ScenarioError) {
        guard let mapreduce, let jobsCursor = try top["mapreduce"]?.mapping(ScenarioSchema.mapReduceSection)["jobs"] else { return }
        let items = try jobsCursor.list()
        for (job, item) in zip(mapreduce.jobs, items) {
            let fields = try item.mapping(ScenarioSchema.worldJob)
            let inputFields = try fields.required("input").openMapping()
            switch job.input {
            case .topic(let name, _, _):
                guard let log else { throw inputFields.cursor.error(.invalidValue("job '\(job.id)' reads topic '\(name.excerpt)', but this scenario has no log section")) }
                // By bytes, as a producer's topic is named (``parseLogSection(_:)``).
                guard log.topics.contains(where: { $0.name.utf8.elementsEqual(name.utf8) }) else {
                    let names = log.topics.map(\.name)
                    if let refusal = (inputFields["topic"] ?? item).unknownLookAlike(name, among: names, kind: "topic") { throw refusal }
                    throw (inputFields["topic"] ?? item).error(.invalidValue("unknown topic '\(name.excerpt)'" + (Suggestion.closest(to: name, among: names).map { "; did you mean '\($0)'?" } ?? "; the log has: \(names.joined(separator: ", "))")))
                }
            case .objects(let bucket, _, _):
                try checkBucket(bucket, store: store, at: inputFields["objects"] ?? item, use: "job '\(job.id)' reads from")
            case .documents:
                break
            }
            if let bucket = job.output.bucket {
                let outputFields = try fields.required("output").openMapping()
                try checkBucket(bucket, store: store, at: outputFields["bucket"] ?? item, use: "job '\(job.id)' writes to")
            }
            if job.throughBalancer, balancer == nil {
                throw (fields["via"] ?? item).error(.invalidValue("job '\(job.id)' is submitted through the balancer, but this scenario has none; add a 'balancer' or 'gateway' section with a server on mapreduce.coordinator"))
            }
        }
    }

    /// Checks that `bucket` is one of the store's buckets.
    static func checkBucket(_ bucket: String, store: StoreSection?, at cursor: YAMLCursor, use: String) throws(ScenarioError) {
        guard let store else { throw cursor.error(.invalidValue("\(use) bucket '\(bucket.excerpt)', but this scenario has no object_store section")) }
        // By bytes, as a producer's topic is named, and a look-alike refused naming what differs.
        guard store.buckets.contains(where: { $0.name.utf8.elementsEqual(bucket.utf8) }) else {
            let names = store.buckets.map(\.name)
            if let refusal = cursor.unknownLookAlike(bucket, among: names, kind: "bucket") { throw refusal }
            throw cursor.error(.invalidValue("unknown bucket '\(bucket.excerpt)'" + (Suggestion.closest(to: bucket, among: names).map { "; did you mean '\($0)'?" } ?? "; object_store.buckets has: \(names.joined(separator: ", "))")))
        }
    }
}
