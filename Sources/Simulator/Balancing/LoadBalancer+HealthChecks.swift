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
    ///   one to `mininter`; with `max-spread-checks`, the span (jitter included) is then cut to it,
    ///   as `start_check_task` caps `mininter` at `global.max_spread_checks` before spreading.
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
    ///   draw for the start of its first check, then one per check (and one when the errors a
    ///   check observes move its next check, ``observeForHealthCheck(_:at:)``), so what one
    ///   server draws does not depend on when the others' checks end. With `spread-checks` 0
    ///   nothing is drawn.
    ///
    /// - The loops run in the balancer's process (``awaitOwnProcess(_:)``): a paused balancer's
    ///   checks are frozen with it, and a crashed one's end; its restart starts them again.
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
        guard configuration.healthCheck != nil, !healthChecksStarted else { return }
        healthChecksStarted = true
        // A restarted balancer is a new process, which starts its checks as at its start. The
        // network keeps the closure, so it holds neither the balancer nor the network itself
        // (a torn-down world must leave nothing alive: `WorldTearDownTests`).
        network.onRestart(id) { [weak self] in
            guard let self else { return }
            let network = self.network
            let restart = network.simulation.now
            network.simulation.spawn("health-checks.\(id.name).restart", daemon: true) { _ in
                await self.spreadCheckLoops(from: restart)
            }
        }
        spreadCheckLoops(from: start)
    }

    /// Starts a check loop for every member, their first checks spread from `start` (HAProxy's
    /// `start_checks`); each replaces the member's loop of an earlier process, if any.
    private func spreadCheckLoops(from start: VirtualInstant) {
        guard let check = configuration.healthCheck else { return }
        let count = Int64(members.count)
        let initialInterval = check.interval(after: ActiveHealthCheck.State())
        for (position, member) in members.values.enumerated() {
            // A restart's loops go on with the stream the member's checks drew from.
            var random = member.checks.task.random ?? checkRandom(for: member.replica)
            var span = check.jittered(initialInterval, random: &random)
            if let cap = check.maxSpread, span > cap { span = cap }
            // In 128 bits: a legal interval (up to 100 years) times a position among 1,000 servers
            // passes Int64 (C2, s74: 107 days × 999 trapped); the quotient is below the span.
            let offset = Duration.nanoseconds(Int64(Int128(span.nanoseconds) * Int128(position) / Int128(count)))
            runCheckLoop(for: member.replica, membership: member.stats, firstCheckAt: start.advanced(by: offset), random: random)
        }
    }

    /// Checks `replica` from `first` on, one check at a time, an interval after each one ends,
    /// for as long as the membership that `membership` (the stats object made when it joined)
    /// stands for lasts: a server removed, even one re-added under the same id, ends this loop.
    func startCheckLoop(for replica: Replica, membership: UpstreamServerStats, firstCheckAt first: VirtualInstant) {
        runCheckLoop(for: replica, membership: membership, firstCheckAt: first, random: checkRandom(for: replica))
    }

    /// The stream `spread-checks` draws from for `replica`'s checks on this balancer.
    private nonisolated func checkRandom(for replica: Replica) -> SeededRandom {
        network.simulation.randomStream("balancer.\(id.name).health-check.\(replica.hostname)")
    }

    /// ``startCheckLoop(for:membership:firstCheckAt:)`` drawing its jitter from `random`. The
    /// loop takes the next number of the server's task (``ActiveHealthCheck/CheckTask``) and
    /// ends once another loop has taken a later one (``restartCheckLoop(at:)``); the
    /// stream is kept in the task, where each wait draws from it.
    private func runCheckLoop(for replica: Replica, membership: UpstreamServerStats, firstCheckAt first: VirtualInstant, random: SeededRandom) {
        guard let check = configuration.healthCheck, let index = members.index(forKey: replica.id) else { return }
        members.values[index].checks.task.loop += 1
        members.values[index].checks.task.nextCheck = first
        members.values[index].checks.task.random = random
        members.values[index].checks.task.probing = false
        members.values[index].checks.task.probeFailed = false
        let loop = members.values[index].checks.task.loop
        let simulation = network.simulation
        let process = node.incarnation
        simulation.spawn("health-check.\(replica.hostname)", daemon: true) { _ in
            var next = first
            while true {
                if simulation.now < next { guard await simulation.sleepUnlessTornDown(until: next) else { return } }
                guard await self.awaitOwnProcess(process) else { return }
                guard await self.startCheck(of: replica.id, membership: membership, loop: loop) else { return }
                let passed = await self.probe(replica.server, path: check.path, timeout: check.timeout)
                guard await self.awaitOwnProcess(process) else { return }
                guard let after = await self.finishCheck(of: replica.id, membership: membership, loop: loop, passed: passed) else { return }
                next = after
            }
        }
    }

    /// Waits while the balancer's node is paused and returns whether the process a check loop
    /// runs in (`process`, the node's incarnation when the loop started) still runs.
    ///
    /// A pause freezes the process with its timers, as SIGSTOP does: a check due during it
    /// starts at the resume, and a check in flight has its result applied at the resume, after
    /// what the pause held (the coordinator's session checks wait the same way,
    /// QueueController+GroupSessions.swift). Its timeout is measured across the pause, as a real
    /// process's clock sees it, and fires at the resume after the answers the pause held
    /// (``Network/callerStanding(of:)``): a check answered during the pause passes at the
    /// resume, one not answered by then fails. So a pause fails no check of a server that answers.
    ///
    /// A crashed balancer's loops end (it sends no check, marks no server); a restart ends the
    /// old process's, and once up starts its own (``startCheckLoops(from:)``) from every server
    /// up and on trial, as HAProxy starts them: the crash dropped the old process's health view
    /// (``processCrashed()``).
    private nonisolated func awaitOwnProcess(_ process: UInt64) async -> Bool {
        guard node.incarnation == process, await network.simulation.awaitResume(of: node) else { return false }
        return node.incarnation == process && node.state == .up
    }

    /// Whether server `serverID` is still the member whose stats object is `membership`, and
    /// `loop` still its current check loop; if so, its check starts (is in flight).
    private func startCheck(of serverID: Int, membership: UpstreamServerStats, loop: Int) -> Bool {
        guard let index = members.index(forKey: serverID), members.values[index].stats === membership,
              members.values[index].checks.task.loop == loop else { return false }
        members.values[index].checks.task.probing = true
        members.values[index].checks.task.nextCheck = nil
        return true
    }

    /// Applies a check's result if its server is still the same member and `loop` its loop —
    /// none if the observed errors failed the check meanwhile (``ActiveHealthCheck/CheckTask/probeFailed``)
    /// — and returns when its next check starts, or nil if the loop is to end.
    private func finishCheck(of serverID: Int, membership: UpstreamServerStats, loop: Int, passed: Bool) -> VirtualInstant? {
        guard let index = members.index(forKey: serverID), members.values[index].stats === membership,
              members.values[index].checks.task.loop == loop else { return nil }
        members.values[index].checks.task.probing = false
        if members.values[index].checks.task.probeFailed {
            members.values[index].checks.task.probeFailed = false
        } else {
            recordCheck(serverID, passed: passed)
        }
        return scheduleNextCheck(at: index)
    }

    /// Sets member `index`'s next check an interval from now, the interval chosen from its state
    /// (HAProxy's `srv_getinter`, then `spread-checks`' jitter from the task's stream), and
    /// clears the forced fast interval once it has been chosen — `process_chk`'s `update_timer`.
    private func scheduleNextCheck(at index: Int) -> VirtualInstant? {
        guard let check = configuration.healthCheck, var random = members.values[index].checks.task.random else { return nil }
        let interval = check.interval(after: members.values[index].checks)
        let next = network.simulation.now.advanced(by: check.jittered(interval, random: &random))
        members.values[index].checks.task.random = random
        members.values[index].checks.forcesFastInterval = false
        members.values[index].checks.task.nextCheck = next
        return next
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

extension LoadBalancer {
    /// A forward's `outcome` from member `index`, for a health check that observes the traffic
    /// (``ActiveHealthCheck/observe(_:into:)``): counted, and at the error limit the mode's failed
    /// check applied — a server it takes down is marked down as by a check (HAProxy reports it
    /// as one, "Health analyze"). Nothing is observed before the checks start (`health_adjust`
    /// returns without a check task).
    ///
    /// With `fastinter` set the server's check task is woken, as `__health_adjust` does, and
    /// `process_chk` decides: a check in flight that the mode failed ends now, the next an
    /// interval later; with none in flight, the next check moves to now + the interval
    /// (`srv_getinter`, `fastinter` at the top since the limit forces it) if that is no later
    /// than when it was due — with its jitter, and the forced interval then cleared. Otherwise
    /// the loop goes on as it was.
    func observeForHealthCheck(_ outcome: ForwardOutcome, at index: Int) {
        guard healthChecksStarted, let check = configuration.healthCheck,
              let reached = check.observe(outcome, into: &members.values[index].checks) else { return }
        members.values[index].stats.failedHealthAnalyses += 1
        if reached.transition == .markedDown { log(.markedDown(.active), subject: members.values[index].replica.hostname) }
        guard check.fastInterval != nil else { return }
        let task = members.values[index].checks.task
        if task.probing {
            guard task.probeFailed else { return }
        } else {
            guard let due = task.nextCheck, network.simulation.now.advanced(by: check.interval(after: members.values[index].checks)) <= due else { return }
        }
        restartCheckLoop(at: index)
    }

    /// Ends member `index`'s check loop — its sleep, or the check in flight, whose answer will
    /// find the loop replaced — and starts another whose first check is an interval from now
    /// (``scheduleNextCheck(at:)``).
    private func restartCheckLoop(at index: Int) {
        members.values[index].checks.task.probing = false
        members.values[index].checks.task.probeFailed = false
        guard let next = scheduleNextCheck(at: index), let random = members.values[index].checks.task.random else { return }
        let member = members.values[index]
        runCheckLoop(for: member.replica, membership: member.stats, firstCheckAt: next, random: random)
    }
}
