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
/// A folder named with ``replaceWhole(_:)`` — a report folder — holds after the commit exactly
/// the files this set wrote into it: every other file in it (a report of another format or
/// command, a job's folder an earlier run had) is moved aside beside itself before the first
/// rename, put back if the commit fails, and removed once it succeeds, with the directories that
/// emptied. Left in place are the files the set protects (the command's inputs: a scenario file
/// kept in the folder, a merge's shards), a folder below that holds a report of its own
/// (`report.md`, `report.json` or `sweep.json`: a shard's `shard-1-of-2/`, another run's
/// `--out` folder) and that the set writes nothing into, links to directories, devices, pipes
/// and sockets, and the hidden `.orrery-…` files of writes under way. Nothing outside the folder
/// is removed.
///
/// A report folder is held (``lock(_:)``, a ``FolderLock``) from before its first file is staged
/// until the commit ends, so two writers of one folder take turns instead of mixing their files;
/// while it is held, the `.orrery-write-…` and `.orrery-keep-…` temporaries a killed writer left
/// in it are its own to remove, and the commit removes them. The renames are not interrupted by
/// SIGINT, SIGTERM or SIGHUP (``CommitSignals``), and such a signal at any other moment removes the
/// temporaries staged so far before it ends the process (``StagedTemporaries``); SIGKILL or a
/// power cut can still leave temporaries, or in the renames' milliseconds the folder part old,
/// part new, until the next write into it.
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
        /// The temporary as a signal removes it; nil for one the caller tracks (``adopt(temporary:as:)``).
        var tracked: StagedTemporaries.Tracked? = nil
        /// Where the file goes, symbolic links to an existing file resolved.
        var destination: String
        /// The destination as the caller named it, for messages.
        var named: String
        /// The bytes of a device's write.
        var deviceData: Data?
        /// The destination as named, its directory canonical but its last component not
        /// resolved (a link is this path): what a folder written whole keeps.
        var place: String = ""
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
    /// ``createdDirectories`` as a signal removes them when empty (``StagedTemporaries``), until
    /// the set is committed or discarded: a run stopped while staging leaves no empty report
    /// folder or `--trace` folder it made.
    private var trackedDirectories: [StagedTemporaries.Tracked] = []
    /// The folders written whole (``replaceWhole(_:)``), canonical.
    private var wholeFolders: [String] = []
    /// The directories emptied of stale files during a commit, removed (deepest first) once it
    /// succeeds.
    private var emptiedDirectories: [String] = []
    /// The folders held (``lock(_:)``) until the set is committed or discarded, and their
    /// canonical paths.
    private var locks: [FolderLock] = []
    private var lockedFolders: [String] = []
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
    /// the rest — or removed if the set is discarded. The caller keeps tracking it for signals
    /// (``StagedTemporaries``) until the set is committed or discarded.
    public func adopt(temporary: URL, as destination: URL) throws(ReportWriteError) {
        do {
            let target = try checkedDestination(destination)
            entries.append(Entry(temporary: temporary.path, destination: target, named: destination.path, place: Self.place(of: destination.path)))
        } catch {
            unlink(temporary.path)
            discard()
            throw error
        }
    }

    /// Holds `directory` (created if missing) until the set is committed or discarded, waiting for
    /// another writer of it to finish (``FolderLock``): call it before staging the folder's
    /// files, so that the temporaries found in it while it is held are known to be left over.
    ///
    /// - Throws: ``ReportWriteError/folderBusy(path:patience:)`` or a file-system error; the set
    ///   is then discarded.
    public func lock(_ directory: URL, patience: Duration = FolderLock.patience) throws(ReportWriteError) {
        let folder = FileIdentity.canonicalPath(directory.path)
        guard !lockedFolders.contains(folder) else { return }
        do throws(ReportWriteError) {
            try createDirectories(URL(fileURLWithPath: folder, isDirectory: true))
            locks.append(try FolderLock(folder, patience: patience))
            lockedFolders.append(folder)
        } catch {
            discard()
            throw error
        }
    }

    /// Counts `lock`, taken by the caller before anything was staged in its folder (a sweep's
    /// directory, held from its first world), as a hold of this set's (see ``lock(_:patience:)``).
    public func holding(_ lock: FolderLock) {
        let folder = FileIdentity.canonicalPath(lock.path)
        guard !lockedFolders.contains(folder) else { return }
        locks.append(lock)
        lockedFolders.append(folder)
    }

    /// Makes `directory` a folder the commit replaces whole: afterwards it holds the files this
    /// set staged in it and nothing else but what the type's description lists (protected
    /// inputs, folders of other reports, …). Removing the others is part of the commit, put back
    /// as the rest if it fails.
    public func replaceWhole(_ directory: URL) {
        let folder = FileIdentity.canonicalPath(directory.path)
        if !wholeFolders.contains(folder) { wholeFolders.append(folder) }
    }

    /// Puts every staged file in place, or none.
    ///
    /// - Parameter synchronize: whether to `fsync` each file and its directory before returning.
    /// - Throws: ``ReportWriteError/fileSystem(operation:path:code:)`` naming the first refused
    ///   step; every destination is then as it was before.
    public func commit(synchronize: Bool = false) throws(ReportWriteError) {
        precondition(!finished, "an AtomicFileSet is committed once")
        // SIGINT, SIGTERM and SIGHUP wait until every file is in place, or every one put back.
        CommitSignals.begin()
        defer { CommitSignals.end() }
        do {
            try commitOrThrow(synchronize: synchronize)
        } catch {
            discard()
            throw error
        }
        finished = true
        locks = []
    }

    /// Gives up: removes every temporary and the directories the set made (when empty), leaving
    /// every destination as it was.
    public func discard() {
        for entry in entries {
            if let temporary = entry.temporary { unlink(temporary) }
            if let tracked = entry.tracked { StagedTemporaries.forget(tracked) }
        }
        entries = []
        destinationsByIdentity = [:]
        destinationsByPath = [:]
        wholeFolders = []
        forgetDirectories()
        for directory in createdDirectories.reversed() { rmdir(directory) }
        createdDirectories = []
        finished = true
        locks = []
        lockedFolders = []
    }

    // MARK: Staging

    /// Creates `directory` and its missing parents, remembering (and tracking for signals) the
    /// ones made.
    private func createDirectories(_ directory: URL) throws(ReportWriteError) {
        let made = try AtomicFileWriter.createDirectories(directory)
        createdDirectories += made
        if let tracked = StagedTemporaries.track(directories: made) { trackedDirectories.append(tracked) }
    }

    private func forgetDirectories() {
        for tracked in trackedDirectories { StagedTemporaries.forget(tracked) }
        trackedDirectories = []
    }

    private func stageOrThrow(_ data: Data, at destination: URL) throws(ReportWriteError) -> URL? {
        let target = try checkedDestination(destination)
        if case .other = AtomicFileWriter.existingKind(of: target) {
            entries.append(Entry(temporary: nil, destination: target, named: destination.path, deviceData: data, place: Self.place(of: destination.path)))
            return nil
        }
        let directoryURL = URL(fileURLWithPath: target).deletingLastPathComponent()
        try createDirectories(directoryURL)
        // A random name keeps concurrent writers apart; O_EXCL turns the unlikely clash into an
        // error instead of two writers sharing one temporary file.
        let temporary = directoryURL.appendingPathComponent(".orrery-write-\(UUID().uuidString).tmp").path
        // Tracked before it exists: a signal from here on removes it (``CommitSignals``).
        let tracked = StagedTemporaries.track(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        // Failures name the destination, the file the user asked for, not the hidden temporary.
        guard descriptor >= 0 else {
            let code = errno
            StagedTemporaries.forget(tracked)
            throw .fileSystem(operation: "create", path: target, code: code)
        }
        var failure = AtomicFileWriter.writeAll(data, to: descriptor).map { ReportWriteError.fileSystem(operation: "write", path: target, code: $0) }
        if close(descriptor) != 0, failure == nil {
            failure = .fileSystem(operation: "write", path: target, code: errno)
        }
        if let failure {
            unlink(temporary)
            StagedTemporaries.forget(tracked)
            throw failure
        }
        entries.append(Entry(temporary: temporary, tracked: tracked, destination: target, named: destination.path, place: Self.place(of: destination.path)))
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
        // The files of the folders written whole that this set does not write are moved aside
        // now too, after every kept file: a rename that fails puts them back with the rest.
        emptiedDirectories = []
        for stale in staleFiles(keptAs: Set(kept.compactMap(\.backup))) {
            do { kept.append(try Self.moveAside(stale)) } catch {
                Self.restore(kept, renamedCount: 0)
                emptiedDirectories = []
                throw error
            }
        }
        for (index, entry) in files.enumerated() {
            guard rename(entry.temporary!, entry.destination) == 0 else {
                let code = errno
                Self.restore(kept, renamedCount: index)
                emptiedDirectories = []
                throw .fileSystem(operation: "replace", path: entry.destination, code: code)
            }
        }
        for replaced in kept {
            if let backup = replaced.backup { unlink(backup) }
        }

        // Deepest first; one still holding something (a protected input) stays.
        for directory in emptiedDirectories.sorted(by: { $0.utf8.count > $1.utf8.count }) { rmdir(directory) }
        emptiedDirectories = []
        // The temporaries are now the destinations: nothing is left to remove.
        for entry in entries {
            if let tracked = entry.tracked { StagedTemporaries.forget(tracked) }
        }
        entries = []
        forgetDirectories()
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

    /// Moves the stale file at `path` aside under a hidden name beside it, to be removed when the
    /// commit succeeds or renamed back when it fails.
    private static func moveAside(_ path: String) throws(ReportWriteError) -> Replaced {
        let backup = URL(fileURLWithPath: path).deletingLastPathComponent()
            .appendingPathComponent(".orrery-keep-\(UUID().uuidString).tmp").path
        guard rename(path, backup) == 0 else { throw .fileSystem(operation: "remove", path: path, code: errno) }
        return Replaced(destination: path, backup: backup, movedAside: true)
    }

    /// What a folder written whole keeps, gathered once for a commit.
    private struct Keeping {
        /// The destinations (as named and as resolved) and temporaries of the set.
        var written: Set<String> = []
        /// Every directory above one of them.
        var directories: Set<String> = []
        /// The protected inputs: their identities, canonical paths and the paths they were named by.
        var identities: Set<FileIdentity> = []
        var paths: Set<String> = []

        /// Whether `path` is (or links to, or is another hard link of) a protected input.
        func isProtected(_ path: String) -> Bool {
            if paths.contains(path) { return true }
            if let identity = FileIdentity(path: path), identities.contains(identity) { return true }
            return paths.contains(FileIdentity.canonicalPath(path))
        }
    }

    /// Every file in the folders written whole that this set neither writes nor protects, in
    /// walking order; the directories below them that hold nothing else are noted in
    /// `emptiedDirectories`.
    private func staleFiles(keptAs backups: Set<String>) -> [String] {
        guard !wholeFolders.isEmpty else { return [] }
        var keeping = Keeping()
        keeping.written = backups
        for entry in entries {
            keeping.written.insert(entry.place)
            keeping.written.insert(entry.destination)
            if let temporary = entry.temporary { keeping.written.insert(temporary) }
        }
        for path in keeping.written {
            var directory = Self.parent(of: path)
            while directory.count > 1, keeping.directories.insert(directory).inserted { directory = Self.parent(of: directory) }
        }
        for input in protected {
            if let identity = input.identity { keeping.identities.insert(identity) }
            keeping.paths.insert(input.canonical)
            keeping.paths.insert(Self.place(of: input.path))
        }
        var stale: [String] = []
        for folder in wholeFolders {
            var status = stat()
            guard lstat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { continue }
            collectStale(in: folder, isTop: true, held: lockedFolders.contains(folder), keeping: keeping, into: &stale)
        }
        return stale
    }

    /// Adds the stale files below `directory` to `stale`, and the directories they alone fill to
    /// `emptiedDirectories`; returns whether everything in `directory` is stale.
    @discardableResult
    private func collectStale(in directory: String, isTop: Bool, held: Bool, keeping: Keeping, into stale: inout [String]) -> Bool {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return false }
        var emptied = true
        for name in names.sorted() {
            let path = directory + "/" + name
            // This write's own files, temporaries and kept files. Another's temporaries are
            // left alone unless the folder is held (``lock(_:patience:)``): then no other write
            // can be under way in it, and they are a killed writer's.
            if keeping.written.contains(path) || (name.hasPrefix(".orrery-") && !(held && Self.isTemporary(name))) {
                emptied = false
                continue
            }
            var status = stat()
            guard lstat(path, &status) == 0 else { emptied = false; continue }
            switch status.st_mode & S_IFMT {
            case S_IFDIR:
                if !keeping.directories.contains(path), Self.holdsReport(path) {
                    emptied = false
                } else if !collectStale(in: path, isTop: false, held: held, keeping: keeping, into: &stale) {
                    emptied = false
                }
            case S_IFREG, S_IFLNK:
                var target = stat()
                let linksToDirectory = status.st_mode & S_IFMT == S_IFLNK && stat(path, &target) == 0 && target.st_mode & S_IFMT == S_IFDIR
                if linksToDirectory || keeping.isProtected(path) {
                    emptied = false
                } else {
                    stale.append(path)
                }
            default:
                emptied = false
            }
        }
        if emptied, !isTop, !keeping.directories.contains(directory) { emptiedDirectories.append(directory) }
        return emptied
    }

    /// Whether `name` is a temporary file of an ``AtomicFileSet``: one staged, or one kept.
    private static func isTemporary(_ name: String) -> Bool {
        name.hasSuffix(".tmp") && (name.hasPrefix(".orrery-write-") || name.hasPrefix(".orrery-keep-"))
    }

    /// Whether the directory at `path` holds a report of its own.
    private static func holdsReport(_ path: String) -> Bool {
        ["report.md", "report.json", "sweep.json"].contains { name in
            var status = stat()
            return lstat(path + "/" + name, &status) == 0
        }
    }

    /// `path` with its directory canonical and its last component as it is: where the entry of
    /// that name is, a link there not followed.
    private static func place(of path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        let directory = FileIdentity.canonicalPath(parent(of: absolute))
        let name = absolute.split(separator: "/").last.map(String.init) ?? ""
        return (directory.hasSuffix("/") ? directory : directory + "/") + name
    }

    /// An absolute path without its last component ("/" for one under the root).
    private static func parent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "/" }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
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
