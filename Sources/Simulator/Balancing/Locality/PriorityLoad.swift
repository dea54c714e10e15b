/// Envoy's priority load: how much of the traffic each priority level takes, from how healthy
/// each level is, in Envoy's integer percentages.
///
/// Each level's health is `min(100, overprovisioning % × healthy ÷ hosts)` (integer division,
/// the factor 1.4 being 140 %); the normalized total health is `min(100, Σ health)`. Level by
/// level, from P0, a level takes `min(what is left, health × 100 ÷ normalized total)`; rounding
/// leftovers go to the first level with any health. A total health below 100 therefore scales
/// every level up (health {20, 30} → load {40, 60}), and with no health at all P0 takes everything.
///
/// This is Envoy's `distributeLoad` (integer division throughout). Envoy's documentation rounds
/// one of its tables differently (health 35/35/28 shown as load 36/36/28, where the integer
/// computation gives 37/35/28); Orrery follows the computation.
public enum PriorityLoad {
    /// A level's health score in percent: healthy hosts over hosts times the overprovisioning
    /// factor (in percent, 140 for 1.4), capped at 100. A level without hosts has no health.
    ///
    /// - Complexity: O(1).
    public static func health(healthy: Int, hosts: Int, overprovisioningPercent: Int) -> Int {
        guard hosts > 0 else { return 0 }
        return min(100, overprovisioningPercent * healthy / hosts)
    }

    /// Each level's share of the traffic in percent (summing to 100), from the levels' health
    /// scores in priority order.
    ///
    /// - Complexity: O(levels).
    public static func loads(health: [Int]) -> [Int] {
        guard !health.isEmpty else { return [] }
        let normalizedTotal = min(100, health.reduce(0, +))
        guard normalizedTotal > 0 else { return [100] + Array(repeating: 0, count: health.count - 1) }
        var remaining = 100
        var loads: [Int] = []
        loads.reserveCapacity(health.count)
        for score in health {
            let load = min(remaining, score * 100 / normalizedTotal)
            loads.append(load)
            remaining -= load
        }
        if remaining > 0, let first = health.firstIndex(where: { $0 > 0 }) { loads[first] += remaining }
        return loads
    }

    /// The level a draw in 1…100 falls in: the first whose cumulative load reaches it (Envoy's
    /// `choosePriority`).
    ///
    /// - Complexity: O(levels).
    public static func level(for draw: Int, loads: [Int]) -> Int {
        var cumulative = 0
        for (level, load) in loads.enumerated() {
            cumulative += load
            if draw <= cumulative { return level }
        }
        return max(0, loads.count - 1)
    }
}
