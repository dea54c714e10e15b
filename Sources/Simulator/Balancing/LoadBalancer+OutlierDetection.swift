/// Envoy's outlier detection at the balancer: each forward's outcome counted against its server,
/// the interval timer's ticks that judge the servers' statistics, ejections and their end.
extension LoadBalancer {
    /// Counts a forward's outcome from member `serverID` (at `index`) in its outlier state and
    /// ejects the server when that outcome made it an outlier by consecutive errors; keeps the
    /// interval timer running while the statistics can eject anyone.
    func observeForOutlierDetection(_ outcome: ForwardOutcome, of serverID: Int, at index: Int) {
        guard let outlier = configuration.outlierDetection else { return }
        let now = network.simulation.now
        let ejected = activeEjections(at: now)
        let hostname = members.values[index].replica.hostname
        if let length = outlier.record(outcome, into: &members.values[index].outlier, at: now, ejectedNow: ejected,
                                       total: members.count, random: { self.outlierDraw($0, for: hostname) }) {
            ejectedForOutliers(serverID, at: index, for: length)
        }
        keepIntervalTimerRunning(outlier, learnedAt: index, now: now)
    }

    /// Envoy's `ejections_active` at `now`: the members ejected, and the second ejections at a
    /// tick that no return took away (``OutlierDetection/State/phantomEjections``).
    private func activeEjections(at now: VirtualInstant) -> Int {
        members.values.indices.reduce(0) { count, index in
            let state = members.values[index].outlier
            return count + (state.isEjected(at: now) ? 1 : 0) + state.phantomEjections
        }
    }

    /// Marks member `serverID` (at `index`) down for `length` and schedules its return; an
    /// ejection of a member already out (`again`) lengthens it without a second mark.
    private func ejectedForOutliers(_ serverID: Int, at index: Int, for length: Duration, again: Bool = false) {
        members.values[index].recoveredAt = network.simulation.now.advanced(by: length)
        if !again { log(.markedDown(.outlier), subject: members.values[index].replica.hostname) }
        network.simulation.schedule(after: length) { [weak self] in
            self?.assumeIsolated { $0.ejectionEnded(serverID) }
        }
    }

    /// Member `index`'s active health check just passed and left it healthy: with Envoy's
    /// `successful_active_health_check_uneject_host` (on by default) an ejected server is back at
    /// once. Its ejection's scheduled end then finds its return announced and says nothing.
    func activeHealthCheckPassed(at index: Int) {
        guard let outlier = configuration.outlierDetection else { return }
        let now = network.simulation.now
        guard outlier.unejected(&members.values[index].outlier, at: now) else { return }
        members.values[index].recoveredAt = now
        log(.markedUp(.outlier), subject: members.values[index].replica.hostname)
    }

    /// An ejection's time is up: the server is back (if it is still a member, not re-ejected, and
    /// its return was not announced by the tick at this instant).
    private func ejectionEnded(_ serverID: Int) {
        guard let index = members.index(forKey: serverID) else { return }
        announceReturn(at: index)
    }

    /// Announces the return of member `index` if its ejection is over and not yet announced.
    private func announceReturn(at index: Int) {
        let state = members.values[index].outlier
        guard state.ejectedUntil != nil, !state.returnAnnounced, !state.isEjected(at: network.simulation.now) else { return }
        members.values[index].outlier.returnAnnounced = true
        log(.markedUp(.outlier), subject: members.values[index].replica.hostname)
    }

    /// The `n`th random number of the server `hostname`'s ejections: the first of its own stream
    /// `balancer.<id>.outlier.<hostname>.<n>`, so no draw shifts another component's.
    private nonisolated func outlierDraw(_ n: Int, for hostname: String) -> UInt64 {
        var stream = network.simulation.randomStream("balancer.\(id.name).outlier.\(hostname).\(n)")
        return stream.next()
    }

    // MARK: The interval timer

