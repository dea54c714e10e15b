import Foundation
import Reports
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Checks every output path of a command before anything is written: the report directory must
/// be a directory (or creatable), and so must each run's `<out>/<name>/`, whose main reports must
/// not be directories; a trace file must not be a directory nor lie under a file; no path may
/// be a link to nothing or too long for the system; two runs must not write the same report
/// directory; no output may be a file the command reads, nor a trace file lie where the reports'
/// directories go. A command that finds out only when it writes has run for nothing, and one that
/// writes several runs' reports would have written those before it.
public enum OutputPaths {
    /// The reports every run's directory holds, whatever else it writes.
    public static let reportFiles = ["report.md", "report.json"]

    /// What is wrong with `out`, a command's `--out` directory, as the option is read (its
    /// `validate()`): an empty path, which would write into the working directory. The one check
    /// of every command that takes `--out DIR` (run, sweep, merge, shrink, experiment), so that
    /// all refuse it alike — `Error: --out must name a directory`, exit 2.
    public static func outputDirectoryOptionProblem(_ out: String) -> String? {
        out.isEmpty ? "--out must name a directory" : nil
    }

    /// What is wrong with the paths, or nil when they are usable: `names` are the runs, each
    /// writing `<outputDirectory>/<name>/` with ``reportFiles`` in it; `files` are paths under
    /// `outputDirectory` the command writes besides; `inputs` are the files the command reads,
    /// which no output may be (see ``inputProblem(outputs:inputs:)``).
    public static func problem(outputDirectory: String, tracePath: String?, metricsPath: String? = nil,
                               names: [(name: String, file: String)], files: [String] = [], inputs: [String] = []) -> String? {
        if outputDirectory.isEmpty { return "--out must name a directory (got an empty path)" }
        if let blocker = fileBlocking(outputDirectory, asDirectory: true) { return "--out '\(outputDirectory)': \(blocker)" }
        let under = outputDirectory.hasSuffix("/") ? outputDirectory : outputDirectory + "/"
        for (name, _) in names {
            let directory = under + name
            if let blocker = fileBlocking(directory, asDirectory: true) { return "'\(directory)': \(blocker)" }
            for report in reportFiles {
                if let blocker = fileBlocking(directory + "/" + report, asDirectory: false) { return "'\(directory)/\(report)': \(blocker)" }
            }
        }
        for file in files {
            if let blocker = fileBlocking(under + file, asDirectory: false) { return "'\(under + file)': \(blocker)" }
        }
        // A trace or metrics file inside a run's report directory would overwrite its reports,
        // or be overwritten by them; one at the output directory or above it would stand where
        // the reports' directories go, found only after the reports were written.
        for (option, path) in [("--trace", tracePath), ("--metrics", metricsPath)] {
            guard let path, !path.isEmpty else { continue }
            if let name = names.first(where: { FileIdentity.isInside(path, under + $0.name) })?.name {
                return "\(option) '\(path)' lies in '\(under + name)', where the run writes its reports; name a file outside it"
            }
            // An existing directory there is refused below as what it is.
            if FileIdentity(path: path) == nil, FileIdentity.isInside(outputDirectory, path) {
                return "\(option) '\(path)' is the --out directory '\(outputDirectory)' or a directory above it; name a file outside it"
            }
        }
        var outputs = names.flatMap { name in reportFiles.map { ("'\(under + name.name)/\($0)'", under + name.name + "/" + $0) } }
        outputs += files.map { ("'\(under + $0)'", under + $0) }
        if let tracePath { outputs.append(("--trace '\(tracePath)'", tracePath)) }
        if let metricsPath { outputs.append(("--metrics '\(metricsPath)'", metricsPath)) }
        if let problem = inputProblem(outputs: outputs, inputs: inputs) { return problem }
        if let tracePath {
            if tracePath.isEmpty { return "--trace must name a file (got an empty path)" }
            if let blocker = fileBlocking(tracePath, asDirectory: false) { return "--trace '\(tracePath)': \(blocker)" }
        }
        if let metricsPath {
            if metricsPath.isEmpty { return "--metrics must name a file (got an empty path)" }
            if let tracePath, !tracePath.isEmpty, FileIdentity.same(metricsPath, tracePath) {
                return "--trace and --metrics name the same file '\(metricsPath)'"
            }
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

    /// What is wrong with `file` as a file a command writes (`option` names it), or nil.
    public static func problem(file: String, option: String, inputs: [String] = []) -> String? {
        if file.isEmpty { return "\(option) must name a file (got an empty path)" }
        if let blocker = fileBlocking(file, asDirectory: false) { return "\(option) '\(file)': \(blocker)" }
        return inputProblem(outputs: [("\(option) '\(file)'", file)], inputs: inputs)
    }

    /// The first output that is the same file as an input, named both ways, or nil: `outputs`
    /// pairs each path with how to name it (`--trace 'x.yaml'`). Existing files are compared by
    /// device and inode, so a link or another spelling of the input is caught; a path with nothing
    /// there yet by its canonical path.
    public static func inputProblem(outputs: [(label: String, path: String)], inputs: [String]) -> String? {
        for (label, path) in outputs where !path.isEmpty {
            if let input = inputs.first(where: { !$0.isEmpty && FileIdentity.same(path, $0) }) {
                return "\(label) would overwrite the input file '\(input)'; name another path"
            }
        }
        return nil
    }

    /// Why `path` cannot be written as a directory (or a file), or nil. The directory that will
    /// hold it (the path itself for an existing report directory, else its nearest existing
    /// ancestor) must let a directory be made in it: `/proc`, a read-only mount or a directory
    /// without write permission is refused here, before a run, instead of after it.
    private static func fileBlocking(_ path: String, asDirectory: Bool) -> String? {
        if let tooLong = lengthProblem(path) { return tooLong }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            if asDirectory && !isDirectory.boolValue { return "is a file, not a directory" }
            if !asDirectory && isDirectory.boolValue { return "is a directory, not a file" }
            // A device or a pipe (`/dev/stdout`) is written into, not replaced: it must take writes.
            if !asDirectory, !isRegularFile(path) { return access(path, W_OK) == 0 ? nil : "cannot be written" }
            let holder = asDirectory ? path : parentDirectory(of: path)
            return canCreate(in: holder) ? nil : "cannot be written in '\(holder.isEmpty ? "." : holder)'"
        }
        if isLinkToNothing(path) { return "is a symbolic link to nothing (dangling, or a loop)" }
        var parent = parentDirectory(of: path)
        while !parent.isEmpty && parent != "/" {
            if FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory) { break }
            if isLinkToNothing(parent) { return "'\(parent)' is a symbolic link to nothing (dangling, or a loop)" }
            parent = parentDirectory(of: parent)
        }
        if !isDirectory.boolValue && !parent.isEmpty && parent != "/" { return "'\(parent)' is a file, so nothing can be written under it" }
        return canCreate(in: parent) ? nil : "nothing can be created under '\(parent.isEmpty ? "." : parent)'"
    }

