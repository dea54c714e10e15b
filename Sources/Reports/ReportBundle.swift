import Foundation

/// The set of files one experiment produces, written together under an output directory.
///
/// Everything that can be checked before touching the disk is checked first — every path is a
/// plain relative path, no two paths collide, and nothing in the way on disk (a directory where
/// a file should go, a file where a directory should go) — so a bad bundle writes nothing.
/// The files are then written as one ``AtomicFileSet``: every file to a temporary first, and only
/// when all are written are they renamed into place, so no file is ever seen half-written and a
/// failed write (a full disk, an immutable file) leaves the previous report exactly as it was.
///
/// The folders at the bundle's first level (`a1/` below) are its report folders, and each is
/// written whole (``AtomicFileSet/replaceWhole(_:)``): after the write it holds exactly this
/// bundle's files, so a report of another format or an earlier command (a run's `summary.csv`
/// beside a later `--format md` run's `report.md`) never survives beside it to be read with it.
/// What else is under the output directory — other reports' folders, `index.html`, a file at the
/// bundle's first level — is left alone.
///
/// ```swift
/// var bundle = ReportBundle()
/// bundle.add("a1/report.md", markdown)
/// bundle.add("a1/requests.csv", table.rendered())
/// bundle.add("a1/requests.svg", chart.svg())
/// try bundle.write(to: URL(fileURLWithPath: "results"))
/// ```
public struct ReportBundle: Sendable, Equatable {
    /// The files in the order they will be written.
    public private(set) var files: [ReportFile]

    /// Creates a bundle holding `files`.
    public init(_ files: [ReportFile] = []) {
        self.files = files
    }

    /// Adds a text file at `path`, relative to the output directory.
    public mutating func add(_ path: String, _ contents: String) {
        files.append(ReportFile(path: path, contents: contents))
    }

    /// Adds a file with raw contents at `path`, relative to the output directory.
    public mutating func add(_ path: String, data: Data) {
        files.append(ReportFile(path: path, data: data))
    }

    /// Writes every file under `directory`, all or nothing, after validating the whole bundle.
    ///
    /// - Parameters:
    ///   - directory: the output directory; created if missing.
    ///   - synchronize: passed on to ``AtomicFileSet/commit(synchronize:)``.
    ///   - inputs: files the command reads, which no file of the bundle may replace.
    /// - Returns: the URLs written, in bundle order.
    /// - Throws: ``ReportWriteError``. Whatever the error, nothing was written: the files that were
    ///   there before are left exactly as they were.
    @discardableResult
    public func write(to directory: URL, synchronize: Bool = false, protecting inputs: [String] = []) throws(ReportWriteError) -> [URL] {
        let set = AtomicFileSet(protecting: inputs)
        let written = try stage(into: set, under: directory)
        try set.commit(synchronize: synchronize)
        return written
    }

    /// Validates the bundle and stages every file under `directory` in `set`, to be committed
    /// with whatever else the command writes (a run's trace), each of its ``reportFolders``
    /// replaced whole.
    ///
    /// - Returns: the URLs the files will have, in bundle order.
    /// - Throws: ``ReportWriteError``; `set` is then discarded.
    @discardableResult
    public func stage(into set: AtomicFileSet, under directory: URL) throws(ReportWriteError) -> [URL] {
        do {
            try validate()
            try checkDisk(under: directory)
        } catch {
            set.discard()
            throw error
        }
        // Held before anything is staged in them: another writer of the same folder finishes first.
        for folder in reportFolders {
            try set.lock(directory.appendingPathComponent(folder, isDirectory: true))
        }
        var staged: [URL] = []
        for file in files {
            let url = destination(of: file, under: directory)
            try set.stage(file.contents, at: url)
            staged.append(url)
        }
        for folder in reportFolders {
            set.replaceWhole(directory.appendingPathComponent(folder, isDirectory: true))
        }
        return staged
    }

    /// The first components of the bundle's paths that are folders (`a1` of `a1/report.md`), in
    /// order of first appearance: the report folders the bundle writes whole.
    public var reportFolders: [String] {
        var folders: [String] = []
        for file in files {
            let components = file.path.split(separator: "/")
            guard components.count > 1 else { continue }
            let folder = String(components[0])
            if !folders.contains(folder) { folders.append(folder) }
        }
        return folders
    }

    /// The bundle with its report folder `folder` renamed `name` (`a1/report.md` becomes
    /// `a1-small/report.md`): an experiment file named otherwise than its experiment.
    public func renamingFolder(_ folder: String, to name: String) -> ReportBundle {
        ReportBundle(files.map { file in
            guard file.path.hasPrefix(folder + "/") else { return file }
            var renamed = file
            renamed.path = name + file.path.dropFirst(folder.count)
            return renamed
        })
    }

    /// The absolute location of `file` below `directory`.
    func destination(of file: ReportFile, under directory: URL) -> URL {
        file.path.split(separator: "/").reduce(directory) { url, component in
            url.appendingPathComponent(String(component), isDirectory: false)
        }
    }
}
