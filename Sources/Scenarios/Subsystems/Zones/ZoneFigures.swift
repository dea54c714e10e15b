import Simulator

/// What a world with zones measured per zone: each zone's clients and servers, where its
/// clients' requests were forwarded, their latency and failures, and how much traffic crossed zones.
public struct ZoneFigures: Sendable, Equatable {
    /// One zone.
    public struct Zone: Sendable, Equatable {
        public var name: String
        /// Client hosts in it.
        public var clients: Int
        /// Servers in it.
        public var servers: Int
        /// Requests its clients issued, got a 2xx for, and saw fail.
        public var issued: Int, succeeded: Int, failed: Int
        /// Latency of its clients' successful requests, in seconds (0 when none succeeded: see
        /// ``latencyMeasured``).
        public var p50: Double, p90: Double, p99: Double, mean: Double
        /// Whether any of its clients' requests succeeded, so that the latencies were measured.
        public var latencyMeasured: Bool { succeeded > 0 }
        /// Its clients' forwards by the server's zone (in the zones' order).
        public var forwardsTo: [Int]
        /// Forwards (from any zone) to its servers in each virtual second.
        public var forwardsPerSecond: [Int]
        /// Its clients' failed requests in each virtual second.
        public var failuresPerSecond: [Int]
        /// Its clients' forwards that went to another zone.
        public var crossZoneForwards: Int
        /// Its clients' forwards that got no answer (each one a wait, and a retry if allowed).
        public var failedForwards: Int
    }

    /// The zones, in the file's order.
    public var zones: [Zone]
    /// Envoy's overprovisioning factor when the balancer routes by locality; nil when zone-blind.
    public var overprovisioningFactor: Double?
    /// Forwards counted (every forward of a client in a zone).
    public var forwards: Int
    /// Those that went to a server in another zone than the client's.
    public var crossZoneForwards: Int
    /// Forwards that crossed zones in each virtual second.
    public var crossZonePerSecond: [Int]
    /// How often locality drew each priority level (P0 = the client's zone); empty when zone-blind.
    public var levelDraws: [Int]
    /// Picks whose drawn level had no eligible server, served by a lower level.
    public var levelFallbacks: Int

    /// Cross-zone forwards over all forwards (0 without forwards).
    public var crossZoneShare: Double { forwards == 0 ? 0 : Double(crossZoneForwards) / Double(forwards) }

    /// Reads `stats` after a run laid out as `layout`, with the balancer's `locality`. Every
    /// per-second series is padded to the longest one (the last second anything was counted in),
    /// never to the run's end, which a far fault or time limit may put years away.
    init(_ stats: ZoneStats, layout: ZoneLayout, locality: Locality?) {
        let seconds = ([stats.crossZonePerSecond.count] + stats.forwardsPerSecond.map(\.count) + stats.failuresPerSecond.map(\.count)).max() ?? 0
        func padded(_ series: [Int]) -> [Int] { series + Array(repeating: 0, count: max(0, seconds - series.count)) }
        let names = stats.names
        zones = names.indices.map { zone in
            Zone(
                name: names[zone],
                clients: layout.clientZones.values.reduce(0) { $0 + ($1 == zone ? 1 : 0) },
                servers: layout.serverZones.values.reduce(0) { $0 + ($1 == zone ? 1 : 0) },
                issued: stats.issued[zone], succeeded: stats.succeeded[zone], failed: stats.failed[zone],
                p50: stats.latency[zone].percentile(50).seconds, p90: stats.latency[zone].percentile(90).seconds,
                p99: stats.latency[zone].percentile(99).seconds, mean: stats.latency[zone].mean.seconds,
                forwardsTo: stats.forwards[zone], forwardsPerSecond: padded(stats.forwardsPerSecond[zone]),
                failuresPerSecond: padded(stats.failuresPerSecond[zone]),
                crossZoneForwards: stats.forwards[zone].reduce(0, +) - stats.forwards[zone][zone],
                failedForwards: stats.failedForwards[zone])
        }
        overprovisioningFactor = locality.map { Double($0.overprovisioningPercent) / 100 }
        forwards = stats.totalForwards
        crossZoneForwards = stats.crossZoneForwards
        crossZonePerSecond = padded(stats.crossZonePerSecond)
        levelDraws = locality == nil ? [] : stats.levelDraws
        levelFallbacks = stats.levelFallbacks
    }
}
