import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes several files all or nothing: either every file gets its new contents, or every
/// destination is left exactly as it was (same bytes, same inode) and nothing new is left behind.
///
/// ``stage(_:at:)`` writes each file's bytes to a uniquely named temporary file beside its
/// destination (creating missing directories); ``commit(synchronize:)`` then renames every
/// temporary into place, first keeping a hard link to each file it replaces so that a rename
/// that fails part way (an immutable file, a full directory) can put every earlier file back. A
/// failure in either step removes the temporaries, the new files and the directories this set
/// made, and throws. A set that is neither committed nor discarded cleans up when released.
///
/// A destination that is a device, a pipe or a socket (`/dev/stdout`, `/dev/full`) cannot be
/// staged: it is written into at the start of the commit, before anything is renamed, so a
/// device that refuses the write leaves every file as it was. A device that took its bytes cannot
/// take them back if a later rename fails.
///
/// ```swift
/// let files = AtomicFileSet(protecting: ["small.yaml"])
/// try files.stage("# small\n", at: URL(fileURLWithPath: "results/small/report.md"))
/// try files.stage(trace, at: URL(fileURLWithPath: "small.trace.jsonl"))
/// try files.commit()
/// ```
public final class AtomicFileSet {
    /// One file to be written.
    private struct Entry {
        /// The temporary file holding the new bytes; nil for a device written in place.
        var temporary: String?
        /// Where the file goes, symbolic links to an existing file resolved.
        var destination: String
        /// The destination as the caller named it, for messages.
        var named: String
        /// The bytes of a device's write.
        var deviceData: Data?
    }

    /// A path and what identifies its file: device and inode when it exists, and its canonical
    /// path, either of which matching makes two paths one file.
    private struct Named {
        var path: String
        var identity: FileIdentity?
        var canonical: String

        init(_ path: String) {
            self.path = path
            identity = FileIdentity(path: path)
            canonical = FileIdentity.canonicalPath(path)
        }

        func isSameFile(as other: Named) -> Bool {
            if let identity, identity == other.identity { return true }
            return canonical == other.canonical
        }
    }

    /// One destination replaced during a commit, and how to put it back.
    private struct Replaced {
        var destination: String
        /// A hard link to (or the moved-aside) old file; nil when there was none.
        var backup: String?
        /// Whether the old file was moved aside rather than linked, so that it is missing until
        /// the rename or the rollback puts a file there.
        var movedAside: Bool
    }

    private let protected: [Named]
    private var entries: [Entry] = []
    /// The destinations staged so far, by identity and by canonical path, with the name each was
    /// given.
    private var destinationsByIdentity: [FileIdentity: String] = [:]
    private var destinationsByPath: [String: String] = [:]
    private var createdDirectories: [String] = []
    private var finished = false

    /// A set that refuses to write over any of `inputs` — the files the command reads.
    public init(protecting inputs: [String] = []) {
        protected = inputs.filter { !$0.isEmpty }.map(Named.init)
    }

    deinit {
        if !finished { discard() }
    }

    /// The temporaries staged so far, in order; for a caller that must read a staged file back
    /// before committing (a shrunk scenario is replayed from the bytes on disk).
    public var temporaries: [URL] {
        entries.compactMap { $0.temporary.map { URL(fileURLWithPath: $0) } }
    }

    /// Writes `data` to a temporary file beside `destination`.
    ///
    /// - Returns: the temporary file, or nil for a device that will be written into at commit.
    /// - Throws: ``ReportWriteError``: `overwritesInput` when `destination` is a protected input,
    ///   `conflictingPaths` when it is a file this set already writes, `fileSystem` for a step
    ///   the system refused. Any failure discards the whole set.
    @discardableResult
    public func stage(_ data: Data, at destination: URL) throws(ReportWriteError) -> URL? {
        do {
            return try stageOrThrow(data, at: destination)
        } catch {
            discard()
            throw error
        }
    }

