/// A crash of the balancer's process — the `crash` fault, or the kill that starts a `restart` of
/// a running balancer — as a real nginx, HAProxy or Envoy process has one: what it kept in memory
/// is gone, and what it was doing ends. The restarted process starts from its configuration.
///
/// What is lost, at the crash:
/// - each server's health as the process saw it: passive health's `max_fails` counts and down
///   marks (nginx starts every server up), the active checks' rise/fall counters (HAProxy starts a
///   server up, on trial), outlier detection's counts and ejections (Envoy's hosts start healthy),
///   slow start's ramp;
/// - the strategy's memory: round robin's position, least connections' and the health-based
///   strategy's learned loads and latencies, bounded loads' counts — rebuilt from the members as
///   a balancer configured with them starts (``strategyAtBoot()``);
/// - the gateway's circuit breaker and token buckets, and the panic state;
/// - the forwards in flight (the members' active connections drop to zero at the crash, and those
///   to servers removed while the forwards were on their way end too), the
///   requests waiting in the connection queue, the keepalive connections.
///
/// What the process was doing ends: a request it was routing is neither retried nor answered
/// (its client learns what a crashed peer gives: a timeout, or a reset for a restart), and the
/// outcome of a forward it had sent is heard by no one — no strategy, health mechanism or outcome
/// count; its server's stats count it as ended by the crash (``UpstreamServerStats/endedByCrash``),
/// and the network traces nothing of it but its loss (``Network/callerStanding(of:)``).
/// Each request keeps the incarnation of the balancer's node it was delivered in (or started
/// routing in) and stops at its next step once that is gone (``isCurrentProcess(_:)``).
///
/// The members themselves stay — the replica set is the balancer's configuration (the file's
/// servers and what operations and the replica manager changed), which the restart reads again.
/// A pause loses nothing: a stopped process keeps its memory.
extension LoadBalancer {
    /// Has the network tell the balancer when its node crashes. The closure holds the balancer
    /// weakly: the network keeps it for good, and a torn-down world must leave nothing alive.
    /// The restarted process, once booted, tells the report the servers the crashed one held
    /// out of rotation are in it again (``processBooted(forgetting:)``): the hostnames the crash
    /// took are kept in a box both closures share, the balancer's own stored state being the
    /// process's. The closures hold the balancer weakly: the network keeps them for good, and a
    /// torn-down world must leave nothing alive.
    nonisolated func watchOwnCrashes() {
        let forgotten = ForgottenMarks()
        network.onCrash(id) { [weak self] in
            self?.assumeIsolated { forgotten.hostnames += $0.processCrashed() }
        }
        network.onRestart(id) { [weak self] in
            self?.assumeIsolated { $0.processBooted(forgetting: forgotten.take()) }
        }
    }

    /// Whether the process that was running when `process` (the node's incarnation then) was read
    /// still runs: no crash or restart came since.
    nonisolated func isCurrentProcess(_ process: UInt64) -> Bool {
        node.incarnation == process
    }

    /// Drops everything the crashed process held in memory (see the extension's notes); returns
    /// the hostnames of the servers it held out of rotation (``heldOutOfRotation(_:)``).
    func processCrashed() -> [String] {
        let now = network.simulation.now
        let held = members.values.filter { heldOutOfRotation($0) }.map(\.replica.hostname)
        for index in members.values.indices {
            let active = members.values[index].active
            if active > 0 {
                members.values[index].active = 0
                members.values[index].stats.endedByCrash += active
                members.values[index].stats.connections.change(by: -active, at: now)
                observeConnections(at: index)
            }
            members.values[index].passive = PassiveHealth.State()
            // The check task's loop number and stream go on: the old process's loops end by the
            // number, and the restart's loops draw on from the stream (``startHealthChecks()``).
            let task = members.values[index].checks.task
            members.values[index].checks = ActiveHealthCheck.State()
            members.values[index].checks.task = task
            members.values[index].outlier = OutlierDetection.State()
            members.values[index].recoveredAt = nil
        }
        endForwardsToFormerMembers(at: now)
        strategy = strategyAtBoot()
        breaker = configuration.circuitBreaker.map { CircuitBreaker($0) }
        buckets = [:]
        inPanic = false
        queue?.endAllWaits()
        connectionPools?.dropAll()
        deploymentStateLost()
        return held
    }

