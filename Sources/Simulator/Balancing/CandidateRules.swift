import OrderedCollections

/// What decides, at one pick, whether each member may take the request and what the strategy
/// sees of it: the balancer's health, connection-limit and slow-start settings, read once per
/// pick rather than once per member.
///
/// A pick visits every member, so the visit reads them in place through buffers — one
/// uniqueness check per array rather than one per entry, and no copy of a member, which would
/// retain its replica and stats. (Two passes through the dictionary's subscripts cost 125
/// instructions a member: half of a world of 1,000 servers.) The passes are not the balancer's
/// own methods: a closure isolated to the actor and handed to the collections package, which is
/// not built in Swift 6 mode, checks at run time which executor it runs on, ~250 instructions a
/// pick.
struct CandidateRules {
    /// Why a member may or may not take the request.
    enum Eligibility: Equatable {
        case eligible
        /// Eligible but for its connection limit: the request may wait in the connection queue.
        case atConnectionLimit
        case ineligible
    }

    let passiveHealth: PassiveHealth?
    let slowStart: SlowStart?
    let maxConnections: Int?
    let now: VirtualInstant

    /// The rules of `configuration` at `now`. A `single` server (nginx's `peers->single`: one
    /// primary and no backup) has no passive health and no slow start: nginx ignores `max_fails`,
    /// `fail_timeout` and `slow_start` for it and never considers it unavailable.
    init(_ configuration: LoadBalancer.Configuration, now: VirtualInstant, single: Bool) {
        passiveHealth = single ? nil : configuration.passiveHealth
        slowStart = single ? nil : configuration.slowStart
        maxConnections = configuration.maxConnections
        self.now = now
    }

    /// Writes every member's health and candidate, its eligibility decided as if healthy
    /// primaries serve and the balancer is not in panic, and counts them. `tried` says, by
    /// server id, which servers the request has already tried (``LoadBalancer/triedByID``): so the
    /// visit costs O(*n*) however many tries the request has had. Asked of the list of its tries,
    /// a request's *k*th try cost O(*n* × *k*): one that tried each of 400 servers, 3 × 10⁷ steps.
    func visit(_ members: OrderedDictionary<Int, UpstreamMember>, tried: [Bool],
               healthy: inout [Bool], candidates: inout [UpstreamCandidate]) -> CandidateTally {
        var tally = CandidateTally()
        members.keys.elements.withUnsafeBufferPointer { ids in
            members.values.withUnsafeBufferPointer { members in
                tried.withUnsafeBufferPointer { tried in
                    healthy.withUnsafeMutableBufferPointer { healthy in
                        candidates.withUnsafeMutableBufferPointer { candidates in
                            for index in 0..<members.count {
                                let isHealthy = isHealthy(members[index])
                                healthy[index] = isHealthy
                                let isBackup = members[index].replica.isBackup
                                tally.count(isBackup, healthy: isHealthy)
                                // A backup already tried keeps the request on the backups.
                                let wasTried = Self.marked(ids[index], in: tried)
                                if isBackup && wasTried { tally.onBackups = true }
                                let eligibility = eligibility(of: members[index], tried: wasTried, healthy: isHealthy,
                                                              useBackups: false, panic: false)
                                tally.note(eligibility)
                                candidates[index] = candidate(members[index], id: ids[index], eligible: eligibility == .eligible)
                            }
                        }
                    }
                }
            }
        }
        return tally
    }

    /// Decides every member's eligibility again when backups serve or the balancer panics.
    /// Members held back by their connection limit in an earlier pass still count as `limited`:
    /// a request none may take for now waits in the connection queue (nginx's `NGX_BUSY`).
    func decideAgain(_ members: OrderedDictionary<Int, UpstreamMember>, tried: [Bool], healthy: [Bool],
                     useBackups: Bool, panic: Bool, candidates: inout [UpstreamCandidate], tally: inout CandidateTally) {
        tally.anyEligible = false
        for index in members.values.indices {
            let eligibility = eligibility(of: members.values[index], tried: Self.marked(members.keys[index], in: tried), healthy: healthy[index],
                                          useBackups: useBackups, panic: panic)
            tally.note(eligibility)
            candidates[index].isEligible = eligibility == .eligible
        }
    }

    /// Whether server `id` is marked in `marks`, which end at the largest id marked.
    @inline(__always)
    static func marked(_ id: Int, in marks: UnsafeBufferPointer<Bool>) -> Bool {
        id >= 0 && id < marks.count && marks[id]
    }

    /// Whether server `id` is marked in `marks`.
    @inline(__always)
    static func marked(_ id: Int, in marks: [Bool]) -> Bool {
        marks.withUnsafeBufferPointer { marked(id, in: $0) }
    }

    /// Whether `member` is healthy now by every configured mechanism.
    @inline(__always)
    func isHealthy(_ member: borrowing UpstreamMember) -> Bool {
        if let passiveHealth, !passiveHealth.isAvailable(member.passive, at: now) { return false }
        return member.checks.isUp && !member.outlier.isEjected(at: now)
    }

    /// Whether `member` may take a request (which has `tried` it already, or not) when the tier of
    /// `useBackups` serves, health counting unless the balancer is in `panic`.
    @inline(__always)
    func eligibility(of member: borrowing UpstreamMember, tried: Bool, healthy: Bool,
                     useBackups: Bool, panic: Bool) -> Eligibility {
        guard member.replica.isBackup == useBackups && (panic || healthy) && !member.draining && !tried else { return .ineligible }
        if let limit = member.replica.maxConnections ?? maxConnections, member.active >= limit { return .atConnectionLimit }
        return .eligible
    }

    /// What the strategy sees of `member` (server `id`): its weight and its slow-start weight.
    /// nginx's `effective_weight`, which passive health failures lower and picks raise, is not
    /// here: it moves at the picks of the strategies that use it, which keep it
    /// (``SmoothWeightedRoundRobinStrategy``).
    @inline(__always)
    func candidate(_ member: borrowing UpstreamMember, id: Int, eligible: Bool) -> UpstreamCandidate {
        let weight = member.replica.weight
        let effectiveWeight = slowStart?.effectiveWeight(weight, recoveredAt: member.recoveredAt, now: now) ?? Double(weight)
        return UpstreamCandidate(serverID: id, weight: weight, effectiveWeight: effectiveWeight, activeRequests: member.active, isEligible: eligible)
    }
}

/// The members counted at one pick: how many primaries and backups there are and how many of them
/// are healthy (which tier serves, and whether the balancer panics), whether the request has
/// already been on the backups, and whether any is eligible or held back only by its connection
/// limit.
struct CandidateTally {
    var primaries = 0
    var healthyPrimaries = 0
    var backups = 0
    var healthyBackups = 0
    /// Whether the request has tried a backup: nginx keeps it on the backups (`rrp->peers` stays
    /// `peers->next`) for its remaining tries.
    var onBackups = false
    var anyEligible = false
    var limited = false

    @inline(__always)
    mutating func count(_ isBackup: Bool, healthy: Bool) {
        if isBackup {
            backups &+= 1
            if healthy { healthyBackups &+= 1 }
        } else {
            primaries &+= 1
            if healthy { healthyPrimaries &+= 1 }
        }
    }

    @inline(__always)
    mutating func note(_ eligibility: CandidateRules.Eligibility) {
        switch eligibility {
        case .eligible: anyEligible = true
        case .atConnectionLimit: limited = true
        case .ineligible: break
        }
    }
}
