/// Envoy's outlier detection at the balancer: each forward's outcome counted against its server,
/// ejections and their end.
extension LoadBalancer {
    /// Counts a forward's outcome from member `serverID` (at `index`) in its outlier state and
    /// ejects the server when that outcome made it an outlier.
    func observeForOutlierDetection(_ outcome: ForwardOutcome, of serverID: Int, at index: Int) {
        guard let outlier = configuration.outlierDetection else { return }
        let now = network.simulation.now
        let ejected = members.values.indices.reduce(0) { $0 + (members.values[$1].outlier.isEjected(at: now) ? 1 : 0) }
        if let length = outlier.record(error: outcome.isError, into: &members.values[index].outlier, at: now, ejectedNow: ejected, total: members.count) {
            members.values[index].recoveredAt = now.advanced(by: length)
            log(.markedDown(.outlier), subject: members.values[index].replica.hostname)
            network.simulation.schedule(after: length) { [weak self] in
                self?.assumeIsolated { $0.ejectionEnded(serverID) }
            }
        }
    }

    /// An ejection's time is up: the server is back (if it is still a member and not re-ejected).
    private func ejectionEnded(_ serverID: Int) {
        guard let member = members[serverID], !member.outlier.isEjected(at: network.simulation.now) else { return }
        log(.markedUp(.outlier), subject: member.replica.hostname)
    }
}
