/// The network's side of calling a queue broker: ``QueueBroker/send(from:to:timeout:_:)`` runs a
/// body isolated to a broker on its node through this, so a refusal (``QueueError``) and a
/// network failure come back as one error type.
extension Network {
    /// Runs `body` isolated to `broker` on its node, reached from `source`; its refusal or the
    /// call's failure come back as a ``QueueError``. The caller is a process on `source`, frozen
    /// while its node is paused (``callAsProcess(from:to:timeout:_:)``).
    func callQueue<Answer: Sendable>(
        from source: NodeID, to broker: QueueBroker, timeout: Duration,
        _ body: @escaping @Sendable (isolated QueueBroker) throws(QueueError) -> Answer
    ) async -> Result<Answer, QueueError> {
        switch await callAsProcess(from: source, to: broker.id, timeout: timeout, { await broker.run(body) }) {
        case .success(let answer): return answer
        case .failure(let error): return .failure(.network(error))
        }
    }
}
