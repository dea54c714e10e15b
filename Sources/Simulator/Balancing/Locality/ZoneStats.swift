/// What a world with zones measured per zone: the balancer's forwards by the client's zone and
/// the server's zone, the priority levels its locality drew, and what each zone's clients saw.
///
/// `@unchecked Sendable`: written only on the simulation thread, read after the run.
public final class ZoneStats: @unchecked Sendable {
    /// The zones' names, in the scenario's order.
    public let names: [String]
    /// Forwards (first tries and retries) by client zone, then server zone: `forwards[c][s]`.
    public private(set) var forwards: [[Int]]
    /// Forwards to each server zone in each virtual second: `forwardsPerSecond[s][second]`.
    public private(set) var forwardsPerSecond: [[Int]]
    /// Forwards that crossed zones in each virtual second.
    public private(set) var crossZonePerSecond: [Int] = []
    /// Forwards of each zone's clients that got no answer (connect error or timeout).
    public private(set) var failedForwards: [Int]
    /// How often locality drew each priority level (index 0 = P0, the client's zone).
    public private(set) var levelDraws: [Int]
    /// Picks whose drawn level had no eligible server, so a lower level served.
    public private(set) var levelFallbacks = 0
    /// Requests issued by each zone's clients.
    public private(set) var issued: [Int]
    /// Requests each zone's clients got a 2xx for.
    public private(set) var succeeded: [Int]
    /// Requests each zone's clients saw fail (any other answer, or a network error).
    public private(set) var failed: [Int]
    /// Latency of each zone's successful requests.
    public private(set) var latency: [LatencyHistogram]
    /// Failed requests of each zone's clients in each virtual second.
    public private(set) var failuresPerSecond: [[Int]]

    /// Empty figures for zones `names`.
    public init(names: [String]) {
        self.names = names
        let zones = names.count
        forwards = Array(repeating: Array(repeating: 0, count: zones), count: zones)
        forwardsPerSecond = Array(repeating: [], count: zones)
        levelDraws = Array(repeating: 0, count: zones)
        failedForwards = Array(repeating: 0, count: zones)
        issued = Array(repeating: 0, count: zones)
        succeeded = Array(repeating: 0, count: zones)
        failed = Array(repeating: 0, count: zones)
        latency = Array(repeating: LatencyHistogram(), count: zones)
        failuresPerSecond = Array(repeating: [], count: zones)
    }

    /// Forwards that crossed zones.
    public var crossZoneForwards: Int {
        var total = 0
        for client in forwards.indices { for server in forwards[client].indices where server != client { total += forwards[client][server] } }
        return total
    }

    /// Every forward counted.
    public var totalForwards: Int { forwards.reduce(0) { $0 + $1.reduce(0, +) } }

    func recordForward(clientZone: Int, serverZone: Int, at now: VirtualInstant) {
        forwards[clientZone][serverZone] += 1
        let second = Int(now.nanoseconds / 1_000_000_000)
        ZoneStats.count(second, in: &forwardsPerSecond[serverZone])
        if clientZone != serverZone { ZoneStats.count(second, in: &crossZonePerSecond) }
    }

    func recordFailedForward(clientZone: Int) { failedForwards[clientZone] += 1 }

    func recordDraw(level: Int, fellBack: Bool) {
        levelDraws[level] += 1
        if fellBack { levelFallbacks += 1 }
    }

    func recordIssued(zone: Int) { issued[zone] += 1 }

    func record(zone: Int, succeeded ok: Bool, latency duration: Duration, at now: VirtualInstant) {
        if ok {
            succeeded[zone] += 1
            latency[zone].record(duration)
        } else {
            failed[zone] += 1
            ZoneStats.count(Int(now.nanoseconds / 1_000_000_000), in: &failuresPerSecond[zone])
        }
    }

    private static func count(_ second: Int, in series: inout [Int]) {
        if series.count <= second { series.append(contentsOf: repeatElement(0, count: second - series.count + 1)) }
        series[second] += 1
    }
}
