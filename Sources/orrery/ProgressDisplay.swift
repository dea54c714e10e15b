import Foundation
import Scenarios
import Synchronization

/// The progress line on stderr: shown only when stderr is a terminal, `--quiet` was not given
/// and the work has taken more than a second; redrawn four times a second with what the runs
/// report (virtual time reached, events, worlds done / total) and the time elapsed, and erased
/// before anything else is written to stderr and when the work ends. Never in a report file.
enum ProgressDisplay {
    /// How long work runs before its progress shows: a second, or `ORRERY_PROGRESS_DELAY`
    /// seconds when that is set (a number from 0 to 3,600: ``delayProblem(environment:)`` refuses
    /// any other value before a command runs). The tests set 0, so that whether a line shows does
    /// not depend on how fast the run is.
    static let delay: Duration = delay(environment: ProcessInfo.processInfo.environment)

    static func delay(environment: [String: String]) -> Duration {
        guard let text = environment["ORRERY_PROGRESS_DELAY"], let seconds = seconds(text) else { return .seconds(1) }
        return .milliseconds(Int64((seconds * 1_000).rounded()))
    }
    /// Why `ORRERY_PROGRESS_DELAY` is no delay, or nil when it is unset or one.
    static func delayProblem(environment: [String: String]) -> String? {
        guard let text = environment["ORRERY_PROGRESS_DELAY"] else { return nil }
        if seconds(text) != nil { return nil }
        return "ORRERY_PROGRESS_DELAY must be a number of seconds from 0 to 3,600, got \(String(reflecting: String(text.prefix(40))))"
    }

    /// `text` as seconds from 0 to 3,600, written as digits with at most one `.` among them
    /// (`0`, `0.5`, `2`): Swift's `Double(_:)` also took `0x10`, `0x1p3`, `+5`, `-0` and `1e3`.
    private static func seconds(_ text: String) -> Double? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.allSatisfy({ PlainDecimal.isPlain($0, signed: false) }), let seconds = Double(text), seconds <= 3_600 else { return nil }
        return seconds
    }

    static let redrawEvery: Duration = .milliseconds(250)

    /// Whether a line is on screen now; every write to stderr goes through this lock.
    private static let shown = Mutex(false)

    /// `body`, with its progress on stderr when that is a terminal and `quiet` is false.
    static func around<Result>(quiet: Bool, _ body: () throws -> Result) rethrows -> Result {
        guard !quiet, isatty(STDERR_FILENO) == 1 else { return try body() }
        let progress = RunProgress()
        let finished = DispatchSemaphore(value: 0)
        let stopped = DispatchSemaphore(value: 0)
        let start = ContinuousClock.now
        let thread = Thread {
            var wait = delay
            while finished.wait(timeout: .now() + .nanoseconds(Int(wait.components.seconds) * 1_000_000_000 + Int(wait.components.attoseconds / 1_000_000_000))) == .timedOut {
                wait = redrawEvery
                draw(line(progress.snapshot, elapsed: ContinuousClock.now - start))
            }
            erase()
            stopped.signal()
        }
        thread.start()
        defer {
            finished.signal()
            stopped.wait()
        }
        return try RunProgress.$current.withValue(progress) { try body() }
    }

    /// `virtual 12.500 s · 1,234,567 events · worlds 3/40 · 4.1 s elapsed`.
    static func line(_ snapshot: RunProgress.Snapshot, elapsed: Duration) -> String {
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let known = snapshot.text
        let took = "\(String(format: "%.1f", seconds)) s elapsed"
        return known.isEmpty ? took : "\(known) · \(took)"
    }

    /// Writes a message to stderr, erasing the progress line first, its control characters
    /// escaped (``TerminalText/visible(_:quoting:)``): a message quotes paths and values the user
    /// gave, and a path holding an escape sequence or a line feed must not drive the terminal or
    /// forge a line.
    static func standardError(_ message: String) {
        let text = TerminalText.visible(message)
        shown.withLock { isShown in
            FileHandleOutput.writeStandardError((isShown ? "\r\u{1B}[2K" : "") + text + "\n")
            isShown = false
        }
    }

    /// Writes a result line (`PASS name seed … digest …`) to stdout, erasing the progress line
    /// first. On a terminal stdout and stderr share the screen: a line printed while the progress
    /// line stood ran on after it (`… 2.3 s elapsedPASS …`) and the next redraw erased only the
    /// line below. Flushed under the lock, so that a redraw cannot come between the erase and it.
    /// Escaped as a message is (``TerminalText/visible(_:quoting:)``): it names the files written.
    static func standardOutput(_ line: String) {
        let line = TerminalText.visible(line)
        shown.withLock { isShown in
            if isShown { FileHandleOutput.writeStandardError("\r\u{1B}[2K") }
            isShown = false
            FileHandleOutput.writeStandardOutput(line + "\n")
        }
    }

    private static func draw(_ text: String) {
        shown.withLock { isShown in
            FileHandleOutput.writeStandardError("\r\u{1B}[2K\(text)")
            isShown = true
        }
    }

    private static func erase() {
        shown.withLock { isShown in
            if isShown { FileHandleOutput.writeStandardError("\r\u{1B}[2K") }
            isShown = false
        }
    }
}
