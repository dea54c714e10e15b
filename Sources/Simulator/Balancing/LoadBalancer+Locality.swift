/// The balancer in a world of zones: one actor with a point of presence in every zone, sharing
/// one health view; with ``Locality`` configured, each pick first draws a priority level (a zone)
/// the way Envoy does, and the strategy picks within it.
struct BalancerZoning {
    let layout: ZoneLayout
    let stats: ZoneStats
    /// Each zone's point of presence, by zone index.
    let pointsOfPresence: [NodeID]
    /// The level draws' own stream, so locality never shifts the strategy's or the balancer's draws.
    var random: SeededRandom
    /// Per-zone host and healthy-host counts of the current pick (same storage every pick).
    var hosts: [Int]
    var healthyHosts: [Int]
    var health: [Int] = []
}

extension LoadBalancer {
    /// Places the balancer in the zones of `layout`: adds its point of presence in each zone to the
    /// network (`balancer@<zone>`) and counts forwards by zone into `stats`. Call before traffic starts.
    /// The forwards a point of presence sends are the balancer's process's: they end with its
    /// crash as the balancer's own do (``Network/addPointOfPresence(_:of:)``).
    public func placeInZones(_ layout: ZoneLayout, stats: ZoneStats) {
        let points = layout.names.indices.map { layout.pointOfPresence(of: id, in: $0) }
        for point in points { network.addPointOfPresence(point, of: id) }
        zoning = BalancerZoning(layout: layout, stats: stats, pointsOfPresence: points,
                                random: network.simulation.randomStream("balancer.\(id.name).locality"),
                                hosts: Array(repeating: 0, count: layout.names.count),
                                healthyHosts: Array(repeating: 0, count: layout.names.count))
    }

    /// The node a forward of `request` to the replica `hostname` leaves from — the point of
    /// presence of the client's zone, or the balancer's own node without zones — counting it by
    /// zone.
    func forwardOrigin(of request: Request, to hostname: String) -> NodeID {
        guard let zoning, let clientZone = zoning.layout.clientZones[request.client] else { return id }
        if let serverZone = zoning.layout.serverZones[hostname] {
            zoning.stats.recordForward(clientZone: clientZone, serverZone: serverZone, at: network.simulation.now)
        }
        return zoning.pointsOfPresence[clientZone]
    }

    /// A forward of `request` got no answer: counted for its client's zone.
    func noteFailedForward(of request: Request) {
        guard let zoning, let clientZone = zoning.layout.clientZones[request.client] else { return }
        zoning.stats.recordFailedForward(clientZone: clientZone)
    }

    /// With locality, narrows ``candidates`` (already rebuilt, some eligible) to one zone: the
    /// priority level a seeded draw picks by Envoy's priority load, or — when no server of that
    /// level is eligible for this try — the first level in priority order that has one.
    func restrictToLocality(_ request: Request) {
        guard let locality = configuration.locality, var zoning, let clientZone = zoning.layout.clientZones[request.client] else { return }
        let zones = zoning.layout.names.count
        for zone in 0..<zones {
            zoning.hosts[zone] = 0
            zoning.healthyHosts[zone] = 0
        }
        var memberZones: [Int] = []
        memberZones.reserveCapacity(members.count)
        for index in 0..<members.count {
            let zone = zoning.layout.serverZones[members.values[index].replica.hostname] ?? clientZone
            memberZones.append(zone)
            zoning.hosts[zone] += 1
            if healthy[index] && !members.values[index].draining { zoning.healthyHosts[zone] += 1 }
        }
        let order = zoning.layout.priorities[clientZone]
        zoning.health.removeAll(keepingCapacity: true)
        for zone in order {
            zoning.health.append(PriorityLoad.health(healthy: zoning.healthyHosts[zone], hosts: zoning.hosts[zone],
                                                     overprovisioningPercent: locality.overprovisioningPercent))
        }
        let loads = PriorityLoad.loads(health: zoning.health)
        let drawn = PriorityLoad.level(for: Int(zoning.random.next() % 100) + 1, loads: loads)
        var served = drawn
        if !hasEligible(inZone: order[drawn], memberZones: memberZones),
           let other = order.indices.first(where: { hasEligible(inZone: order[$0], memberZones: memberZones) }) {
            served = other
        }
        for index in candidates.indices where memberZones[index] != order[served] { candidates[index].isEligible = false }
        zoning.stats.recordDraw(level: drawn, fellBack: served != drawn)
        self.zoning = zoning
    }

    /// Whether a candidate of `zone` is eligible. A loop, not a closure: a closure formed here is
    /// isolated to the balancer, and the standard library's `contains(where:)` checked at run time
    /// that it ran on the balancer's executor, ~350 instructions a call (2.7 % of `zones.yaml`).
    private func hasEligible(inZone zone: Int, memberZones: [Int]) -> Bool {
        for index in candidates.indices where candidates[index].isEligible && memberZones[index] == zone { return true }
        return false
    }
}
