/// An operation's answer: the HTTP status and the JSON body, as the original returns them.
public struct BalancerReply: Sendable, Equatable {
    public var status: Int
    public var body: String

    public init(status: Int, body: String) {
        self.status = status
        self.body = body
    }
}

extension LoadBalancer {
    /// `rep`: the number of replicas and their hostnames.
    public func rep() -> BalancerReply {
        BalancerReply(status: 200, body: AssignmentJSON.replicas(hostnames))
    }

    /// `add`: starts `n` new replicas, named by `hostnames` and the rest by random hostnames.
    ///
    /// - Throws: why the add was refused (the original's status 400), which leaves the replica
    ///   set exactly as it was.
    public func add(n: Int, hostnames requested: [String]) throws(ReplicaSetRefusal) -> BalancerReply {
        try validateAdd(n: n, hostnames: requested)
        var names = requested
        while names.count < n { names.append(randomHostname(avoiding: names)) }
        // A trial copy of the strategy takes the new servers first, so a refusal changes nothing.
        var trial = strategy
        var newReplicas: [Replica] = []
        // Ids go on from the largest a current replica has, not from the smallest unused one, and
        // are not kept for removed replicas: after removing the replica with the largest id, the
        // next one added takes its id, and with it its slots on the assignment's map and its
        // `/home` answer (ids {1, 3} give 4; {1, 2} after removing 3 give 3 again).
        var nextID = (members.keys.max() ?? 0) + 1
        for name in names {
            do {
                try trial.serverAdded(nextID, hostname: name, weight: 1)
            } catch {
                throw Self.addRefusal(error, adding: n, alreadyTried: newReplicas.count)
            }
            newReplicas.append(Replica(id: nextID, hostname: name, server: makeServer(id: nextID, hostname: name)))
            nextID += 1
        }
        strategy = trial
        for replica in newReplicas {
            join(replica)
            network.simulation.trace.record(.spawnReplica, id.name, replica.hostname)
        }
        return rep()
    }

    /// Why the add failed, for the whole add: a full map is stated as the slots all `n` servers
    /// need against those free before it. The trial copy fails part-way, after `alreadyTried`
    /// servers took slots that the refusal gives back, so its own count ("a server needs 9 free
    /// slots but only 8 of 512 are free", while 485 were) described a state that never existed.
    static func addRefusal(_ error: PlacementError, adding n: Int, alreadyTried: Int) -> ReplicaSetRefusal {
        guard case let .mapFull(slotCount, occupied, needed) = error else { return .placement(adding: n, error) }
        return .mapFull(adding: n, slotsEach: needed, freeBefore: slotCount - occupied + alreadyTried * needed, slotCount: slotCount)
    }

    /// `rm`: removes the named replicas and randomly chosen others, `n` in all.
    ///
    /// - Throws: why the removal was refused (the original's status 400), which leaves the
    ///   replica set exactly as it was.
    public func rm(n: Int, hostnames requested: [String]) throws(ReplicaSetRefusal) -> BalancerReply {
        try validateRemove(n: n, hostnames: requested)
        var victims = requested.compactMap { name in members.values.first { $0.replica.hostname == name }?.replica.id }
        var candidates = members.keys.filter { !victims.contains($0) }
        while victims.count < n {
            victims.append(candidates.remove(at: Int(random.next() % UInt64(candidates.count))))
        }
        for victim in victims { remove(serverID: victim) }
        return rep()
    }

    /// Takes replica `serverID` off the map and out of the replica set (its node stops too).
    func remove(serverID: Int) {
        guard let replica = members.removeValue(forKey: serverID)?.replica else { return }
        strategy.serverRemoved(serverID)
        network.retire(replica.server.id)
        network.simulation.trace.record(.markDown, id.name, replica.hostname)
    }

    /// Adds a replica named `hostname` with the id after the largest a current replica has (as
    /// ``add(n:hostnames:)`` numbers them: a removed replica's id is given again when it was the
    /// largest); returns it, or nil if the map refused.
    func addReplica(hostname: String) -> Replica? {
        let serverID = (members.keys.max() ?? 0) + 1
        do {
            try strategy.serverAdded(serverID, hostname: hostname, weight: 1)
        } catch {
            return nil
        }
        let replica = Replica(id: serverID, hostname: hostname, server: makeServer(id: serverID, hostname: hostname))
        join(replica)
        network.simulation.trace.record(.spawnReplica, id.name, hostname)
        return replica
    }

    /// A fresh hostname from the balancer's seeded stream, e.g. `S-k3x9q`, unused so far.
    func randomHostname(avoiding taken: [String] = []) -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        while true {
            let suffix = String((0..<5).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
            let name = "S-\(suffix)"
            if !taken.contains(name) && !hostnames.contains(name) { return name }
        }
    }

    private func makeServer(id serverID: Int, hostname: String) -> ServerReplica {
        let node = NodeID(hostname)
        network.enlist(node)
        return ServerReplica(node, configuration: configuration.server, network: network, serverID: String(serverID))
    }

    private func validateAdd(n: Int, hostnames requested: [String]) throws(ReplicaSetRefusal) {
        if n <= 0 { throw .nonPositiveAdd(n: n) }
        if requested.count > n { throw .moreHostnamesThanAdded }
        if let duplicate = firstDuplicate(requested) { throw .repeatedHostname(duplicate) }
        if let taken = requested.first(where: { hostnames.contains($0) }) { throw .alreadyReplica(taken) }
        if let bad = requested.first(where: { $0.isEmpty || $0 == id.name || $0 == "client" || $0.hasPrefix("client-") }) {
            throw .invalidHostname(bad)
        }
    }

    private func validateRemove(n: Int, hostnames requested: [String]) throws(ReplicaSetRefusal) {
        if n <= 0 { throw .nonPositiveRemove(n: n) }
        if requested.count > n { throw .moreHostnamesThanRemoved }
        if n > members.count { throw .tooFewReplicas(removing: n, existing: members.count) }
        if let duplicate = firstDuplicate(requested) { throw .repeatedHostname(duplicate) }
        if let unknown = requested.first(where: { !hostnames.contains($0) }) { throw .notAReplica(unknown) }
    }

    private func firstDuplicate(_ names: [String]) -> String? {
        for (index, name) in names.enumerated() where names[..<index].contains(name) { return name }
        return nil
    }
}
