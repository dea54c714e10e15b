import Foundation

/// Where error messages go.
enum FileHandleOutput {
    static func standardError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
