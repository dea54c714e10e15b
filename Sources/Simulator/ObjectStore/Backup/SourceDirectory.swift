/// The application data a ``BackupManager`` protects: relative paths mapped to bytes, as a
/// directory on a server's disk would be. A value: copying it is a snapshot (copy-on-write), and
/// two directories are equal exactly when they hold the same paths with the same bytes.
///
/// Paths are byte strings, as a Linux file name and the S3 key it becomes are: the precomposed
/// "é" and "e" + combining acute (NFC and NFD) name two files here, as they are two objects in
/// the bucket. (Keyed by Swift `String`, whose equality is canonical equivalence, they were one
/// file to the manager — the second write replaced the first — and two keys to S3.)
public struct SourceDirectory: Sendable, Equatable {
    /// One file's bytes with their MD5, computed once when the file is written.
    public struct File: Sendable, Equatable {
        /// The contents.
        public let bytes: [UInt8]
        /// The quoted hex MD5 of the contents: the ETag S3 gives them in a single-part PUT.
        public let eTag: String

        /// A file holding `bytes`.
        public init(_ bytes: [UInt8]) {
            self.bytes = bytes
            eTag = ObjectETag.md5(of: bytes).description
        }
    }

    /// The files by path, each path compared by its UTF-8 bytes (no Unicode normalisation).
    public struct Files: Sendable, Equatable {
        var byPath: [S3ObjectKey: File] = [:]

        /// The file at exactly `path`'s bytes, if there is one.
        public subscript(_ path: String) -> File? { byPath[S3ObjectKey(path)] }

        /// Number of files.
        public var count: Int { byPath.count }
    }

    /// Files by path. Iterate ``paths`` for a stable order.
    public private(set) var files = Files()
    /// Every path, in UTF-8 byte order (S3's listing order), kept sorted as files come and go.
    public private(set) var paths: [String] = []

    /// An empty directory.
    public init() {}

    /// A directory holding `contents`.
    public init(_ contents: [String: [UInt8]]) {
        for (path, bytes) in contents { write(bytes, to: path) }
    }

    /// The bytes at `path`, if the file exists.
    public subscript(path: String) -> [UInt8]? { files[path]?.bytes }

    /// Number of files.
    public var count: Int { files.count }

    /// Bytes in all files, kept as files come and go: summing every file was the whole
    /// directory at each sync (its source bytes) and each kept backup's size.
    public private(set) var totalBytes = 0

    /// Why `path` cannot name a file here, or nil. A path is non-empty and holds no line break
    /// (a backup manifest lists one path per line). Loaders ask this of every path a file makes
    /// reach a source (a backed-up job output prefix), so ``write(_:to:)`` never traps on one.
    public static func problem(withPath path: String) -> String? {
        if path.isEmpty { return "is not empty" }
        if path.utf8.contains(UInt8(ascii: "\n")) { return "holds no line break (a backup manifest lists one path per line)" }
        return nil
    }

    /// Creates or replaces the file at `path`, which ``problem(withPath:)`` accepts.
    public mutating func write(_ bytes: [UInt8], to path: String) {
        precondition(Self.problem(withPath: path) == nil, "a source path is non-empty and on one line")
        if let replaced = files.byPath.updateValue(File(bytes), forKey: S3ObjectKey(path)) {
            totalBytes -= replaced.bytes.count
        } else {
            paths.insert(path, at: position(of: path))
        }
        totalBytes += bytes.count
    }

    /// Removes the file at `path`, if there is one.
    public mutating func remove(_ path: String) {
        if let removed = files.byPath.removeValue(forKey: S3ObjectKey(path)) {
            paths.remove(at: position(of: path))
            totalBytes -= removed.bytes.count
        }
    }

    /// Applies one change.
    public mutating func apply(_ change: SourceChange) {
        switch change {
        case .write(let path, let bytes): write(bytes, to: path)
        case .remove(let path): remove(path)
        }
    }

    /// Where `path` is, or would be inserted, in ``paths`` (binary search, by UTF-8 bytes).
    func position(of path: String) -> Int {
        let key = S3ObjectKey(path)
        var low = 0, high = paths.count
        while low < high {
            let middle = (low + high) / 2
            if S3ObjectKey(paths[middle]) < key { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The indices in ``paths`` of the paths whose bytes start with `prefix`'s: neighbours in
    /// byte order, as the keys under an S3 prefix are in a listing, found by two binary searches
    /// rather than a filter of every path.
    func positions(underBytePrefix prefix: String) -> Range<Int> {
        let first = position(of: prefix)
        var low = first, high = paths.count
        while low < high {
            let middle = (low + high) / 2
            if S3ObjectKey(paths[middle]).hasBytePrefix(prefix) { low = middle + 1 } else { high = middle }
        }
        return first..<low
    }

    /// One MD5 over every path and its MD5, in path order: equal fingerprints mean equal
    /// directories (up to MD5 collisions), short enough for a report.
    public var fingerprint: String {
        var listing: [UInt8] = []
        for path in paths {
            listing += Array(path.utf8)
            listing.append(0)
            listing += Array(files[path]?.eTag.utf8 ?? "".utf8)
            listing.append(UInt8(ascii: "\n"))
        }
        return ObjectETag.md5(of: listing).unquoted
    }
}

/// One change to a ``SourceDirectory``.
public enum SourceChange: Sendable, Equatable {
    /// A file created or overwritten.
    case write(path: String, bytes: [UInt8])
    /// A file deleted.
    case remove(path: String)

    /// The path changed.
    public var path: String {
        switch self {
        case .write(let path, _), .remove(let path): path
        }
    }
}
