import Foundation
import Reports

/// Where a sweep writes: `<out>/<name>/` for a whole sweep — `sweep.json`, `worlds.jsonl` and the
/// reports — and `<out>/<name>/shard-<i>-of-<n>/` for one shard, which holds only `sweep.json`
/// and `worlds.jsonl` until `orrery merge` makes the reports from all of them.
///
/// Worlds stream to `worlds.jsonl.partial` as they finish, one line each, so a sweep of any size
/// holds only its figures in memory; the file is renamed to `worlds.jsonl` when the last world is
/// in, so a `worlds.jsonl` is never a cut-off sweep.
public final class SweepDirectory {
    /// The directory.
    public let url: URL
    private var handle: FileHandle?
    private var buffer = ""

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

    /// Opens `path` for a new sweep's worlds: creates it, and starts `worlds.jsonl.partial`.
    public init(path: String) throws(ReportWriteError) {
        url = URL(fileURLWithPath: path, isDirectory: true)
        let partial = url.appendingPathComponent("worlds.jsonl.partial")
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw .fileSystem(operation: "create", path: url.path, code: EEXIST)
        }
        guard FileManager.default.createFile(atPath: partial.path, contents: nil),
              let handle = try? FileHandle(forWritingTo: partial) else {
            throw .fileSystem(operation: "create", path: partial.path, code: EACCES)
        }
        self.handle = handle
    }

    /// Appends one world's line.
    public func append(_ record: WorldRecord) throws(ReportWriteError) {
        buffer += record.jsonLine() + "\n"
        if buffer.utf8.count >= 1 << 16 { try flush() }
    }

    private func flush() throws(ReportWriteError) {
        guard let handle, !buffer.isEmpty else { return }
        do { try handle.write(contentsOf: Data(buffer.utf8)) } catch {
            throw .fileSystem(operation: "write", path: url.appendingPathComponent("worlds.jsonl.partial").path, code: EIO)
        }
        buffer = ""
    }

    /// Completes `worlds.jsonl` and writes, for a whole sweep, `report`'s files, then `manifest`.
    ///
    /// `sweep.json` comes last: it is what makes a directory a sweep (`orrery merge` reads only
    /// directories that have one). A write that fails on the way (a full disk) removes what this
    /// sweep wrote — `worlds.jsonl` (or its `.partial`) and the reports — so that nothing half
    /// written is left, complete-looking or not.
    public func finish(manifest: SweepManifest, report: SweepReport?) throws(ReportWriteError) {
        let partial = url.appendingPathComponent("worlds.jsonl.partial").path
        let final = url.appendingPathComponent("worlds.jsonl").path
        var bundle = report?.bundle() ?? ReportBundle()
        bundle.add("sweep.json", manifest.json())
        var renamed = false
        do throws(ReportWriteError) {
            try flush()
            try? handle?.close()
            handle = nil
            guard rename(partial, final) == 0 else { throw ReportWriteError.fileSystem(operation: "replace", path: final, code: errno) }
            renamed = true
            try bundle.write(to: url)
        } catch {
            abandon()
            if renamed { unlink(final) }
            for file in bundle.files { unlink(url.appendingPathComponent(file.path).path) }
            throw error
        }
    }

    /// Gives up: closes and removes `worlds.jsonl.partial`, leaving whatever was there before.
    public func abandon() {
        try? handle?.close()
        handle = nil
        unlink(url.appendingPathComponent("worlds.jsonl.partial").path)
    }
}
