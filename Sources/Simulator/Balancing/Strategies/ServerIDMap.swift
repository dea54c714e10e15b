/// A strategy's state of each server, by server id, read at every pick.
///
/// The ids a balancer gives its servers are small and dense (1, 2, 3, …, each new server one
/// more than the largest), so ids below ``denseLimit`` index an array; any other id, which only
/// a strategy driven by hand can meet, goes to a dictionary. Hashing ids in a dictionary cost more
/// than the rest of a pick: smooth weighted round robin over four servers made eight lookups per
/// pick, 5 % of the instructions of a balanced run. Never iterated, so no order leaks out of it.
struct ServerIDMap<Value> {
    /// The ids below it are kept in an array of at most this many entries.
    static var denseLimit: Int { 4_096 }

    private var dense: [Value?] = []
    private var other: [Int: Value] = [:]

    init() {}

    subscript(id: Int) -> Value? {
        get {
            if id >= 0, id < Self.denseLimit { return id < dense.count ? dense[id] : nil }
            return other[id]
        }
        set {
            guard id >= 0, id < Self.denseLimit else {
                other[id] = newValue
                return
            }
            if id >= dense.count {
                guard newValue != nil else { return }
                dense.append(contentsOf: repeatElement(nil, count: id + 1 - dense.count))
            }
            dense[id] = newValue
        }
    }

    subscript(id: Int, default defaultValue: @autoclosure () -> Value) -> Value {
        get { self[id] ?? defaultValue() }
        set { self[id] = newValue }
    }
}

extension ServerIDMap: Sendable where Value: Sendable {}
