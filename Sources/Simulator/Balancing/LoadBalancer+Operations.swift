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
    /// Any error leaves the replica set exactly as it was.
    public func add(n: Int, hostnames requested: [String]) -> BalancerReply {
        if let problem = validateAdd(n: n, hostnames: requested) {
            return BalancerReply(status: 400, body: AssignmentJSON.error(problem))
        }
        var names = requested
        while names.count < n { names.append(randomHostname(avoiding: names)) }
        // A trial copy of the strategy takes the new servers first, so a refusal changes nothing.
        var trial = strategy
        var newReplicas: [Replica] = []
        var nextID = (members.keys.max() ?? 0) + 1
        for name in names {
            do {
                try trial.serverAdded(nextID, hostname: name, weight: 1)
            } catch {
                return BalancerReply(status: 400, body: AssignmentJSON.error("Cannot add \(n) \(n == 1 ? "instance" : "instances"): \(Self.addProblem(error, adding: n, alreadyTried: newReplicas.count))"))
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
    static func addProblem(_ error: PlacementError, adding n: Int, alreadyTried: Int) -> String {
        guard case let .mapFull(slotCount, occupied, needed) = error else { return error.description }
        let freeBefore = slotCount - occupied + alreadyTried * needed
        let they = n == 1 ? "it needs" : "they need"
        return "the hash map is full: \(they) \(n * needed) free slots (\(needed) each) but only \(freeBefore) of \(slotCount) are free"
    }

    /// `rm`: removes the named replicas and randomly chosen others, `n` in all. Any error leaves
    /// the replica set exactly as it was.
    public func rm(n: Int, hostnames requested: [String]) -> BalancerReply {
        if let problem = validateRemove(n: n, hostnames: requested) {
            return BalancerReply(status: 400, body: AssignmentJSON.error(problem))
        }
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
        network.crash(replica.server.id)
        network.simulation.trace.record(.markDown, id.name, replica.hostname)
    }

    /// Adds a replica named `hostname` with the next free id; returns it, or nil if the map refused.
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
        network.addNode(node)
        if network.node(node)?.state != .up { network.restart(node) }
        return ServerReplica(node, configuration: configuration.server, network: network, serverID: String(serverID))
    }

    private func validateAdd(n: Int, hostnames requested: [String]) -> String? {
        if n <= 0 { return "Number of new instances must be a positive integer" }
        if requested.count > n { return "Length of hostname list is more than newly added instances" }
        if let duplicate = firstDuplicate(requested) { return "Hostname '\(duplicate)' appears more than once in the request" }
        if let taken = requested.first(where: { hostnames.contains($0) }) { return "Hostname '\(taken)' is already a replica" }
        if let bad = requested.first(where: { $0.isEmpty || $0 == id.name || $0 == "client" || $0.hasPrefix("client-") }) {
            return "Hostname '\(bad)' is not a valid replica hostname"
        }
        return nil
    }

    private func validateRemove(n: Int, hostnames requested: [String]) -> String? {
        if n <= 0 { return "Number of instances to remove must be a positive integer" }
        if requested.count > n { return "Length of hostname list is more than removable instances" }
        if n > members.count { return "Cannot remove \(n) \(n == 1 ? "instance" : "instances"): only \(members.count) replicas exist" }
        if let duplicate = firstDuplicate(requested) { return "Hostname '\(duplicate)' appears more than once in the request" }
        if let unknown = requested.first(where: { !hostnames.contains($0) }) { return "Hostname '\(unknown)' is not a replica" }
        return nil
    }

    private func firstDuplicate(_ names: [String]) -> String? {
        for (index, name) in names.enumerated() where names[..<index].contains(name) { return name }
        return nil
    }
}
