import Simulator

extension World {
    /// With `zones:`, places the balancer in every zone (a point of presence per zone, one shared
    /// health view), sets the links — client → its zone's point of presence within the zone, each
    /// point of presence → each server by their zones — and returns the clients' target; nil
    /// without zones. Explicit `network.links` still win.
    func buildZones(balancer: LoadBalancer) -> ZonedBalancedServers? {
        guard let zones = scenario.zones else { return nil }
        let layout = zones.layout(servers: scenario.servers, workload: scenario.workload)
        let stats = ZoneStats(names: zones.names)
        zoneStats = stats
        simulation.spawn("zones-setup") { _ in await balancer.placeInZones(layout, stats: stats) }
        do {
            try simulation.runToCompletion(timeLimit: simulation.now)
        } catch {
            preconditionFailure("placing the balancer in its zones takes no virtual time: \(error)")
        }
        let points = zones.names.indices.map { layout.pointOfPresence(of: balancer.id, in: $0) }
        let hosts = scenario.workload.map(ZonesSection.clientHosts) ?? []
        for host in hosts {
            guard let zone = layout.clientZones[host] else { continue }
            network.setLink(from: host, to: points[zone], zones.within)
            network.setLink(from: points[zone], to: host, zones.within)
        }
        for (zone, point) in points.enumerated() {
            for server in scenario.servers {
                guard let serverZone = layout.serverZones[server.id.name] else { continue }
                network.setLink(from: point, to: server.id, zones.profile(from: zone, to: serverZone))
                network.setLink(from: server.id, to: point, zones.profile(from: serverZone, to: zone))
            }
        }
        for link in scenario.links { network.setLink(from: link.from, to: link.to, link.profile) }
        return ZonedBalancedServers(network: network, balancer: balancer, layout: layout, stats: stats)
    }

    /// The zones' figures after the run, when the world has zones.
    func zoneFigures() -> ZoneFigures? {
        guard let zones = scenario.zones, let zoneStats else { return nil }
        return ZoneFigures(zoneStats, layout: zones.layout(servers: scenario.servers, workload: scenario.workload),
                           locality: scenario.balancer?.configuration.locality)
    }
}
