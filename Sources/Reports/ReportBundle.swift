import Foundation

/// The set of files one experiment produces, written together under an output directory.
///
/// Everything that can be checked before touching the disk is checked first — every path is a
/// plain relative path, no two paths collide, and nothing in the way on disk (a directory where
/// a file should go, a file where a directory should go) — so a bad bundle writes nothing.
/// Each file is then written with ``AtomicFileWriter``, so no file is ever seen half-written.
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

    /// Writes every file under `directory`, each atomically, after validating the whole bundle.
    ///
    /// - Parameters:
    ///   - directory: the output directory; created if missing.
    ///   - synchronize: passed on to ``AtomicFileWriter``.
    /// - Returns: the URLs written, in bundle order.
    /// - Throws: ``ReportWriteError``. A validation error means nothing was written; a file-system
    ///   error during writing leaves the files before the failing one written and the rest untouched.
    @discardableResult
    public func write(to directory: URL, synchronize: Bool = false) throws(ReportWriteError) -> [URL] {
        try validate()
        try checkDisk(under: directory)
        var written: [URL] = []
        for file in files {
            let url = destination(of: file, under: directory)
            try AtomicFileWriter.write(file.contents, to: url, synchronize: synchronize)
            written.append(url)
        }
        return written
    }

    /// The absolute location of `file` below `directory`.
    func destination(of file: ReportFile, under directory: URL) -> URL {
        file.path.split(separator: "/").reduce(directory) { url, component in
            url.appendingPathComponent(String(component), isDirectory: false)
        }
    }
}