    /// The forwards in flight to servers removed from the replica set while they were on their
    /// way end with the process as the members' do: each server's stats count them as ended by
    /// the crash, where they stayed "in flight" to the run's end (no member's count holds them,
    /// and the crashed process never hears their outcome). Looked up by identity, never iterated
    /// out of order: the stats are in the order the servers joined.
    private func endForwardsToFormerMembers(at now: VirtualInstant) {
        let memberStats = Set(members.values.map { ObjectIdentifier($0.stats) })
        for serverStats in stats.servers where serverStats.connections.level > 0 && !memberStats.contains(ObjectIdentifier(serverStats)) {
            let inFlight = serverStats.connections.level
            serverStats.endedByCrash += inFlight
            serverStats.connections.change(by: -inFlight, at: now)
        }
    }

    /// Whether the process holds `member` out of rotation by a mark its events announced:
    /// passive health's down mark (`max_fails` reached), the active checks' down state, an
    /// outlier ejection whose return was not announced, or a deployment's drain — each the state
    /// between a "marked down" (or "draining") event and its "marked up" (or "back in rotation").
    private func heldOutOfRotation(_ member: UpstreamMember) -> Bool {
        let passiveDown = configuration.passiveHealth.map { $0.maxFails > 0 && member.passive.fails >= $0.maxFails } ?? false
        let ejected = member.outlier.ejectedUntil != nil && !member.outlier.returnAnnounced
        return passiveDown || !member.checks.isUp || ejected || member.draining
    }

    /// The restarted process has booted: it believes every configured server up, as a fresh
    /// nginx does and HAProxy (without `init-state`) starts its checked servers, until its own
    /// failures, checks or ejections say otherwise. The servers the crashed process held out of
    /// rotation (`hostnames`, those still members) get a "marked up (balancer restart)" event,
    /// so that the Failovers rows and the rotation timeline read them back where the new process
    /// routes to them (they read them down to the run's end). The event is the report's: the
    /// trace's `restart` line already stands for it, and writing it would move the digest of every
    /// world whose balancer restarts while a server is marked down.
    func processBooted(forgetting hostnames: [String]) {
        guard !hostnames.isEmpty else { return }
        let forgotten = Set(hostnames)
        for member in members.values where forgotten.contains(member.replica.hostname) {
            let kind = BalancerEvent.Kind.markedUp(.restart)
            stats.events.append(BalancerEvent(at: network.simulation.now, subject: member.replica.hostname, kind: kind))
            network.simulation.observeInstant(.traffic, id.name, "\(kind)", detail: member.replica.hostname, subject: Observation.Subject(.peer(member.replica.hostname)))
        }
    }

    /// The strategy as a balancer configured with the current members starts it: the configured
    /// one with the members added in the order they joined, each with its weight. Should that
    /// be refused (a placement that cannot take them again in that order), the strategy the
    /// process had is kept: routing must go on.
    func strategyAtBoot() -> any BalancingStrategy {
        var fresh = strategyAsConfigured
        for member in members.values {
            do {
                try fresh.serverAdded(member.replica.id, hostname: member.replica.hostname, weight: member.replica.weight)
            } catch {
                return strategy
            }
        }
        return fresh
    }
}

/// The hostnames a crash of the balancer found held out of rotation, until the restarted process
/// boots and announces them back. `@unchecked Sendable`: used on the simulation thread only.
private final class ForgottenMarks: @unchecked Sendable {
    var hostnames: [String] = []

    /// The hostnames, emptied.
    func take() -> [String] {
        defer { hostnames = [] }
        return hostnames
    }
}
