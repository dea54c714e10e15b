import Yams

/// One scenario the shrinker tries: the original file with its chaos replaced by an explicit
/// list of incidents, and its workload at some size. Built in memory from the original
/// document's YAML tree and checked by the same loader as any file.
struct ShrinkCandidate {
    /// The incidents it keeps, in schedule order.
    var incidents: [FaultIncident]
    /// Its workload figures.
    var sizes: [WorkloadSize]

    /// The document's YAML tree with the top-level `chaos:` and `mapreduce.chaos` removed,
    /// `faults:` replaced by the candidate's incidents (or removed when there are none), and the
    /// workload figures set.
    ///
    /// - Parameter base: the original root mapping, already carrying any `--expect` assertions.
    func root(from base: Node) -> Node {
        guard case .mapping(var top) = base else { return base }
        top = Self.removing("chaos", from: top)
        if case .mapping(let section)? = top["mapreduce"] {
            top["mapreduce"] = .mapping(Self.removing("chaos", from: section))
        }
        let items = incidents.flatMap(\.items).sorted { $0.position < $1.position }.map(\.node)
        if items.isEmpty {
            top = Self.removing("faults", from: top)
        } else {
            top["faults"] = .sequence(Node.Sequence(items))
        }
        return .mapping(top)
    }

    /// The scenario document it describes.
    ///
    /// - Throws: ``ScenarioError`` when the loader refuses it (a fault after a shortened time
    ///   limit, say).
    func document(from base: Node, file: String) throws(ScenarioError) -> ScenarioDocument {
        try ScenarioDocument(root: YAMLCursor(node: root(from: base), file: file, path: ""), file: file)
            .overriding(sizes.map(\.override), option: "shrink")
    }

    /// `mapping` without `key`.
    static func removing(_ key: String, from mapping: Node.Mapping) -> Node.Mapping {
        Node.Mapping(mapping.filter { $0.key.string != key }, mapping.tag, mapping.style)
    }
}
