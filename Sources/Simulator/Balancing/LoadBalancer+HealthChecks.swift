extension LoadBalancer {
    /// Starts the active health checks, if configured: one check loop per server, each a daemon
    /// of the simulation, as HAProxy runs one check task per server (`src/check.c`).
    ///
    /// - The servers' first checks are spread over the interval of their initial state — the
    ///   interval, or `fastinter` if set and `fall` is above 1, since a server starts on trial
    ///   (``ActiveHealthCheck/interval(after:)``): the server at position `p` (0-based, in member
    ///   order) of `n` has its first check at now + `span × p / n`, as `start_check_task` sets
    ///   `t->expire = tick_add(now_ms, mininter * srvpos / nbcheck)` with `mininter` at least
    ///   the check's `srv_getinter` (one configuration per balancer, so it is that). With
    ///   `spread-checks`, each server's span gets its own jitter first, as `start_check_task` adds
    ///   one to `mininter`.
    /// - At most one check of a server is in flight: the next one starts an interval after the
    ///   previous one ended — its answer arrived or its timeout expired — as `process_chk` sets
    ///   `t->expire = tick_add(now_ms, srv_getinter(check) + rv)` once a check is done, the
    ///   interval chosen from the server's state after that check (`inter`, `fastinter` or
    ///   `downinter`), `rv` the jitter of `spread-checks`. So a server that stopped answering
    ///   fails a check every `interval + timeout` (`fastinter + timeout` after the first, if set).
    /// - Each result is applied (``recordCheck(_:passed:)``) the moment its check ends.
    /// - A server that joins later (`add`, `register`, a replacement) starts its loop at once; a
    ///   server removed from the balancer has its loop end; a crashed and restarted server is
    ///   the same member and keeps its loop. Its first check has no jitter (HAProxy starts a
    ///   dynamic server's with `start_check_task(check, 0, 1, 1)`, one interval later).
    /// - Jitter is drawn from a stream of the server's own (``checkRandom(for:)``): its first
    ///   draw for the start of its first check, then one per check, so what one server draws
    ///   does not depend on when the others' checks end. With `spread-checks` 0 nothing is drawn.
    ///
    /// Calling it again does nothing.
    public nonisolated func startHealthChecks() {
        guard configuration.healthCheck != nil else { return }
        let start = network.simulation.now
        network.simulation.spawn("health-checks.\(id.name)", daemon: true) { _ in
            await self.startCheckLoops(from: start)
        }
    }

    /// Starts a check loop for every member, their first checks spread from `start` (HAProxy's
    /// `start_checks`), and has members that join later start their own.
    private func startCheckLoops(from start: VirtualInstant) {
        guard let check = configuration.healthCheck, !healthChecksStarted else { return }
        healthChecksStarted = true
        let count = Int64(members.count)
        let initialInterval = check.interval(after: ActiveHealthCheck.State())
        for (position, member) in members.values.enumerated() {
            var random = checkRandom(for: member.replica)
            let span = check.jittered(initialInterval, random: &random)
            let offset = Duration.nanoseconds(span.nanoseconds * Int64(position) / count)
            runCheckLoop(for: member.replica, membership: member.stats, firstCheckAt: start.advanced(by: offset), random: random)
        }
    }

    /// Checks `replica` from `first` on, one check at a time, an interval after each one ends,
    /// for as long as the membership that `membership` (the stats object made when it joined)
    /// stands for lasts: a server removed, even one re-added under the same id, ends this loop.
    nonisolated func startCheckLoop(for replica: Replica, membership: UpstreamServerStats, firstCheckAt first: VirtualInstant) {
        runCheckLoop(for: replica, membership: membership, firstCheckAt: first, random: checkRandom(for: replica))
    }

    /// The stream `spread-checks` draws from for `replica`'s checks on this balancer.
    private nonisolated func checkRandom(for replica: Replica) -> SeededRandom {
        network.simulation.randomStream("balancer.\(id.name).health-check.\(replica.hostname)")
    }

    /// ``startCheckLoop(for:membership:firstCheckAt:)`` drawing its jitter from `random`.
    private nonisolated func runCheckLoop(for replica: Replica, membership: UpstreamServerStats, firstCheckAt first: VirtualInstant, random: SeededRandom) {
        guard let check = configuration.healthCheck else { return }
        let simulation = network.simulation
        simulation.spawn("health-check.\(replica.hostname)", daemon: true) { _ in
            var next = first, random = random
            while true {
                if simulation.now < next { guard await simulation.sleepUnlessTornDown(until: next) else { return } }
                guard await self.isMember(replica.id, membership) else { return }
                let passed = await self.probe(replica.server, path: check.path, timeout: check.timeout)
                guard let interval = await self.finishCheck(of: replica.id, membership: membership, passed: passed) else { return }
                next = simulation.now.advanced(by: check.jittered(interval, random: &random))
            }
        }
    }

    /// Whether server `serverID` is still the member whose stats object is `membership`.
    private func isMember(_ serverID: Int, _ membership: UpstreamServerStats) -> Bool {
        members[serverID]?.stats === membership
    }

    /// Applies a check's result if its server is still the same member; returns the interval
    /// to its next check, chosen from its state after this one (HAProxy's `srv_getinter`), or
    /// nil if it is no longer that member.
    private func finishCheck(of serverID: Int, membership: UpstreamServerStats, passed: Bool) -> Duration? {
        guard isMember(serverID, membership), let check = configuration.healthCheck else { return nil }
        recordCheck(serverID, passed: passed)
        return members[serverID].map { check.interval(after: $0.checks) }
    }

    private nonisolated func probe(_ server: ServerReplica, path: String, timeout: Duration) async -> Bool {
        let request = Request(id: 0, path: path, key: 0, client: id)
        let response = try? await network.call(from: id, to: server, timeout: timeout, request: request)
        return response?.isSuccess ?? false
    }

    /// Applies one check result to server `serverID`.
    func recordCheck(_ serverID: Int, passed: Bool) {
        guard let check = configuration.healthCheck, let index = members.index(forKey: serverID) else { return }
        let member = members.values[index]
        member.stats.healthChecks += 1
        if !passed { member.stats.failedHealthChecks += 1 }
        network.simulation.trace.record(.healthCheck, id.name, member.replica.hostname, value: passed ? 1 : 0)
        if member.deploymentPasses != nil { noteDeploymentCheck(at: index, passed: passed, rise: check.rise) }
        switch check.record(passed: passed, into: &members.values[index].checks) {
        case .markedDown?:
            log(.markedDown(.active), subject: member.replica.hostname)
        case .markedUp?:
            members.values[index].recoveredAt = network.simulation.now
            log(.markedUp(.active), subject: member.replica.hostname)
        case nil:
            break
        }
        if passed && members.values[index].checks.isUp { activeHealthCheckPassed(at: index) }
    }
}
