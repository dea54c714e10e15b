import Reports
import Simulator

/// An operation scenario: explicit object-store requests in order, read from a YAML file, whose
/// answers are logged one JSON line each so that the semantics can be compared with any other S3
/// implementation (`orrery ops FILE`).
public struct OperationScenario: Sendable {
    /// One step of the file: a request, or a pause in virtual time.
    public struct Step: Sendable {
        /// What the step does.
        public enum Action: Sendable {
            /// Send the operation this closure builds from the results of earlier steps.
            case request(@Sendable (OperationResults) throws(OperationRunError) -> ObjectStoreOperation)
            /// Let virtual time pass (lifecycle rules count days).
            case wait(Duration)
        }

        /// The operation's name as written (`put`, `get`, `complete_multipart`, `wait`, …).
        public var name: String
        /// Where the step is in the file.
        public var line: Int
        /// See ``line``.
        public var column: Int
        /// The name later steps use to refer to this step's result (`as:`), if any.
        public var label: String?
        /// For an `upload_part` step, its part number (a completion that lists the step needs it).
        public var partNumber: Int?
        /// What to do.
        public var action: Action
    }

    /// The scenario's name (its output folder).
    public var name: String
    /// The file it came from.
    public var file: String
    /// Seed of the simulation (latency draws; the answers do not depend on it).
    public var seed: UInt64
    /// The steps, in order.
    public var steps: [Step]
}

/// The results of the labelled steps run so far, for resolving `$label` references.
public struct OperationResults: Sendable {
    /// A labelled step's result and the part number it uploaded, if it was a part.
    struct Entry: Sendable {
        let step: Int
        let name: String
        let result: ObjectStoreOperationResult
        let partNumber: Int?
    }

    var entries: [String: Entry] = [:]
}

/// Why an operation scenario could not run to its end.
public enum OperationRunError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A `$label` named a result that lacks the field wanted (the step failed, say).
    case unresolved(reference: String, field: String, definedBy: Int, status: Int)
    /// A request got no answer from the store.
    case noAnswer(NetworkError)
    /// The step was due at `at` while its client's node was down (crashed, not yet restarted):
    /// it was not sent.
    case clientDown(NodeID, at: VirtualInstant)

    public var description: String {
        switch self {
        case .unresolved(let reference, let field, let step, let status):
            "$\(reference) has no \(field): operation \(step) answered \(status)"
        case .noAnswer(let error):
            "the store did not answer: \(error)"
        case .clientDown(let client, let at):
            "not run: its client '\(client.name)' was down (crashed, not yet restarted) when it was due, at \(DurationFormat.seconds(at.seconds, grouping: true))"
        }
    }
}

/// A step that could not be run, with its place in the file.
public struct OperationStepFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// 1-based position among the steps.
    public var index: Int
    /// The step's operation.
    public var name: String
    /// Where the step is in the file.
    public var line: Int
    /// See ``line``.
    public var column: Int
    /// What went wrong.
    public var error: OperationRunError
    /// The answers of the steps before it, kept for the report.
    public var answered: [OperationOutcome] = []

    /// The failure as an error line of `file`: where the step is, which it is, and why.
    public func message(in file: String) -> String {
        "\(file):\(line):\(column): error: operation \(index) (\(name)): \(error)"
    }

    /// `file:line:column: operation …`: where the step is, in `file`, which it is, and why, as a
    /// report states it (``message(in:)`` is the error line, with `error:`).
    public func located(in file: String) -> String { "\(file):\(description)" }

    /// Where the step is, which it is, and why — not the answers before it (a sweep's record
    /// listed the failure's Swift value, every answer included, about 1 KB a step).
    public var description: String { "\(line):\(column): operation \(index) (\(name)): \(error)" }
}