    /// Writes `text` as UTF-8, as the `Data` overload does.
    @discardableResult
    public func stage(_ text: String, at destination: URL) throws(ReportWriteError) -> URL? {
        try stage(Data(text.utf8), at: destination)
    }

    /// Takes over `temporary`, a complete file the caller wrote itself (a sweep's streamed
    /// `worlds.jsonl.partial`) in `destination`'s directory, to be renamed to `destination` with
    /// the rest — or removed if the set is discarded.
    public func adopt(temporary: URL, as destination: URL) throws(ReportWriteError) {
        do {
            let target = try checkedDestination(destination)
            entries.append(Entry(temporary: temporary.path, destination: target, named: destination.path))
        } catch {
            unlink(temporary.path)
            discard()
            throw error
        }
    }

    /// Puts every staged file in place, or none.
    ///
    /// - Parameter synchronize: whether to `fsync` each file and its directory before returning.
    /// - Throws: ``ReportWriteError/fileSystem(operation:path:code:)`` naming the first refused
    ///   step; every destination is then as it was before.
    public func commit(synchronize: Bool = false) throws(ReportWriteError) {
        precondition(!finished, "an AtomicFileSet is committed once")
        do {
            try commitOrThrow(synchronize: synchronize)
        } catch {
            discard()
            throw error
        }
        finished = true
    }

    /// Gives up: removes every temporary and the directories the set made (when empty), leaving
    /// every destination as it was.
    public func discard() {
        for entry in entries {
            if let temporary = entry.temporary { unlink(temporary) }
        }
        entries = []
        destinationsByIdentity = [:]
        destinationsByPath = [:]
        for directory in createdDirectories.reversed() { rmdir(directory) }
        createdDirectories = []
        finished = true
    }

    // MARK: Staging

    private func stageOrThrow(_ data: Data, at destination: URL) throws(ReportWriteError) -> URL? {
        let target = try checkedDestination(destination)
        if case .other = AtomicFileWriter.existingKind(of: target) {
            entries.append(Entry(temporary: nil, destination: target, named: destination.path, deviceData: data))
            return nil
        }
        let directoryURL = URL(fileURLWithPath: target).deletingLastPathComponent()
        createdDirectories += try AtomicFileWriter.createDirectories(directoryURL)
        // A random name keeps concurrent writers apart; O_EXCL turns the unlikely clash into an
        // error instead of two writers sharing one temporary file.
        let temporary = directoryURL.appendingPathComponent(".orrery-write-\(UUID().uuidString).tmp").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        // Failures name the destination, the file the user asked for, not the hidden temporary.
        guard descriptor >= 0 else { throw .fileSystem(operation: "create", path: target, code: errno) }
        var failure = AtomicFileWriter.writeAll(data, to: descriptor).map { ReportWriteError.fileSystem(operation: "write", path: target, code: $0) }
        if close(descriptor) != 0, failure == nil {
            failure = .fileSystem(operation: "write", path: target, code: errno)
        }
        if let failure {
            unlink(temporary)
            throw failure
        }
        entries.append(Entry(temporary: temporary, destination: target, named: destination.path))
        return URL(fileURLWithPath: temporary)
    }

    /// Where `destination` really is — links to an existing file resolved, a new file's path made
    /// canonical (absolute, without `.` or `..`) — after checking that it is not a directory, not a
    /// protected input and not a file this set already writes.
    private func checkedDestination(_ destination: URL) throws(ReportWriteError) -> String {
        let target: String
        switch AtomicFileWriter.existingKind(of: destination.path) {
        case .regularFile(let resolved): target = resolved
        case .other: target = destination.path
        case nil: target = FileIdentity.canonicalPath(destination.path)
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: target, isDirectory: &isDirectory), isDirectory.boolValue {
            throw .fileSystem(operation: "replace", path: target, code: EISDIR)
        }
        let named = Named(target)
        if let input = protected.first(where: { named.isSameFile(as: $0) }) {
            throw .overwritesInput(output: destination.path, input: input.path)
        }
        if let earlier = named.identity.flatMap({ destinationsByIdentity[$0] }) ?? destinationsByPath[named.canonical] {
            throw .conflictingPaths(earlier, destination.path)
        }
        if let identity = named.identity { destinationsByIdentity[identity] = destination.path }
        destinationsByPath[named.canonical] = destination.path
        return target
    }

