extension HashRing {
    /// A broken internal invariant; its description says which.
    public struct InvariantViolation: Error, CustomStringConvertible {
        /// What does not hold.
        public let description: String
    }

    /// Checks that the ring holds exactly `V` points per node, at the positions the hash gives,
    /// sorted by position and then node id.
    ///
    /// - Throws: `InvariantViolation` describing the first failure.
    /// - Complexity: O(*n·V·log(n·V)*).
    public func checkInvariants() throws(InvariantViolation) {
        guard Set(nodes).count == nodes.count else {
            throw InvariantViolation(description: "node ids are not unique")
        }
        guard points.count == owners.count, points.count == nodes.count * virtualNodesPerNode else {
            throw InvariantViolation(
                description: "\(points.count) points for \(nodes.count) nodes of \(virtualNodesPerNode)")
        }
        let expected = nodes
            .flatMap { node in (0..<virtualNodesPerNode).map { (Self.position(ofNode: node, replica: $0), node) } }
            .sorted { ($0.0, $0.1) < ($1.0, $1.1) }
        guard expected.map(\.0) == points, expected.map(\.1) == owners else {
            throw InvariantViolation(description: "points are not the sorted hashes of the nodes")
        }
        guard (arcStarts, arcShift) == Self.arcIndex(of: points) else {
            throw InvariantViolation(description: "the arc index does not match the points")
        }
    }
}
