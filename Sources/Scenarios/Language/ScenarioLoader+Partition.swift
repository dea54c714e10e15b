import Simulator

extension ScenarioLoader {
    /// Parses a fault's `partition: [[a, b], [c], …]`, in worlds and in single MapReduce jobs:
    /// one or more groups, each naming one or more nodes, no node in two groups or twice in one.
    /// So a partition has at most as many groups as the world has nodes.
    ///
    /// Why so strict: the network keeps one group a node, so a node named again only moves it,
    /// and an empty group cuts nothing off; but the timeline draws the partition once for every
    /// node it names, each labelled with the whole partition, so its cost grows with the square
    /// of the names — 28,000 groups `[s1]` held 5.4 GB and ran for 108 s. Naming each node once
    /// bounds that by the world's nodes; a world of many client hosts is left to
    /// ``ResourceBudget/addFaultLabels(of:)``.
    ///
    /// `node` reads one member (and refuses a node the file does not have).
    static func parsePartition(_ cursor: YAMLCursor, node: (YAMLCursor) throws(ScenarioError) -> NodeID) throws(ScenarioError) -> [[NodeID]] {
        let items = try cursor.list()
        guard !items.isEmpty else { throw cursor.error(.invalidValue("a partition needs at least one group")) }
        var groupOf: [NodeID: Int] = [:]
        var groups: [[NodeID]] = []
        for (index, item) in items.enumerated() {
            let names = try item.list()
            guard !names.isEmpty else {
                throw item.error(.invalidValue("partition group \(index + 1) is empty; a group names 1 or more nodes"))
            }
            var members: [NodeID] = []
            for name in names {
                let id = try node(name)
                if let earlier = groupOf[id] {
                    let place = earlier == index ? "twice in partition group \(index + 1)" : "in partition groups \(earlier + 1) and \(index + 1)"
                    throw name.error(.invalidValue("node '\(id.name.excerpt)' is \(place); a node is in at most one group"))
                }
                groupOf[id] = index
                members.append(id)
            }
            groups.append(members)
        }
        return groups
    }

    /// The client host `name` names — `client`, or `client-N` for N from 1 to `clientHosts`
    /// (the workload's closed-loop users, or its open-loop `clients` when there are several) — or
    /// nil when it names no client host. Only these may stand in a partition beside the file's
    /// nodes: any other `client-…` name is a node no world has.
    static func clientHost(_ name: String, clientHosts: Int) -> NodeID? {
        if name == "client" { return NodeID(name) }
        guard clientHosts >= 1, name.hasPrefix("client-"), let number = Int(name.dropFirst("client-".count)),
              (1...clientHosts).contains(number), name == "client-\(number)" else { return nil }
        return NodeID(name)
    }
}
