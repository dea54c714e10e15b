#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a report file could not be written.
public enum ReportWriteError: Error, Equatable, CustomStringConvertible {
    /// A bundle path that is not a plain relative path inside the output directory: empty,
    /// absolute, with an empty, `.` or `..` component, a backslash or a control character.
    /// Rejected before anything is written, because it would escape or confuse the output tree.
    case invalidPath(String, reason: String)

    /// Two bundle paths that cannot both exist: the same path (also when they differ only in
    /// letter case, which collides on macOS file systems), or one path that the other needs as
    /// a directory.
    case conflictingPaths(String, String)

    /// An output that is the same file as one the command reads (compared by device and inode,
    /// or by canonical path when the output does not exist yet): writing it would replace the
    /// command's own input. Refused before anything is written.
    case overwritesInput(output: String, input: String)

    /// The operating system refused a step. `operation` names the step ("create", "write",
    /// "rename", …), `path` the file it was applied to and `code` the `errno` it reported.
    case fileSystem(operation: String, path: String, code: Int32)

    /// Another writer — another process, or another thread of this one — held the report folder
    /// at `path` for longer than `patience` (``FolderLock``): a sweep writing there, or a process
    /// stopped while it wrote. Nothing was written.
    case folderBusy(path: String, patience: Duration)

    /// A one-line explanation naming the path, suitable for the command line.
    public var description: String {
        switch self {
        case let .invalidPath(path, reason):
            "invalid report path \"\(path)\": \(reason)"
        case let .conflictingPaths(first, second):
            "report paths \"\(first)\" and \"\(second)\" cannot both be written"
        case let .overwritesInput(output, input):
            "\"\(output)\" would overwrite the input file \"\(input)\"; name another path"
        case let .fileSystem(operation, path, code):
            "cannot \(operation) \"\(path)\": \(String(cString: strerror(code))) (errno \(code))"
        case let .folderBusy(path, patience):
            "another process is writing into \"\(path)\" and still was after \(DurationFormat.seconds(Double(patience.components.seconds))) of waiting; nothing was written: wait for it to end, or name another --out"
        }
    }
}
