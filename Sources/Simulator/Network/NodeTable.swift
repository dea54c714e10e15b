/// The network's nodes by name: an open-addressing table indexed by each name's stable hash.
///
/// Every message looks nodes up by name — its sender when it leaves, its destination, its caller
/// when the answer comes back. A `Dictionary<NodeID, _>` runs SipHash over the name's
/// precomputed FNV-1a hash for each of those lookups; this table spreads that hash with one
/// multiplication instead (Fibonacci hashing) and probes linearly, so a lookup is a multiply, a
/// shift and a comparison of hashes and then of names. It depends on no per-process seed, so its
/// layout is the same in every run; callers that list its names sort them anyway.
///
/// Removal shifts the entries that follow back into the hole (no tombstones), so lookups never
/// outlive the entries that are present.
struct NodeTable<Value> {
    /// The name in each slot (a placeholder where the slot is free).
    private var ids: [NodeID]
    /// The value in each slot; `nil` marks a free slot.
    private var values: [Value?]
    /// log2 of the number of slots.
    private var bits: Int
    /// Number of names present.
    private(set) var count = 0

    /// An empty table.
    init() {
        bits = 3
        ids = Array(repeating: NodeID(""), count: 1 << bits)
        values = Array(repeating: nil, count: 1 << bits)
    }

    /// Whether no name is present.
    var isEmpty: Bool { count == 0 }

    /// Every name present, in no meaningful order.
    var names: [NodeID] { ids.indices.compactMap { values[$0] == nil ? nil : ids[$0] } }

    /// The value stored for `id`; setting `nil` removes it.
    subscript(id: NodeID) -> Value? {
        get {
            guard let slot = slot(of: id) else { return nil }
            return values[slot]
        }
        set {
            if let newValue {
                insert(newValue, for: id)
            } else if let slot = slot(of: id) {
                remove(at: slot)
            }
        }
    }

    /// The slot a hash would sit in if nothing were in the way.
    @inline(__always)
    private func home(_ hash: UInt64) -> Int {
        Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits))
    }

    /// The slot holding `id`, if present.
    @inline(__always)
    private func slot(of id: NodeID) -> Int? {
        let hash = id.stableHash, mask = (1 << bits) - 1
        var index = home(hash)
        while values[index] != nil {
            if ids[index].stableHash == hash && ids[index].name == id.name { return index }
            index = (index + 1) & mask
        }
        return nil
    }

    private mutating func insert(_ value: Value, for id: NodeID) {
        if let slot = slot(of: id) {
            values[slot] = value
            return
        }
        // At most half full, so every probe ends at a free slot soon.
        if (count + 1) * 2 > values.count { grow() }
        let mask = (1 << bits) - 1
        var index = home(id.stableHash)
        while values[index] != nil { index = (index + 1) & mask }
        ids[index] = id
        values[index] = value
        count += 1
    }

    /// Empties `slot`, then moves back each following entry of the same run whose home slot is
    /// not cyclically between the hole and where it sits, so every entry stays reachable from
    /// its home slot by probing.
    private mutating func remove(at slot: Int) {
        let mask = (1 << bits) - 1
        var hole = slot
        var index = slot
        while true {
            index = (index + 1) & mask
            guard values[index] != nil else { break }
            let wanted = home(ids[index].stableHash)
            // The entry may stay if its home lies in (hole, index], cyclically.
            let staysPut = hole <= index ? (wanted > hole && wanted <= index) : (wanted > hole || wanted <= index)
            if staysPut { continue }
            ids[hole] = ids[index]
            values[hole] = values[index]
            hole = index
        }
        ids[hole] = NodeID("")
        values[hole] = nil
        count -= 1
    }

    private mutating func grow() {
        let entries = ids.indices.compactMap { slot in values[slot].map { (ids[slot], $0) } }
        bits += 1
        ids = Array(repeating: NodeID(""), count: 1 << bits)
        values = Array(repeating: nil, count: 1 << bits)
        count = 0
        for (id, value) in entries { insert(value, for: id) }
    }
}

extension NodeTable where Value: AnyObject {
    /// The object stored for `id`, not counted: the table holds it for as long as it is present,
    /// so a caller that removes nothing while it uses the object need not count a reference
    /// (an atomic increment and decrement per lookup).
    @inline(__always)
    func lent(_ id: NodeID) -> Unmanaged<Value>? {
        guard let slot = slot(of: id) else { return nil }
        return values[slot].map(Unmanaged.passUnretained)
    }
}
