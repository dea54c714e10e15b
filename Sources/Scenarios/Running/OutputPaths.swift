import Foundation

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
                return "'\(first)' and '\(file)' both write reports named '\(name)' under \(outputDirectory); give one of them another name"
            }
            seen[name] = file
        }
        return nil
    }

    /// Why `path` cannot be written as a directory (or a file), or nil.
    private static func fileBlocking(_ path: String, asDirectory: Bool) -> String? {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            if asDirectory && !isDirectory.boolValue { return "is a file, not a directory" }
            if !asDirectory && isDirectory.boolValue { return "is a directory, not a file" }
            return nil
        }
        var parent = parentDirectory(of: path)
        while !parent.isEmpty && parent != "/" {
            if FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory) {
                return isDirectory.boolValue ? nil : "'\(parent)' is a file, so nothing can be written under it"
            }
            parent = parentDirectory(of: parent)
        }
        return nil
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
