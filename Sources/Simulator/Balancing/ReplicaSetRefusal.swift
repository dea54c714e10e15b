/// Why the balancer refused an `add` or an `rm` (the original answers each with status 400 and an
/// `<Error> …` message), with the figures that say it. The Simulator has no formatting: a
/// refusal once carried its own words, and an A-3 report printed `Cannot add 10000 instances: …
/// they need 90000 free slots` where every other figure is grouped. The experiment words it
/// (`Scenarios`' `ReplicaSetRefusal.message`); any refusal leaves the replica set as it was.
public enum ReplicaSetRefusal: Error, Equatable, Sendable {
    /// `add` with `n` ≤ 0.
    case nonPositiveAdd(n: Int)
    /// `add` naming more hostnames than the `n` it adds.
    case moreHostnamesThanAdded
    /// `add` or `rm` naming one hostname twice.
    case repeatedHostname(String)
    /// `add` naming a hostname that is already a replica's.
    case alreadyReplica(String)
    /// `add` naming the balancer, a client, or nothing as a replica.
    case invalidHostname(String)
    /// The hash map has too few free slots for the `adding` new servers: they need `slotsEach`
    /// free slots each, and `freeBefore` of `slotCount` were free before the add.
    case mapFull(adding: Int, slotsEach: Int, freeBefore: Int, slotCount: Int)
    /// The placement refused one of the `adding` new servers for another reason.
    case placement(adding: Int, PlacementError)
    /// `rm` with `n` ≤ 0.
    case nonPositiveRemove(n: Int)
    /// `rm` naming more hostnames than the `n` it removes.
    case moreHostnamesThanRemoved
    /// `rm` of `removing` replicas where only `existing` exist.
    case tooFewReplicas(removing: Int, existing: Int)
    /// `rm` naming a hostname that is no replica's.
    case notAReplica(String)
}
