import Foundation
import Simulator
import Reports

/// Reads MapReduce scenario files (`orrery mapreduce`) as strictly as ``ScenarioLoader`` reads
/// the balancer's: every unknown key, wrong type, impossible value, unknown job, and every input
/// file that cannot be read or holds nothing is an error naming the file, line and column —
/// and it is found before anything runs or is written.
///
/// ```yaml
/// seed: 7
/// cluster: {workers: 4, map_slots: 1, shuffle: local_disk, policy: {speculation: true}}
/// job: {name: word-count, reducers: 2, combiner: true, reduce_slowstart: 0.05}
/// input: {files: [data/pride.txt], split_size: 16KiB}
/// faults:
///   - {at: 2s, crash: worker-1}
/// expect:
///   - output_exact == true
///   - makespan < 30s
/// ```
public enum MapReduceScenarioLoader {
    /// Loads the scenario at `path`, reading its input files relative to it.
    public static func load(path: String) throws(ScenarioError) -> MapReduceScenario {
        try scenario(from: ScenarioDocument.load(path: path))
    }

    /// Parses scenario `text`, reporting positions against `file` and reading input files
    /// relative to `file`'s directory.
    public static func parse(_ text: String, file: String) throws(ScenarioError) -> MapReduceScenario {
        try scenario(from: ScenarioDocument.parse(text, file: file))
    }

    /// The single-job scenario `document` describes.
    static func scenario(from document: ScenarioDocument) throws(ScenarioError) -> MapReduceScenario {
        let file = document.file
        let top = try document.sections(ScenarioSchema.singleJobFile)
        var cluster = try parseCluster(top.required("cluster"))
        if let chaos = top["attempt_chaos"] { cluster.attemptChaos = try parseAttemptChaos(chaos) }
        let nodes = MapReduceScenario.nodes(of: cluster)
        let (timeLimit, eventLimit) = try parseRun(top["run"])
        let scenario = MapReduceScenario(
            name: document.name, summary: document.summary, file: file, seed: document.seed ?? ScenarioSchema.defaultSeed,
            cluster: cluster, job: try parseJob(top.required("job")),
            input: try parseInput(top.required("input"), baseDirectory: directory(of: file)),
            faults: try top["faults"].map { cursor throws(ScenarioError) in try parseClusterFaults(cursor, nodes: nodes) } ?? [],
            chaos: try top["chaos"].map { cursor throws(ScenarioError) in try parseClusterChaos(cursor) },
            timeLimit: timeLimit, eventLimit: eventLimit,
            expectations: try top["expect"].map { cursor throws(ScenarioError) in try ScenarioLoader.parseExpectations(cursor, subsystems: [.mapreduce]) } ?? [])
        try checkBudget(of: scenario, in: top)
        return scenario
    }

    /// The directory relative input paths are resolved against: the scenario file's.
    static func directory(of file: String) -> String {
        let directory = OutputPaths.parentDirectory(of: file)
        return directory.isEmpty ? "." : directory
    }

    /// `run: {time_limit: 1h, max_events: N}`, both optional.
    static func parseRun(_ cursor: YAMLCursor?) throws(ScenarioError) -> (Duration, UInt64) {
        guard let cursor else { return (ScenarioSchema.defaultSingleJobTimeLimit, Scenario.Limits.defaultEventLimit) }
        let fields = try cursor.mapping(ScenarioSchema.singleJobRun)
        return (try fields["time_limit"]?.positiveDuration() ?? ScenarioSchema.defaultSingleJobTimeLimit,
                try fields["max_events"].map { cursor throws(ScenarioError) in UInt64(try cursor.int(in: ScenarioSchema.runMaxEvents)) } ?? Scenario.Limits.defaultEventLimit)
    }

    /// `job: {name: word-count, reducers: 2, combiner: true}`.
    static func parseJob(_ cursor: YAMLCursor) throws(ScenarioError) -> MapReduceScenario.JobSpec {
        try parseJob(cursor, fields: try cursor.mapping(ScenarioSchema.job))
    }

    /// The job's `name`, `reducers`, `combiner` and `reduce_slowstart` among `fields`.
    static func parseJob(_ cursor: YAMLCursor, fields: YAMLMapping) throws(ScenarioError) -> MapReduceScenario.JobSpec {
        let nameCursor = try fields.required("name")
        let name = try nameCursor.string()
        let job: any MapReduce.Job
        do {
            job = try MapReduce.JobCatalog.standard.job(named: name)
        } catch {
            let known = MapReduce.JobCatalog.standard.names
            let suggestion = Suggestion.closest(to: name, among: known).map { "; did you mean '\($0)'? " } ?? "; "
            throw nameCursor.error(.invalidValue("unknown job '\(name.excerpt)'\(suggestion)known jobs: \(known.joined(separator: ", "))"))
        }
        let reducersCursor = try fields.required("reducers")
        let reducers = try reducersCursor.int()
        guard reducers >= 1 else {
            throw reducersCursor.error(.invalidValue(MapReduce.SubmissionError.noReducers(reducers).description))
        }
        // Output parts are numbered part-00000 … part-99999; more reducers than that would also
        // allocate per-reducer state in the gigabytes before the run could refuse them.
        guard reducers <= ScenarioSchema.maximumReducers else {
            throw reducersCursor.error(.invalidValue("at most \(NumberFormat.integer(ScenarioSchema.maximumReducers)) reducers, got \(reducers)"))
        }
        return MapReduceScenario.JobSpec(job: job, reducers: reducers, combining: try fields["combiner"]?.bool() ?? ScenarioSchema.defaultCombiner,
                                         reduceSlowstart: try fields["reduce_slowstart"]?.double(in: MapReduce.ReduceSlowstart.shares)
                                             ?? MapReduce.ReduceSlowstart.afterEveryMap)
    }
}
