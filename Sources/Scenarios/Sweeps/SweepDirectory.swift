import Foundation
import Reports

/// Where a sweep writes: `<out>/<name>/` for a whole sweep — `sweep.json`, `worlds.jsonl` and the
/// reports — and `<out>/<name>/shard-<i>-of-<n>/` for one shard, which holds only `sweep.json`
/// and `worlds.jsonl` until `orrery merge` makes the reports from all of them.
///
/// Worlds stream to `worlds.jsonl.partial` as they finish, one line each, so a sweep of any size
/// holds only its figures in memory; the file is renamed to `worlds.jsonl` together with the
/// reports and `sweep.json` when the last world is in, so a `worlds.jsonl` is never a cut-off
/// sweep and never sits beside another sweep's reports.
public final class SweepDirectory {
    /// The directory.
    public let url: URL
    /// The files the sweep reads, which nothing it writes may replace.
    private let inputs: [String]
    /// `worlds.jsonl.partial`, open for appending; -1 once closed.
    private var descriptor: Int32 = -1
    /// `worlds.jsonl.partial` as Ctrl-C, SIGTERM or SIGHUP removes it (``StagedTemporaries``)
    /// until it is renamed to `worlds.jsonl` or removed.
    private var tracked: StagedTemporaries.Tracked?
    /// The directories this sweep made for itself, outermost first: removed again, when empty,
    /// if the sweep gives up.
    private var createdDirectories: [String] = []
    /// ``createdDirectories`` as a signal removes them when empty (``StagedTemporaries``), until
    /// the sweep commits into them or removes them itself.
    private var trackedDirectories: StagedTemporaries.Tracked?
    private var buffer = ""
    /// The directory held from the first world to the commit (``FolderLock``): a second sweep
    /// of the same file into the same `--out` waits, then is refused, where it removed this
    /// one's `worlds.jsonl.partial` and the two left one's reports beside the other's worlds.
    private var lock: FolderLock?

    /// The directory of the sweep named `name` (of `shard`) under `out`.
    public static func path(out: String, name: String, shard: Shard?) -> String {
        let base = (out as NSString).appendingPathComponent(name)
        guard let shard else { return base }
        return (base as NSString).appendingPathComponent("shard-\(shard.index)-of-\(shard.count)")
    }

    /// The files a sweep writes in its directory: a shard's worlds and manifest, and for a whole
    /// sweep its reports too.
    public static func fileNames(sharded: Bool) -> [String] {
        ["worlds.jsonl", "worlds.jsonl.partial", "sweep.json"] + (sharded ? [] : SweepReport.fileNames)
    }

    /// Opens `path` for a new sweep's worlds: creates it, and starts `worlds.jsonl.partial`
    /// afresh — one left by a sweep that was killed is removed, not appended to.
    ///
    /// - Parameters:
    ///   - inputs: the files the sweep reads (its scenario file, a merge's shards), which
    ///   ``finish(manifest:report:)`` refuses to replace.
    ///   - patience: how long to wait for another writer of the directory (``FolderLock``).
    public init(path: String, protecting inputs: [String] = [], patience: Duration = FolderLock.patience) throws(ReportWriteError) {
        url = URL(fileURLWithPath: path, isDirectory: true)
        self.inputs = inputs
        createdDirectories = try AtomicFileWriter.createDirectories(url)
        trackedDirectories = StagedTemporaries.track(directories: createdDirectories)
        do { lock = try FolderLock(url.path, patience: patience) } catch {
            removeCreatedDirectories()
            throw error
        }
        let partial = partialPath
        // Unlinked first, so that a link left in its place is not followed and a killed sweep's
        // file does not linger beside the new one.
        if unlink(partial) != 0 && errno != ENOENT {
            let code = errno
            removeCreatedDirectories()
            throw .fileSystem(operation: "replace", path: partial, code: code)
        }
        tracked = StagedTemporaries.track(partial)
        descriptor = open(partial, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let code = errno
            forgetPartial()
            removeCreatedDirectories()
            throw .fileSystem(operation: "create", path: partial, code: code)
        }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        forgetPartial()
        forgetDirectories()
    }

    /// `worlds.jsonl.partial`.
    private var partialPath: String { url.appendingPathComponent("worlds.jsonl.partial").path }

    /// Appends one world's line.
    public func append(_ record: WorldRecord) throws(ReportWriteError) {
        buffer += record.jsonLine() + "\n"
        if buffer.utf8.count >= 1 << 16 { try flush() }
    }

    /// Writes the buffered lines, reporting the `errno` the write got (`ENOSPC` for a full disk).
    private func flush() throws(ReportWriteError) {
        guard descriptor >= 0, !buffer.isEmpty else { return }
        if let code = AtomicFileWriter.writeAll(Data(buffer.utf8), to: descriptor) {
            throw .fileSystem(operation: "write", path: partialPath, code: code)
        }
        buffer = ""
    }

    /// Completes `worlds.jsonl` and writes, for a whole sweep, `report`'s files and `manifest`,
    /// all or nothing.
    ///
    /// `worlds.jsonl.partial`, the reports and `sweep.json` are renamed into place together as one
    /// ``AtomicFileSet``, only once every one of them is completely written: a write that fails
    /// on the way (a full disk, an immutable file) removes what this sweep wrote and leaves the
    /// previous sweep's files in the directory exactly as they were. The directory is written
    /// whole (``AtomicFileSet/replaceWhole(_:)``): a file an earlier command left in it (a run's
    /// `summary.csv`, a whole sweep's reports in a shard's place) goes in the same commit, while
    /// the shards' folders below a whole sweep's directory, which hold a `sweep.json` of their
    /// own, and the files it reads (a merge's shards) stay.
    public func finish(manifest: SweepManifest, report: SweepReport?) throws(ReportWriteError) {
        var bundle = report?.bundle() ?? ReportBundle()
        bundle.add("sweep.json", manifest.json())
        let files = AtomicFileSet(protecting: inputs)
        do throws(ReportWriteError) {
            try flush()
            let code = close(descriptor) == 0 ? nil : errno
            descriptor = -1
            if let code { throw ReportWriteError.fileSystem(operation: "close", path: partialPath, code: code) }
            try files.adopt(temporary: URL(fileURLWithPath: partialPath), as: url.appendingPathComponent("worlds.jsonl"))
            try bundle.stage(into: files, under: url)
            files.replaceWhole(url)
            if let lock { files.holding(lock) }
            try files.commit()
            forgetPartial()
            forgetDirectories()
            lock = nil
        } catch {
            abandon()
            throw error
        }
    }

    /// Gives up: closes and removes `worlds.jsonl.partial`, and the directories this sweep made
    /// if they are empty, leaving whatever was there before.
    public func abandon() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        unlink(partialPath)
        forgetPartial()
        removeCreatedDirectories()
        lock = nil
    }

    /// Stops tracking `worlds.jsonl.partial`, renamed or removed.
    private func forgetPartial() {
        if let tracked { StagedTemporaries.forget(tracked) }
        tracked = nil
    }

    /// Stops tracking the directories made, committed into or removed.
    private func forgetDirectories() {
        if let trackedDirectories { StagedTemporaries.forget(trackedDirectories) }
        trackedDirectories = nil
    }

    private func removeCreatedDirectories() {
        forgetDirectories()
        for directory in createdDirectories.reversed() { rmdir(directory) }
        createdDirectories = []
    }
}
