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

extension Simulation {
    /// Waits while `node` is paused; returns false once the world is being torn down. A
    /// SIGSTOPped process runs nothing, its timers included: a timer of a process on `node` due
    /// during a pause — a loop's next round, a back-off, a check — fires at the resume, once,
    /// after what the pause held (the resume, scheduled when the pause began, runs first at that
    /// instant and hands over the deliveries and answers it held, in order). Returns at once when
    /// the node is not paused; a crash or restart during the pause ends the wait at the resume it
    /// replaced, and the caller's own check of the node's process says it is gone.
    ///
    /// What a call's waiter does after a call that ended during the pause (refused or
    /// unreachable: the network settles those at once) waits here too, so that its caller acts
    /// only once it runs again.
    func awaitResume(of node: NetworkNode) async -> Bool {
        while node.state == .paused {
            // At the resume instant itself the resume (set earlier) runs first.
            guard await sleepUnlessTornDown(until: max(node.pausedUntil ?? now, now)) else { return false }
        }
        return true
    }

    /// A timer of a process on `node`: lets `duration` pass, then waits out a pause of the node
    /// (``awaitResume(of:)``); false once the world is being torn down.
    func sleepUnlessTornDown(for duration: Duration, on node: NetworkNode) async -> Bool {
        guard await sleepUnlessTornDown(for: duration) else { return false }
        return await awaitResume(of: node)
    }

    /// ``sleepUnlessTornDown(for:on:)`` until `instant`.
    func sleepUnlessTornDown(until instant: VirtualInstant, on node: NetworkNode) async -> Bool {
        guard await sleepUnlessTornDown(until: instant) else { return false }
        return await awaitResume(of: node)
    }
}

extension Network {
    /// ``call(from:to:timeout:_:)`` made by a process on `source`, which is frozen while its node
    /// is paused: the request leaves once the process runs, and the caller goes on with the
    /// outcome once it runs again. The network holds what reaches a paused caller (an answer)
    /// and moves its deadline to the resume, but settles a refusal or an unreachable destination
    /// at once: without the second wait a paused broker, producer or consumer acted on those
    /// during its pause — a leader gave up an append, a loop started its next round.
    func callAsProcess<Answer: Sendable>(
        from source: NodeID, to destination: NodeID, timeout: Duration, _ body: @escaping @Sendable () async -> Answer
    ) async -> Result<Answer, NetworkError> {
        let caller = node(source)
        if let caller { _ = await simulation.awaitResume(of: caller) }
        let outcome: Result<Answer, NetworkError>
        do throws(NetworkError) {
            outcome = .success(try await call(from: source, to: destination, timeout: timeout, body))
        } catch {
            outcome = .failure(error)
        }
        if let caller { _ = await simulation.awaitResume(of: caller) }
        return outcome
    }
}
