import OrderedCollections

extension LoadBalancer {
    /// Rebuilds ``candidates`` for a pick that must avoid `tried`; returns whether any is eligible.
    ///
    /// Primaries serve while any is healthy; otherwise healthy backups do. Below the panic
    /// threshold of healthy primaries (with no backup to fall back on) health is ignored and every
    /// primary is eligible, as in Envoy: better to try servers that may be down than to refuse all.
    ///
    /// Every pick visits every member (as nginx's do): one pass (``CandidateRules``) that assumes
    /// the usual case, healthy primaries serving and no panic, and a second only when the tally
    /// says otherwise. Both arrays are resized only when the members change.
    func rebuildCandidates(excluding tried: [Int]) -> Bool {
        let now = network.simulation.now
        let count = members.count
        if healthy.count != count {
            healthy = Array(repeating: false, count: count)
            candidates = Array(repeating: UpstreamCandidate(serverID: 0), count: count)
        }
        let rules = CandidateRules(configuration, now: now)
        // The members are moved out for the visits and back (nothing in them reads the
        // balancer): passed in place, a copy of them was retained and released around each,
        // three buffers.
        var visited = OrderedDictionary<Int, UpstreamMember>()
        swap(&visited, &members)
        var tally = rules.visit(visited, excluding: tried, healthy: &healthy, candidates: &candidates)
        let useBackups = tally.healthyPrimaries == 0 && tally.healthyBackups > 0
        let panic = configuration.panicThreshold.map { threshold in
            !useBackups && tally.primaries > 0 && Double(tally.healthyPrimaries) < threshold * Double(tally.primaries)
        } ?? false
        if useBackups || panic {
            rules.decideAgain(visited, excluding: tried, healthy: healthy, useBackups: useBackups, panic: panic,
                              candidates: &candidates, tally: &tally)
        }
        swap(&visited, &members)
        if panic != inPanic {
            inPanic = panic
            log(.panic(panic), subject: "upstream")
        }
        blockedByConnectionLimits = tally.limited && !tally.anyEligible
        return tally.anyEligible
    }

    /// The strategy picked `serverID`: passive health learns of the pick (a probe, possibly).
    func notePicked(_ serverID: Int) {
        guard let passive = configuration.passiveHealth, let index = members.index(forKey: serverID) else { return }
        if passive.picked(&members.values[index].passive, at: network.simulation.now) == .probe {
            log(.probe, subject: members.values[index].replica.hostname)
        }
    }

    /// Feeds a forward's outcome to passive health and outlier detection.
    func observe(_ outcome: ForwardOutcome, of serverID: Int) {
        guard let index = members.index(forKey: serverID) else { return }
        let now = network.simulation.now
        guard configuration.passiveHealth != nil || configuration.outlierDetection != nil else { return }
        let hostname = members.values[index].replica.hostname
        if let passive = configuration.passiveHealth {
            if configuration.retryOn.isFailure(outcome) {
                if passive.failed(&members.values[index].passive, at: now) == .markedDown {
                    log(.markedDown(.passive), subject: hostname)
                }
            } else if passive.succeeded(&members.values[index].passive) == .markedUp {
                members.values[index].recoveredAt = now
                log(.markedUp(.passive), subject: hostname)
            }
        }
        if let outlier = configuration.outlierDetection {
            let ejected = members.values.indices.reduce(0) { $0 + (members.values[$1].outlier.isEjected(at: now) ? 1 : 0) }
            if let length = outlier.record(error: outcome.isError, into: &members.values[index].outlier, at: now, ejectedNow: ejected, total: members.count) {
                members.values[index].recoveredAt = now.advanced(by: length)
                log(.markedDown(.outlier), subject: hostname)
                network.simulation.schedule(after: length) { [weak self] in
                    self?.assumeIsolated { $0.ejectionEnded(serverID) }
                }
            }
        }
    }

    /// An ejection's time is up: the server is back (if it is still a member and not re-ejected).
    private func ejectionEnded(_ serverID: Int) {
        guard let member = members[serverID], !member.outlier.isEjected(at: network.simulation.now) else { return }
        log(.markedUp(.outlier), subject: member.replica.hostname)
    }

    /// Records an event in the stats and, for health transitions, in the trace.
    func log(_ kind: BalancerEvent.Kind, subject: String) {
        stats.events.append(BalancerEvent(at: network.simulation.now, subject: subject, kind: kind))
        network.simulation.observeInstant(.traffic, id.name, "\(kind)", detail: subject)
        switch kind {
        case .markedDown: network.simulation.trace.record(.markDown, id.name, subject)
        case .markedUp: network.simulation.trace.record(.markUp, id.name, subject)
        default: network.simulation.trace.record(.custom, id.name, subject)
        }
    }
}
