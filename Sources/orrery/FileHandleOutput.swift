import Foundation

/// Where error messages go.
enum FileHandleOutput {
    static func standardError(_ message: String) {
        ProgressDisplay.standardError(message)
    }
}
