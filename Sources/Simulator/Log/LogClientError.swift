/// How a call from a log client (producer or consumer) to the ``PartitionedLog`` failed.
public enum LogClientError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The call did not get through or its answer did not come back (see ``NetworkError``); the
    /// operation may or may not have happened on the log.
    case network(NetworkError)
    /// The log answered with a refusal.
    case log(LogError)
    /// The client's own node crashed while it waited: whatever it was doing is forgotten.
    case crashed

    /// A one-line human-readable form.
    public var description: String {
        switch self {
        case .network(let error): return "log unreachable: \(error)"
        case .log(let error): return "log refused: \(error)"
        case .crashed: return "the client crashed while waiting for the log"
        }
    }

    /// What happened, in the words of a caller that gave the log `limit` to answer — a job's map
    /// task reading its split, or its client planning or committing: `the log did not answer
    /// within 1.000s`, `no route to the log (a network partition)`, `the log refused the
    /// connection (it was restarting)`, or the log's own refusal.
    public func explanation(within limit: Duration) -> String {
        switch self {
        case .network(let error): return error.explanation(of: "the log", within: limit)
        case .log(let error): return "the log refused: \(error)"
        case .crashed: return description
        }
    }
}

extension Network {
    /// Calls the log's node from `source` and unpacks the log's own refusal into the same error
    /// type as the network's. The caller is a process on `source`: while its node is paused it
    /// sends nothing and goes on only at the resume (``callAsProcess(from:to:timeout:_:)``), so a
    /// producer's send due in a pause leaves then.
    func callLog<Answer: Sendable>(
        from source: NodeID, log: PartitionedLog, timeout: Duration,
        _ body: @escaping @Sendable (isolated PartitionedLog) throws(LogError) -> Answer
    ) async throws(LogClientError) -> Answer {
        switch await callAsProcess(from: source, to: log.id, timeout: timeout, { await log.run(body) }) {
        case .success(let answer): return try answer.mapError { LogClientError.log($0) }.get()
        case .failure(let error): throw .network(error)
        }
    }
}

extension PartitionedLog {
    /// Runs `body` isolated to the log and captures its refusal as a value (it crosses the network).
    func run<Answer: Sendable>(_ body: @Sendable (isolated PartitionedLog) throws(LogError) -> Answer) -> Result<Answer, LogError> {
        do {
            return .success(try body(self))
        } catch {
            return .failure(error)
        }
    }
}
