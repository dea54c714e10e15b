import OrderedCollections

extension LoadBalancer {
    /// Rebuilds ``candidates`` for a pick that must avoid `tried`; returns whether any is eligible.
    ///
    /// Primaries serve while any may take the request. Once none may — every one tried, down,
    /// draining or at its connection limit — the backups do, and keep serving the request for its
    /// remaining tries, as in nginx (`ngx_http_upstream_get_round_robin_peer`'s `failed:` path
    /// switches to `peers->next`). Below the panic threshold of healthy primaries (with no healthy
    /// backup to fall back on) health is ignored and every untried primary is eligible, as in
    /// Envoy: better to try servers that may be down than to refuse all.
    ///
    /// Every pick visits every member (as nginx's do): one pass (``CandidateRules``) that assumes
    /// the usual case, primaries serving and no panic, and a second only when the tally says
    /// otherwise. The arrays are resized only when the members change. The servers `tried` are
    /// marked by id before the visit and unmarked after it: O(*n* + *k*) for a request's *k*th
    /// try, with no hashing (looked up in the members by id, 2*k* lookups outweighed the visit).
    func rebuildCandidates(excluding tried: [Int]) -> Bool {
        let now = network.simulation.now
        let count = members.count
        if healthy.count != count {
            healthy = Array(repeating: false, count: count)
            candidates = Array(repeating: UpstreamCandidate(serverID: 0), count: count)
        }
        markTried(tried, true)
        defer { markTried(tried, false) }
        let rules = CandidateRules(configuration, now: now, single: isSinglePeer)
        // The members are moved out for the visits and back (nothing in them reads the
        // balancer): passed in place, a copy of them was retained and released around each,
        // three buffers.
        var visited = OrderedDictionary<Int, UpstreamMember>()
        swap(&visited, &members)
        var tally = rules.visit(visited, tried: triedByID, healthy: &healthy, candidates: &candidates)
        let backupsByHealth = tally.healthyPrimaries == 0 && tally.healthyBackups > 0
        let panic = configuration.panicThreshold.map { threshold in
            !backupsByHealth && tally.primaries > 0 && Double(tally.healthyPrimaries) < threshold * Double(tally.primaries)
        } ?? false
        if panic && !tally.onBackups {
            rules.decideAgain(visited, tried: triedByID, healthy: healthy, useBackups: false, panic: true,
                              candidates: &candidates, tally: &tally)
        }
        if tally.backups > 0 && (tally.onBackups || !tally.anyEligible) {
            rules.decideAgain(visited, tried: triedByID, healthy: healthy, useBackups: true, panic: false,
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

    /// Sets the mark of each server id in `tried` to `mark` (``triedByID``), growing the marks
    /// to the largest id marked.
    private func markTried(_ tried: [Int], _ mark: Bool) {
        for id in tried where id >= 0 {
            if id >= triedByID.count {
                guard mark else { continue }
                triedByID.append(contentsOf: repeatElement(false, count: id + 1 - triedByID.count))
            }
            triedByID[id] = mark
        }
    }

    /// Whether the upstream is a single server, nginx's `peers->single`: one primary and no
    /// backup. nginx ignores its `max_fails`, `fail_timeout` and `slow_start` and never considers
    /// it unavailable (nor retries a request that failed on it).
    var isSinglePeer: Bool {
        members.count == 1 && !members.values[0].replica.isBackup
    }

    /// The strategy picked `serverID`: passive health learns of the pick (a probe, possibly).
    func notePicked(_ serverID: Int) {
        guard let passive = configuration.passiveHealth, !isSinglePeer, let index = members.index(forKey: serverID) else { return }
        if passive.picked(&members.values[index].passive, at: network.simulation.now) == .probe {
            log(.probe, subject: members.values[index].replica.hostname)
        }
    }

    /// Feeds a forward's outcome to passive health, outlier detection and a health check that
    /// observes the traffic (HAProxy's `observe`). A server's answer whose status the retry
    /// conditions list goes to passive health from the verdict instead
    /// (``observeListedStatus(of:movedOn:)``), which knows whether the request moved on.
    ///
    /// Nothing is heard while the balancer's node is crashed or booting: a forward that ends then
    /// was made by a process that is gone (its timeout is a zombie's), which marks no server down.
    func observe(_ outcome: ForwardOutcome, of serverID: Int) {
        let checkObserves = configuration.healthCheck?.observe != nil
        guard configuration.passiveHealth != nil || configuration.outlierDetection != nil || checkObserves,
              let index = members.index(forKey: serverID), processRuns else { return }
        if !isListedStatus(outcome) { notePassive(failed: configuration.retryOn.isFailure(outcome), at: index) }
        if configuration.outlierDetection != nil { observeForOutlierDetection(outcome, of: serverID, at: index) }
        if checkObserves { observeForHealthCheck(outcome, at: index) }
    }

    /// Whether the balancer's node runs its process (up or paused), not crashed or booting.
    var processRuns: Bool {
        switch node.state {
        case .crashed, .starting: false
        case .up, .paused: true
        }
    }

    /// Whether `outcome` is a server's answer whose status the retry conditions list as a failure
    /// (a 404 is never one): nginx counts it against `max_fails` only when the request moves on
    /// to the next server (`ngx_http_upstream_test_next` calls `ngx_http_upstream_next`, which
    /// frees the peer as failed); on the last try, or past `retries.timeout`, the answer is
    /// passed on and the peer freed as a success.
    private func isListedStatus(_ outcome: ForwardOutcome) -> Bool {
        guard case .answered = outcome else { return false }
        return configuration.retryOn.isFailure(outcome)
    }

    /// Passive health hears of an answer with a listed status (``isListedStatus(_:)``) from
    /// member `serverID`: a failure if the request moved on to another try, a success if the
    /// answer was passed on.
    func observeListedStatus(_ outcome: ForwardOutcome, of serverID: Int, movedOn: Bool) {
        guard isListedStatus(outcome), let index = members.index(forKey: serverID), processRuns else { return }
        notePassive(failed: movedOn, at: index)
    }

    /// Counts a failed or successful forward to member `index` in its passive health. A single
    /// server's outcomes are not counted (`ngx_http_upstream_free_round_robin_peer` returns
    /// before its `fails` accounting when `peers->single`). A failure also lowers the server's
    /// `effective_weight` in the strategies that keep it, as the same function does when
    /// `max_fails` is set (``BalancingStrategy/passiveFailure(of:weight:maxFails:)``).
    private func notePassive(failed: Bool, at index: Int) {
        guard let passive = configuration.passiveHealth, !isSinglePeer else { return }
        let now = network.simulation.now
        let hostname = members.values[index].replica.hostname
        if failed {
            if passive.maxFails > 0 {
                strategy.passiveFailure(of: members.keys[index], weight: members.values[index].replica.weight, maxFails: passive.maxFails)
            }
            if passive.failed(&members.values[index].passive, at: now) == .markedDown {
                log(.markedDown(.passive), subject: hostname)
            }
        } else if passive.succeeded(&members.values[index].passive) == .markedUp {
            members.values[index].recoveredAt = now
            log(.markedUp(.passive), subject: hostname)
        }
    }

    /// Records an event in the stats and, for health transitions, in the trace.
    func log(_ kind: BalancerEvent.Kind, subject: String) {
        stats.events.append(BalancerEvent(at: network.simulation.now, subject: subject, kind: kind))
        network.simulation.observeInstant(.traffic, id.name, "\(kind)", detail: subject, subject: Observation.Subject(.peer(subject)))
        switch kind {
        case .markedDown: network.simulation.trace.record(.markDown, id.name, subject)
        case .markedUp: network.simulation.trace.record(.markUp, id.name, subject)
        default: network.simulation.trace.record(.custom, id.name, subject)
        }
    }
}
