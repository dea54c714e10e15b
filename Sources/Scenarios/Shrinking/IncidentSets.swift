/// Which items of a ``FaultPlan`` form one incident: each item starts as its own, and joining an
/// item to another (a restart to the crash whose downtime it ends, a heal to its partition) makes
/// the whole incident the item is in part of the other's.
///
/// A plain "this item joins that one" was enough while every item was one fault: a restart was
/// nothing but a restart. A `zone_outage` is several crashes and restarts in one item: its own
/// restart may end a crash of another incident (a chaos crash of one of its servers before it,
/// which swallowed the outage's crash of that server), while its other crashes made it an
/// incident already, and chaos restarts inside it joined it. Kept apart, either would find its
/// server in a state it never found in the original, so the two become one incident.
///
/// The incident keeps the item it joined to as its first: a restart written before the crash it
/// ends (a listed restart, a chaos crash) joins the crash's incident, with the crash's origin, as
/// before outages were items.
struct IncidentSets {
    /// Each item's parent in its incident; an incident's first item is its own parent.
    private var parent: [Int]
    /// Whether each item was joined to another (or another to it).
    private var wasJoined: [Bool]

    /// `count` items, each its own incident.
    init(count: Int) {
        parent = Array(0..<count)
        wasJoined = Array(repeating: false, count: count)
    }

    /// The first item of `item`'s incident.
    mutating func incident(of item: Int) -> Int {
        var root = item
        while parent[root] != root { root = parent[root] }
        var walker = item
        // Each item on the way points at the first directly: later look-ups take one step.
        while parent[walker] != root { (walker, parent[walker]) = (parent[walker], root) }
        return root
    }

    /// Makes `item`'s whole incident part of `other`'s.
    mutating func join(_ item: Int, to other: Int) {
        let from = incident(of: item), into = incident(of: other)
        wasJoined[item] = true
        wasJoined[other] = true
        guard from != into else { return }
        parent[from] = into
    }

    /// Whether `item` was joined to another item or another to it: it belongs to an incident
    /// even if it changed nothing on its own.
    func joined(_ item: Int) -> Bool { wasJoined[item] }
}