    // MARK: Committing

    private func commitOrThrow(synchronize: Bool) throws(ReportWriteError) {
        // Devices first: one that refuses its bytes (`/dev/full`) stops the commit before any
        // file is replaced.
        for entry in entries {
            if let data = entry.deviceData { try AtomicFileWriter.writeInPlace(data, to: entry.destination) }
        }
        let files = entries.filter { $0.temporary != nil }
        if synchronize {
            for entry in files { try Self.synchronizeFile(entry.temporary!) }
        }
        // Every old file is kept (as a second hard link) before the first rename, so that a
        // destination that cannot be kept — an immutable file — stops the commit while nothing
        // has changed yet.
        var kept: [Replaced] = []
        for entry in files {
            do { kept.append(try Self.keep(entry.destination)) } catch {
                Self.restore(kept, renamedCount: 0)
                throw error
            }
        }
        for (index, entry) in files.enumerated() {
            guard rename(entry.temporary!, entry.destination) == 0 else {
                let code = errno
                Self.restore(kept, renamedCount: index)
                throw .fileSystem(operation: "replace", path: entry.destination, code: code)
            }
        }
        for replaced in kept {
            if let backup = replaced.backup { unlink(backup) }
        }
        // The temporaries are now the destinations: nothing is left to remove.
        entries = []
        createdDirectories = []
        if synchronize {
            for directory in Set(files.map { URL(fileURLWithPath: $0.destination).deletingLastPathComponent().path }).sorted() {
                try AtomicFileWriter.synchronizeDirectory(directory)
            }
        }
    }

    /// Keeps the file at `destination`, if there is one, under a hidden name beside it: as a hard
    /// link when the file system allows, else moved aside.
    private static func keep(_ destination: String) throws(ReportWriteError) -> Replaced {
        var status = stat()
        guard lstat(destination, &status) == 0 else { return Replaced(destination: destination, backup: nil, movedAside: false) }
        guard status.st_mode & S_IFMT != S_IFDIR else { throw .fileSystem(operation: "replace", path: destination, code: EISDIR) }
        let backup = URL(fileURLWithPath: destination).deletingLastPathComponent()
            .appendingPathComponent(".orrery-keep-\(UUID().uuidString).tmp").path
        if link(destination, backup) == 0 { return Replaced(destination: destination, backup: backup, movedAside: false) }
        // A file system without hard links: the old file is moved aside, and moved back on failure.
        guard rename(destination, backup) == 0 else { throw .fileSystem(operation: "replace", path: destination, code: errno) }
        return Replaced(destination: destination, backup: backup, movedAside: true)
    }

    /// Puts every destination of `kept` back as it was, the first `renamedCount` of which were
    /// already replaced: an old file back from its kept link, a new file without an old one removed.
    private static func restore(_ kept: [Replaced], renamedCount: Int) {
        for (index, replaced) in kept.enumerated().reversed() {
            let renamed = index < renamedCount
            switch (replaced.backup, replaced.movedAside) {
            case (let backup?, true):
                rename(backup, replaced.destination)
            case (let backup?, false):
                // Renaming a link over another link to the same file does nothing: unlink instead.
                if renamed { rename(backup, replaced.destination) } else { unlink(backup) }
            case (nil, _):
                if renamed { unlink(replaced.destination) }
            }
        }
    }

    /// `fsync` of one staged file, so that the rename never exposes unwritten bytes after a crash.
    private static func synchronizeFile(_ path: String) throws(ReportWriteError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .fileSystem(operation: "synchronize", path: path, code: errno) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw .fileSystem(operation: "synchronize", path: path, code: errno) }
    }
}
