import Foundation
import Synchronization

/// The two standard streams, written so that a stream that cannot take the bytes — closed
/// (`2>&-`), a full device (`>/dev/full`), a full disk — never crashes the command:
/// Foundation's `FileHandle.write(_:)` traps on a failed write, its throwing
/// `write(contentsOf:)` does not.
///
/// A message lost on stderr has nowhere else to go, and the exit status still says what
/// happened. Output lost on stdout (a result line, `orrery schema`'s text) is the command's
/// product: ``standardOutputFailure`` keeps the first failure, and the command exits 2 with a
/// message on stderr (``checkStandardOutput()``), as a report it cannot write does.
enum FileHandleOutput {
    /// Writes an error message to stderr (through ``ProgressDisplay``, which erases its line).
    static func standardError(_ message: String) {
        ProgressDisplay.standardError(message)
    }

    /// Writes `text` to stderr as it is; a stderr that cannot be written loses it.
    static func writeStandardError(_ text: String) {
        try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
    }

    /// Writes `text` to stdout as it is, unbuffered; a failure is kept for
    /// ``checkStandardOutput()``.
    static func writeStandardOutput(_ text: String) {
        do {
            try FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
        } catch {
            standardOutputFailure.withLock { failure in
                if failure == nil { failure = "standard output could not be written (\(reason(error)))" }
            }
        }
    }

    /// The first failed write to stdout, if any.
    static let standardOutputFailure = Mutex<String?>(nil)

    /// Exits 2 with a message when a write to stdout failed; returns otherwise.
    static func checkStandardOutput() {
        guard let failure = standardOutputFailure.withLock({ $0 }) else { return }
        standardError("error: \(failure)")
        Foundation.exit(ExitStatus.badInput.rawValue)
    }

    /// The system's words for a failed write (`No space left on device`).
    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
        return nsError.localizedDescription
    }
}
