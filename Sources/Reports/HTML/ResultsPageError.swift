/// Why `index.html` could not be made for a results directory. Every case is bad input: nothing
/// has been written when one is thrown.
public enum ResultsPageError: Error, Equatable, CustomStringConvertible {
    /// The directory does not exist.
    case missingDirectory(String)
    /// The path exists but is a file, not a directory.
    case notADirectory(String)
    /// The directory holds no `report.md` anywhere, so there is nothing to show.
    case noReports(String)
    /// A file or directory could not be read; `reason` says why.
    case unreadable(String, reason: String)

    /// A one-line explanation naming the path, suitable for the command line.
    public var description: String {
        switch self {
        case let .missingDirectory(path):
            "no such directory: \(path)"
        case let .notADirectory(path):
            "not a directory: \(path)"
        case let .noReports(path):
            "no report.md in \(path) or any folder below it: nothing to put on the page"
        case let .unreadable(path, reason):
            "cannot read \(path): \(reason)"
        }
    }
}
