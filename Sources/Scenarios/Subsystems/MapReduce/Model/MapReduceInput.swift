import Reports
import Simulator

/// The input of a MapReduce scenario: files read by the loader (any bytes), a seeded synthetic
/// log, or both — handed to the job as documents, or first published to a partitioned-log topic
/// the map tasks read, as seed 001's workers read Kafka.
public struct MapReduceInput: Sendable, Equatable {
    /// One input file, as read: the path as the scenario wrote it, and its bytes.
    public struct File: Sendable, Equatable {
        /// The path as written in the scenario (relative to the scenario file).
        public var name: String
        /// The file's bytes; invalid UTF-8 is fine, words are bytes.
        public var bytes: [UInt8]
        /// Where it was read from (`name` resolved against the scenario's directory), or nil for
        /// a file made in code: a path no output of the command may replace.
        public var path: String?

        /// Creates an input file.
        public init(name: String, bytes: [UInt8], path: String? = nil) {
            self.name = name
            self.bytes = bytes
            self.path = path
        }
    }

    /// The paths its files were read from.
    public var paths: [String] { files.compactMap(\.path) }

    /// Log lines written by ``MapReduce/SyntheticLogGenerator`` from a seed of their own, so
    /// that `--seed` replays other faults over the same data.
    public struct Synthetic: Sendable, Equatable {
        /// How much to generate.
        public enum Size: Sendable, Equatable {
            /// Exactly this many lines in all.
            case lines(Int)
            /// At least this many bytes in all (whole lines).
            case bytes(Int)
        }

        /// How much to generate.
        public var size: Size
        /// How many documents to spread it over (each its own run of the generator's lines).
        public var documents: Int
        /// The generator's seed.
        public var seed: UInt64

        /// Creates a synthetic input.
        public init(size: Size, documents: Int = 1, seed: UInt64 = 1) {
            self.size = size
            self.documents = documents
            self.seed = seed
        }
    }

    /// A partitioned-log topic the input is published to, one record per line, keyless (so
    /// line *i* lands in partition *i* mod *P*), before the job reads it.
    public struct LogTopic: Sendable, Equatable {
        /// The topic's name.
        public var topic: String
        /// Its number of partitions.
        public var partitions: Int
        /// At most this many records per map task.
        public var recordsPerSplit: Int
        /// The consumer group the job reads for, if any.
        public var group: String?

        /// Creates a log delivery.
        public init(topic: String, partitions: Int, recordsPerSplit: Int, group: String? = nil) {
            self.topic = topic
            self.partitions = partitions
            self.recordsPerSplit = recordsPerSplit
            self.group = group
        }
    }

    /// The files, in the scenario's order.
    public var files: [File]
    /// The synthetic log, if any.
    public var synthetic: Synthetic?
    /// Bytes per map task for document input (splits end at the next line end).
    public var splitSize: Int
    /// The topic to read through, or nil to hand the documents to the job directly.
    public var log: LogTopic?
    /// The documents and oracle outputs already computed, shared by copies (not part of equality).
    let memo = InputMemo()

    /// Creates an input.
    public init(files: [File] = [], synthetic: Synthetic? = nil, splitSize: Int = 64 * 1024, log: LogTopic? = nil) {
        self.files = files
        self.synthetic = synthetic
        self.splitSize = splitSize
        self.log = log
    }

    /// The documents: the files first (ids 0, 1, … in order, named by their paths), then the
    /// synthetic documents (named `synthetic-0`, …).
    public func documents() -> [MapReduce.Document] {
        memo.documents(for: source, build: buildDocuments)
    }

    private func buildDocuments() -> [MapReduce.Document] {
        var documents = files.enumerated().map { MapReduce.Document(id: UInt32($0.offset), name: $0.element.name, bytes: $0.element.bytes) }
        guard let synthetic else { return documents }
        var generator = MapReduce.SyntheticLogGenerator(seed: synthetic.seed)
        let count = max(synthetic.documents, 1)
        for index in 0..<count {
            let bytes: [UInt8]
            switch synthetic.size {
            case .lines(let lines):
                // The first `lines % count` documents take one line more.
                bytes = generator.lines(lines / count + (index < lines % count ? 1 : 0))
            case .bytes(let total):
                bytes = generator.bytes(atLeast: total / count + (index < total % count ? 1 : 0))
            }
            documents.append(MapReduce.Document(id: UInt32(files.count + index), name: "synthetic-\(index)", bytes: bytes))
        }
        return documents
    }

    public static func == (a: MapReduceInput, b: MapReduceInput) -> Bool {
        a.files == b.files && a.synthetic == b.synthetic && a.splitSize == b.splitSize && a.log == b.log
    }

    /// What the map functions see, in order: every line of every document — tagged with its
    /// document, or with the log partition it was published to. The sequential oracle reads this.
    public static func records(of documents: [MapReduce.Document], log: LogTopic?) -> [MapReduce.InputRecord] {
        let records = documents.flatMap(\.records)
        guard let log else { return records }
        return records.enumerated().map { MapReduce.InputRecord(document: UInt32($0.offset % log.partitions), line: $0.element.line) }
    }

    /// The job input for `documents`: the documents themselves, or the topic they are published to.
    func jobInput(_ documents: [MapReduce.Document]) -> MapReduce.JobInput {
        guard let log else { return .documents(documents, splitSize: splitSize) }
        return .log(topic: log.topic, group: log.group, recordsPerSplit: log.recordsPerSplit)
    }

    /// A one-line description for reports, in Markdown: ``2 files (`a.txt`, `b.txt`; 1,234 bytes) +
    /// synthetic log (40,000 lines, seed 1) via topic `app-logs` (4 partitions, 10,000 records
    /// per task)``; without files or a synthetic log (a world job reading a topic or a bucket),
    /// just `topic …` or `in splits of …`. Each name is a code span that shows it whole
    /// (``Swift/String/markdownCode``): a topic ``t`o`` in single backticks ended its span early.
    public var description: String {
        var parts: [String] = []
        if !files.isEmpty {
            let bytes = files.reduce(0) { $0 + $1.bytes.count }
            parts.append("\(files.count == 1 ? "1 file" : "\(files.count) files") (\(files.map(\.name.markdownCode).joined(separator: ", ")); \(NumberFormat.integer(bytes)) bytes)")
        }
        if let synthetic {
            let size: String
            switch synthetic.size {
            case .lines(let lines): size = NumberFormat.counted(lines, "line")
            case .bytes(let bytes): size = NumberFormat.counted(bytes, "byte")
            }
            parts.append("synthetic log (\(size), seed \(synthetic.seed)\(synthetic.documents > 1 ? ", \(synthetic.documents) documents" : ""))")
        }
        var text = parts.joined(separator: " + ")
        if let log {
            text += (text.isEmpty ? "" : " via ") + "topic \(log.topic.markdownCode) (\(NumberFormat.counted(log.partitions, "partition")), \(NumberFormat.counted(log.recordsPerSplit, "record")) per map task\(log.group.map { ", group \($0.markdownCode)" } ?? ""))"
        } else {
            text += (text.isEmpty ? "" : " ") + "in splits of \(NumberFormat.integer(splitSize)) bytes"
        }
        return text
    }
}
