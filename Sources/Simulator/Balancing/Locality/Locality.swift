/// Locality-aware routing (Envoy's priority levels with zones as levels): the client's zone is
/// P0, the other zones follow in the ``ZoneLayout``'s order; each level's health is its healthy
/// share of hosts times the overprovisioning factor, the traffic splits between levels as
/// ``PriorityLoad`` computes, a seeded draw picks the level, and the balancer's strategy picks
/// among that level's eligible servers.
public struct Locality: Sendable, Equatable {
    /// Envoy's overprovisioning factor, as an integer percentage (140 for 1.4): a level stays fully
    /// loaded while healthy hosts × factor ≥ 100 %.
    public var overprovisioningPercent: Int

    /// Locality with an overprovisioning factor of `overprovisioningPercent` % (Envoy's default 140).
    public init(overprovisioningPercent: Int = 140) {
        precondition(overprovisioningPercent >= 100, "an overprovisioning factor is at least 1")
        self.overprovisioningPercent = overprovisioningPercent
    }
}
