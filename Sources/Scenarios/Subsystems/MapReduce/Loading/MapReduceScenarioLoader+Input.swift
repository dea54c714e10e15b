import Foundation
import Reports
import Simulator

extension MapReduceScenarioLoader {
    /// `input:` — `files` (paths relative to the scenario file), `synthetic`, or both, with
    /// `split_size` for document input or `log` to read through a partitioned-log topic.
    /// Every file is read here, so a missing or unreadable input stops the run before it starts.
    /// An empty file is input like any other: as in Hadoop, it is one empty split, whose map task
    /// reads nothing — a job over empty files only succeeds with an empty output.
    static func parseInput(_ cursor: YAMLCursor, baseDirectory: String) throws(ScenarioError) -> MapReduceInput {
        let fields = try cursor.mapping(ScenarioSchema.input)
        var input = MapReduceInput()
        if let files = fields["files"] {
            let items = files.text != nil ? [files] : try files.list(atMost: ScenarioSchema.maximumListedNames, of: "input files")
            for item in items { input.files.append(try readInputFile(item, baseDirectory: baseDirectory)) }
        }
        if let synthetic = fields["synthetic"] { input.synthetic = try parseSynthetic(synthetic) }
        if let size = fields["split_size"] { input.splitSize = try size.positiveByteCount() }
        if let log = fields["log"] { input.log = try parseLogTopic(log) }
        guard !input.files.isEmpty || input.synthetic != nil else {
            throw cursor.error(.invalidValue("the input needs 'files', 'synthetic' or both"))
        }
        return input
    }

    /// Reads one input file named by `cursor`, relative to `baseDirectory` unless absolute.
    static func readInputFile(_ cursor: YAMLCursor, baseDirectory: String) throws(ScenarioError) -> MapReduceInput.File {
        let name = try cursor.string()
        let path = name.hasPrefix("/") ? name : (baseDirectory as NSString).appendingPathComponent(name)
        switch RegularFile.read(path, limit: RegularFile.inputLimit) {
        case .success(let bytes): return MapReduceInput.File(name: name, bytes: bytes, path: path)
        case .failure(let problem): throw cursor.error(.invalidValue("cannot read input file '\(name.excerpt)' (\(path)): \(problem)"))
        }
    }

    /// `synthetic: {lines: 40000, seed: 1, documents: 4}` or `{bytes: 10MB, …}`.
    static func parseSynthetic(_ cursor: YAMLCursor) throws(ScenarioError) -> MapReduceInput.Synthetic {
        let fields = try cursor.mapping(ScenarioSchema.synthetic)
        let size: MapReduceInput.Synthetic.Size
        switch (fields["lines"], fields["bytes"]) {
        case (let lines?, nil): size = .lines(try lines.int(in: ScenarioSchema.syntheticLines))
        case (nil, let bytes?): size = .bytes(try bytes.positiveByteCount())
        default: throw cursor.error(.invalidValue("a synthetic log names its size with exactly one of 'lines' and 'bytes'"))
        }
        return MapReduceInput.Synthetic(
            size: size, documents: try fields["documents"]?.int(in: ScenarioSchema.syntheticDocuments) ?? ScenarioSchema.defaultSyntheticDocuments,
            seed: try fields["seed"].map { cursor throws(ScenarioError) in try cursor.uint64() } ?? ScenarioSchema.defaultSyntheticSeed)
    }

    /// `log: {topic: app-logs, partitions: 4, records_per_split: 10000, group: batch}`.
    static func parseLogTopic(_ cursor: YAMLCursor) throws(ScenarioError) -> MapReduceInput.LogTopic {
        let fields = try cursor.mapping(ScenarioSchema.inputLogTopic)
        let topicCursor = try fields.required("topic")
        let topic = try topicCursor.string()
        guard !topic.isEmpty else { throw topicCursor.error(.invalidValue("a topic needs a name")) }
        guard topic.utf8.count <= ScenarioDocument.maximumNameLength else {
            throw topicCursor.error(.invalidValue("a topic's name has at most \(NumberFormat.integer(ScenarioDocument.maximumNameLength)) bytes, got \(NumberFormat.integer(topic.utf8.count))"))
        }
        return MapReduceInput.LogTopic(
            topic: topic, partitions: try fields["partitions"]?.int(in: ScenarioSchema.inputPartitions) ?? ScenarioSchema.defaultInputPartitions,
            recordsPerSplit: try fields.required("records_per_split").int(in: ScenarioSchema.inputRecordsPerSplit),
            group: try fields["group"]?.string())
    }
}
