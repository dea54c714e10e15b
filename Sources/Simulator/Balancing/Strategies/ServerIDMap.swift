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

    /// Calls `body` with the index of every server of `servers` that `include` admits, in order,
    /// and that server's value (`defaultValue` if it has none) to change in place.
    ///
    /// A pick that visits every server changes every value: through the subscript each change
    /// checked that the storage was not shared (15 instructions a server, a tenth of a pick among
    /// 1,000 servers); here the dense ids' storage is covered first and then changed through one
    /// buffer.
    mutating func update(_ servers: [UpstreamCandidate], where include: (Int) -> Bool, default defaultValue: Value,
                         _ body: (Int, inout Value) -> Void) {
        var highest = -1
        for server in servers where server.serverID < Self.denseLimit { highest = Swift.max(highest, server.serverID) }
        if highest >= dense.count { dense.append(contentsOf: repeatElement(nil, count: highest + 1 - dense.count)) }
        dense.withUnsafeMutableBufferPointer { dense in
            for index in servers.indices where include(index) {
                let id = servers[index].serverID
                if id >= 0, id < Self.denseLimit {
                    var value = dense[id] ?? defaultValue
                    body(index, &value)
                    dense[id] = value
                } else {
                    var value = other[id] ?? defaultValue
                    body(index, &value)
                    other[id] = value
                }
            }
        }
    }
}

extension ServerIDMap: Sendable where Value: Sendable {}
