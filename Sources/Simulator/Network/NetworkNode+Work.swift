extension Simulation {
    /// Spends `duration` of work by a process on `node`: a sleep that each pause of the node
    /// lengthens by as long as it froze the work (``NetworkNode/postponedEnd(ofWorkFrozenAt:now:)``),
    /// as a SIGSTOPped process does no work — a paused store's latency and transfers stand still
    /// and go on at the resume. The steps a server serves in keep the same clock by their timers
    /// (``ServerReplica``).
    func work(for duration: Duration, on node: NetworkNode) async {
        var frozenAt = node.frozenNanoseconds(at: now)
        await sleep(for: duration)
        while let postponed = node.postponedEnd(ofWorkFrozenAt: frozenAt, now: now) {
            frozenAt = postponed.frozenAt
            await sleep(until: postponed.end)
        }
    }
}