    /// Starts the interval timer's ticks if the statistics can eject someone among the members
    /// and the timer is not running, as far as member `index` (which just had a forward) and the
    /// first member know: Envoy's timer ticks from the detector's creation, but before the first
    /// forward, and while the statistics can eject no one, a tick changes nothing, so Orrery's
    /// runs only from the first forward of a world where they can — a world of fewer servers
    /// than the minimum hosts, or with both detectors' enforcing at 0, has no tick at all.
    private func keepIntervalTimerRunning(_ outlier: OutlierDetection, learnedAt index: Int, now: VirtualInstant) {
        if let next = members.values[index].outlier.nextTick, next >= now { return }
        if let next = members.values[0].outlier.nextTick, next >= now {
            members.values[index].outlier.nextTick = next
            return
        }
        guard outlier.statisticsCanEject(servers: members.count) else { return }
        var tick = outlier.firstTick(atOrAfter: now)
        if tick == .zero { tick = tick.advanced(by: outlier.interval) }
        scheduleTick(at: tick)
    }

    /// Has every member expect the tick at `tick` and schedules it.
    private func scheduleTick(at tick: VirtualInstant) {
        for index in members.values.indices { members.values[index].outlier.nextTick = tick }
        network.simulation.schedule(after: network.simulation.now.duration(to: tick)) { [weak self] in
            self?.assumeIsolated { $0.intervalTicked(tick) }
        }
    }

    /// A tick of the interval timer (Envoy's `onIntervalTimer`): the servers whose ejection is up
    /// return, every bucket swaps, the statistics eject their outliers — on the answers (or every
    /// outcome), then with the split on the local-origin results of the servers still in — and the
    /// next tick is set, unless the statistics can no longer eject anyone (too few members): then
    /// the timer stops, until a forward finds they can again. A tick no member expects (a second
    /// timer started while members joined and left) does nothing.
    private func intervalTicked(_ tick: VirtualInstant) {
        guard let outlier = configuration.outlierDetection, members.values.contains(where: { $0.outlier.nextTick == tick }) else { return }
        for index in members.values.indices { announceReturn(at: index) }
        guard outlier.statisticsCanEject(servers: members.count) else { return }
        let counts = members.values.indices.map { index -> OutlierDetection.IntervalCounts? in
            let last = members.values[index].outlier.closeInterval(at: tick, every: outlier.interval)
            return members.values[index].outlier.isEjected(at: tick) ? nil : last.external
        }
        var ejected = activeEjections(at: tick)
        ejectAtTick(outlier.statisticalOutliers(counts), bySuccessRate: outlier.successRate.enforcing,
                    byFailurePercentage: outlier.failurePercentage.enforcing, ejected: &ejected)
        if outlier.localOrigin.split {
            // Envoy's second `processSuccessRateEjections`, which passes over the servers the first ejected.
            let local = members.values.indices.map { index -> OutlierDetection.IntervalCounts? in
                members.values[index].outlier.isEjected(at: tick) ? nil : members.values[index].outlier.localPrevious
            }
            ejectAtTick(outlier.statisticalOutliers(local), bySuccessRate: outlier.localOrigin.enforcingSuccessRate,
                        byFailurePercentage: outlier.localOrigin.enforcingFailurePercentage, ejected: &ejected)
        }
        scheduleTick(at: tick.advanced(by: outlier.interval))
    }

    /// Envoy's `ejectHost` for one pass's outliers, the success-rate ones, then the
    /// failure-percentage ones, each with its enforcing percentage: a server in both lists is
    /// ejected a second time, as in Envoy.
    private func ejectAtTick(_ found: OutlierDetection.StatisticalOutliers, bySuccessRate: Double, byFailurePercentage: Double, ejected: inout Int) {
        for index in found.bySuccessRate { ejectAtTick(index, enforcing: bySuccessRate, ejected: &ejected) }
        for index in found.byFailurePercentage { ejectAtTick(index, enforcing: byFailurePercentage, ejected: &ejected) }
    }

    /// Envoy's `ejectHost` for a statistical outlier at a tick, `ejected` counting its
    /// `ejections_active`. A second ejection of a member out already adds to that count for good
    /// (``OutlierDetection/State/phantomEjections``).
    private func ejectAtTick(_ index: Int, enforcing: Double, ejected: inout Int) {
        guard let outlier = configuration.outlierDetection else { return }
        let now = network.simulation.now
        let member = members.values[index], hostname = member.replica.hostname
        let again = member.outlier.isEjected(at: now)
        guard let length = outlier.eject(&members.values[index].outlier, at: now, enforcing: enforcing, ejectedNow: ejected,
                                         total: members.count, atTick: true, random: { self.outlierDraw($0, for: hostname) }) else { return }
        ejected += 1
        if again { members.values[index].outlier.phantomEjections += 1 }
        ejectedForOutliers(member.replica.id, at: index, for: length, again: again)
    }
}
