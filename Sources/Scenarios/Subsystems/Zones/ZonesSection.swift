import Simulator

/// `zones:` — the zones servers and clients sit in and the links within and between them.
///
/// Every link between two nodes of the same zone has the `within` profile, every link between
/// zones the `between` profile unless a pair overrides it (both directions). Clients are spread
/// over the zones by their shares, deterministically: client `i` (1-based, in the workload's
/// order) takes the `(i − 1) mod Σshares`-th slot of the zones' shares laid end to end — shares
/// a: 3, b: 2, c: 1 give clients 1–3 to a, 4–5 to b, 6 to c, and again from 7. An open loop with
/// one client host (`client`) is in the first zone with a share.
public struct ZonesSection: Sendable, Equatable {
    /// One zone.
    public struct Zone: Sendable, Equatable {
        /// Its name (the servers' `zone:` refers to it).
        public var name: String
        /// Its share of the client hosts (0: none).
        public var clientShare: Int
    }

    /// A link profile between two zones that differs from `between`.
    public struct Pair: Sendable, Equatable {
        /// The two zones, by index (the order does not matter).
        public var first: Int
        public var second: Int
        public var profile: LinkProfile
    }

    /// The zones, in the order the file lists them.
    public var zones: [Zone]
    /// Links within a zone.
    public var within: LinkProfile
    /// Links between zones.
    public var between: LinkProfile
    /// Overrides of `between` for some pairs of zones.
    public var pairs: [Pair]

    /// The zones' names.
    public var names: [String] { zones.map(\.name) }

    /// The link profile from a node in zone `from` to a node in zone `to`.
    public func profile(from: Int, to: Int) -> LinkProfile {
        if from == to { return within }
        return pairs.last { ($0.first, $0.second) == (from, to) || ($0.first, $0.second) == (to, from) }?.profile ?? between
    }

    /// The zone of client host number `index` (0-based) of `count`.
    public func clientZone(_ index: Int, of count: Int) -> Int {
        let total = zones.reduce(0) { $0 + $1.clientShare }
        var slot = index % total
        for (zone, entry) in zones.enumerated() {
            if slot < entry.clientShare { return zone }
            slot -= entry.clientShare
        }
        return 0
    }

    /// For clients of each zone, the zones in priority order: their own first, then the others by
    /// the mean one-way latency to them (the mean of the link profile's latency), ties in the
    /// file's order.
    public var priorities: [[Int]] {
        zones.indices.map { own in
            [own] + zones.indices.filter { $0 != own }.sorted { a, b in
                let (la, lb) = (profile(from: own, to: a).latency.mean ?? 0, profile(from: own, to: b).latency.mean ?? 0)
                return la != lb ? la < lb : a < b
            }
        }
    }

    /// The client hosts of `workload`, in order: `client-1` … for closed-loop users or several
    /// open-loop clients, `client` for one open-loop client.
    public static func clientHosts(of workload: Workload) -> [NodeID] {
        switch workload.arrivals {
        case .closedLoop(let users, _): return (1...users).map { NodeID("client-\($0)") }
        case .openLoop: return workload.clients > 1 ? (1...workload.clients).map { NodeID("client-\($0)") } : ["client"]
        }
    }

    /// Where everything sits: the servers' zones (`servers` with their `zone`), and the clients of
    /// `workload`.
    public func layout(servers: [Scenario.Server], workload: Workload?) -> ZoneLayout {
        var serverZones: [String: Int] = [:]
        for server in servers {
            if let zone = server.zone, let index = names.firstIndex(of: zone) { serverZones[server.id.name] = index }
        }
        let hosts = workload.map(ZonesSection.clientHosts) ?? []
        var clientZones: [NodeID: Int] = [:]
        for (index, host) in hosts.enumerated() { clientZones[host] = clientZone(index, of: hosts.count) }
        return ZoneLayout(names: names, serverZones: serverZones, clientZones: clientZones, priorities: priorities)
    }
}
