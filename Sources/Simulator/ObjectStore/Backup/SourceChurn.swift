/// How a simulated application's data changes over time: a seeded stream of file creations,
/// modifications and deletions over a ``SourceDirectory``.
public struct SourceChurn: Sendable, Equatable {
    /// Files the directory starts with.
    public var initialFiles: Int
    /// Size of a file's contents in bytes (sampled values are rounded; never negative).
    public var fileSize: Distribution
    /// Subdirectories files are spread over (`data/dir-00/` …).
    public var directories: Int
    /// How often a round of changes happens.
    public var interval: Duration
    /// Changes in one round.
    public var changesPerRound: Int
    /// Relative weights of creating, modifying, deleting and rewriting a file (writing the bytes
    /// it already holds, as an application regenerating a file does) in each change.
    public var createWeight: Double
    /// See ``createWeight``.
    public var modifyWeight: Double
    /// See ``createWeight``.
    public var deleteWeight: Double
    /// See ``createWeight``.
    public var rewriteWeight: Double

    /// Creates a churn model; by default 200 files of about 4 KiB in 8 directories, and every
    /// 5 minutes 3 changes, mostly modifications, none of them rewrites.
    public init(initialFiles: Int = 200, fileSize: Distribution = .lognormal(median: 4096, sigma: 0.8), directories: Int = 8,
                interval: Duration = .seconds(300), changesPerRound: Int = 3,
                createWeight: Double = 0.25, modifyWeight: Double = 0.6, deleteWeight: Double = 0.15, rewriteWeight: Double = 0) {
        precondition(directories >= 1 && changesPerRound >= 0 && initialFiles >= 0, "counts are not negative")
        precondition(createWeight >= 0 && modifyWeight >= 0 && deleteWeight >= 0 && rewriteWeight >= 0
                     && createWeight + modifyWeight + deleteWeight + rewriteWeight > 0,
                     "weights are non-negative and not all zero")
        self.initialFiles = initialFiles
        self.fileSize = fileSize
        self.directories = directories
        self.interval = interval
        self.changesPerRound = changesPerRound
        self.createWeight = createWeight
        self.modifyWeight = modifyWeight
        self.deleteWeight = deleteWeight
        self.rewriteWeight = rewriteWeight
    }

    /// The directory at the start: ``initialFiles`` new files.
    public func initialSource(using random: inout SeededRandom) -> SourceDirectory {
        var source = SourceDirectory()
        for _ in 0..<initialFiles {
            let (path, bytes) = newFile(using: &random)
            source.write(bytes, to: path)
        }
        return source
    }

    /// One round of changes to `source`. A modification, deletion or rewrite of an empty
    /// directory creates a file instead. Only the churn's own files (under `data/`) change: other
    /// files of the directory (a job's output, say) are left as their writer left them.
    ///
    /// Each change draws its path among the churn's files as the changes before it left them, in
    /// byte order; a round costs its changes, not the directory (``SourceDirectory/Draft``).
    public func round(of source: SourceDirectory, using random: inout SeededRandom) -> [SourceChange] {
        var working = SourceDirectory.Draft(source, prefix: Self.dataPrefix)
        var changes: [SourceChange] = []
        let total = createWeight + modifyWeight + deleteWeight + rewriteWeight
        for _ in 0..<changesPerRound {
            let draw = random.nextUnitInterval() * total
            let files = working.count
            let change: SourceChange
            if draw < createWeight || files == 0 {
                let (path, bytes) = newFile(using: &random)
                change = .write(path: path, bytes: bytes)
            } else {
                let path = working.path(at: Int(random.next() % UInt64(files)))
                if draw < createWeight + modifyWeight {
                    change = .write(path: path, bytes: contents(using: &random))
                } else if draw < createWeight + modifyWeight + deleteWeight {
                    change = .remove(path: path)
                } else {
                    change = .write(path: path, bytes: working[path] ?? [])
                }
            }
            working.apply(change)
            changes.append(change)
        }
        return changes
    }

    /// Where the churn's files live. A path is the churn's when its bytes start with these, as a
    /// key is under an S3 prefix: `String.hasPrefix` compares grapheme by grapheme under canonical
    /// equivalence, so `data/` followed by a combining mark (`data/\u{301}x`, whose first grapheme
    /// after `data` is `/́`) was not under it though its bytes are.
    static let dataPrefix = "data/"

    private func newFile(using random: inout SeededRandom) -> (String, [UInt8]) {
        let directory = Int(random.next() % UInt64(directories))
        let name = String(random.next() >> 16, radix: 16)
        let path = Self.dataPrefix + "dir-\(directory < 10 ? "0" : "")\(directory)/f-\(name).bin"
        return (path, contents(using: &random))
    }

    private func contents(using random: inout SeededRandom) -> [UInt8] {
        // A wild distribution saturates at 64 MiB a file rather than asking for any memory at all.
        let size = Int(min(max(0, fileSize.sample(using: &random).rounded()), Double(1 << 26)))
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size + 8)
        while bytes.count < size {
            withUnsafeBytes(of: random.next().littleEndian) { bytes.append(contentsOf: $0) }
        }
        bytes.removeLast(bytes.count - size)
        return bytes
    }
}
