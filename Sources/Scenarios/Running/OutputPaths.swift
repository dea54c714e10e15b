import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Checks every output path of a command before anything is written: the report directory must
/// be a directory (or creatable), a trace file must not be a directory nor lie under a file, and
/// two runs must not write the same report directory.
public enum OutputPaths {
    /// What is wrong with the paths, or nil when they are usable.
    public static func problem(outputDirectory: String, tracePath: String?, metricsPath: String? = nil,
                               names: [(name: String, file: String)]) -> String? {
        if outputDirectory.isEmpty { return "--out must name a directory (got an empty path)" }
        if let blocker = fileBlocking(outputDirectory, asDirectory: true) { return "--out '\(outputDirectory)': \(blocker)" }
        if let tracePath {
            if tracePath.isEmpty { return "--trace must name a file (got an empty path)" }
            if let blocker = fileBlocking(tracePath, asDirectory: false) { return "--trace '\(tracePath)': \(blocker)" }
        }
        if let metricsPath {
            if metricsPath.isEmpty { return "--metrics must name a file (got an empty path)" }
            if metricsPath == tracePath { return "--trace and --metrics name the same file '\(metricsPath)'" }
            if let blocker = fileBlocking(metricsPath, asDirectory: false) { return "--metrics '\(metricsPath)': \(blocker)" }
        }
        var seen: [String: String] = [:]
        for (name, file) in names {
            if let first = seen[name] {
                return "'\(first)' and '\(file)' both write reports named '\(name.excerpt)' under \(outputDirectory); give one of them another name"
            }
            seen[name] = file
        }
        return nil
    }

    /// Why `path` cannot be written as a directory (or a file), or nil. The directory that will
    /// hold it (the path itself for an existing report directory, else its nearest existing
    /// ancestor) must let a directory be made in it: `/proc`, a read-only mount or a directory
    /// without write permission is refused here, before a run, instead of after it.
    private static func fileBlocking(_ path: String, asDirectory: Bool) -> String? {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            if asDirectory && !isDirectory.boolValue { return "is a file, not a directory" }
            if !asDirectory && isDirectory.boolValue { return "is a directory, not a file" }
            // A device or a pipe (`/dev/stdout`) is written into, not replaced: it must take writes.
            if !asDirectory, !isRegularFile(path) { return access(path, W_OK) == 0 ? nil : "cannot be written" }
            let holder = asDirectory ? path : parentDirectory(of: path)
            return canCreate(in: holder) ? nil : "cannot be written in '\(holder.isEmpty ? "." : holder)'"
        }
        var parent = parentDirectory(of: path)
        while !parent.isEmpty && parent != "/" {
            if FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory) { break }
            parent = parentDirectory(of: parent)
        }
        if !isDirectory.boolValue && !parent.isEmpty && parent != "/" { return "'\(parent)' is a file, so nothing can be written under it" }
        return canCreate(in: parent) ? nil : "nothing can be created under '\(parent.isEmpty ? "." : parent)'"
    }

    /// Whether `path`, with its links followed, is a regular file.
    private static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// Whether a directory can be made in `directory` ("" is the working directory): one is made
    /// and removed at once.
    private static func canCreate(in directory: String) -> Bool {
        let base = directory.isEmpty ? "." : directory
        let probe = (base.hasSuffix("/") ? base : base + "/") + ".orrery-write-check-\(ProcessInfo.processInfo.processIdentifier)"
        guard (try? FileManager.default.createDirectory(atPath: probe, withIntermediateDirectories: false)) != nil else { return false }
        try? FileManager.default.removeItem(atPath: probe)
        return true
    }

    /// `path` without its last component: "" for a single relative component, "/" for one under
    /// the root. Written out because Foundation's `deletingLastPathComponent` traps on a
    /// one-character path (`--out a`) in this toolchain.
    static func parentDirectory(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }
}
