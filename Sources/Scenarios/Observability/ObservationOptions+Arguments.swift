import Simulator
import Yams

extension ObservationOptions {
    /// A duration typed on the command line (`250ms`, `10s`, `2h`), read by the scenario
    /// language's own rules; the error says what is wrong. A bare number of seconds with a
    /// leading zero (`--metrics-interval 017`, `--trace-window 010..20s`) is refused, as the
    /// language refuses it, but in the command line's words, as every other number typed there
    /// (``PlainDecimal/leadingZeroProblem(_:)``: shell arithmetic reads `017` as 15), not the
    /// language's, which speak of the YAML readers a file is read by.
    public static func duration(parsing text: String, option: String) throws(ObservationArgumentError) -> Duration {
        if let leadingZero = PlainDecimal.leadingZeroProblem(text) { throw ObservationArgumentError("\(option): \(leadingZero)") }
        let cursor = YAMLCursor(node: .scalar(Node.Scalar(text)), file: option, path: "")
        do { return try cursor.duration() } catch { throw ObservationArgumentError("\(option): \(error.message)") }
    }

    /// `FROM..TO`, two durations from the start of the run, FROM below TO.
    ///
    /// Three dots or more in a row are refused: `0s...1s` split as `0s` and `.1s` (a duration may
    /// start with `.`), a window of 0.1 s where 1 s was likely meant.
    public static func window(parsing text: String) throws(ObservationArgumentError) -> ClosedRange<VirtualInstant> {
        guard !text.contains("...") else {
            throw ObservationArgumentError("--trace-window takes FROM..TO with two dots between them, e.g. 10s..20s; '\(text.excerpt)' has three in a row, which could split two ways")
        }
        let parts = text.split(separator: "..", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw ObservationArgumentError("--trace-window takes FROM..TO, e.g. 10s..20s (got '\(text.excerpt)')") }
        let from = try duration(parsing: String(parts[0]), option: "--trace-window")
        let to = try duration(parsing: String(parts[1]), option: "--trace-window")
        guard from < to else { throw ObservationArgumentError("--trace-window: FROM must be before TO (got '\(text.excerpt)')") }
        return VirtualInstant.after(from)...VirtualInstant.after(to)
    }
}

/// What is wrong with an observation option typed on the command line.
public struct ObservationArgumentError: Error, CustomStringConvertible, Sendable {
    public let description: String

    init(_ description: String) { self.description = description }
}
