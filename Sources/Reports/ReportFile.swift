import Foundation

/// One file of a report: where it goes, relative to the output directory, and its bytes.
public struct ReportFile: Sendable, Equatable {
    /// The path below the output directory, `/`-separated, e.g. `"a1/requests.svg"`.
    public var path: String
    /// The complete file contents.
    public var contents: Data

    /// A file with the given raw contents.
    public init(path: String, data: Data) {
        self.path = path
        self.contents = data
    }

    /// A text file, stored as UTF-8.
    public init(path: String, contents: String) {
        self.init(path: path, data: Data(contents.utf8))
    }
}