    /// Why `path` is too long for the system — a component over `NAME_MAX` bytes, or the whole
    /// over `PATH_MAX` — or nil: found when writing, after the directories above it were made.
    private static func lengthProblem(_ path: String) -> String? {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        if absolute.utf8.count >= Int(PATH_MAX) { return "is too long (\(absolute.utf8.count) bytes as an absolute path, at most \(Int(PATH_MAX) - 1))" }
        if let long = path.split(separator: "/").first(where: { $0.utf8.count > Int(NAME_MAX) }) {
            return "has a name of \(long.utf8.count) bytes, at most \(Int(NAME_MAX)): '\(long.prefix(40))…'"
        }
        return nil
    }

    /// Whether `path` is a symbolic link that leads nowhere: to a missing file, or round a loop.
    private static func isLinkToNothing(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK && stat(path, &status) != 0
    }

    /// Whether `path`, with its links followed, is a regular file.
    private static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// Whether a directory can be made in `directory` ("" is the working directory): one is made
    /// and removed at once, under a name `mkdtemp` makes unique — a name per process let two
    /// checks at once in one directory (tests running in parallel) find each other's probe and
    /// report that nothing could be created there.
    private static func canCreate(in directory: String) -> Bool {
        let base = directory.isEmpty ? "." : directory
        var template = Array(((base.hasSuffix("/") ? base : base + "/") + ".orrery-write-check-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else { return false }
        rmdir(made)
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
