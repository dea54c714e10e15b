extension HashRing {
    /// The node owning the first point at or clockwise after `key`'s position.
    ///
    /// - Returns: The node id, or `nil` when the ring is empty.
    /// - Complexity: O(log(*n·V*)); does not allocate.
    public func node(for key: UInt64) -> Int? {
        guard !points.isEmpty else { return nil }
        return owners[successorIndex(of: Self.position(ofKey: key))]
    }

    /// The index of the first point at or after `position`, wrapping to 0 past the last point.
    ///
    /// - Precondition: The ring is not empty.
    /// - Complexity: O(log(*n·V*)).
    func successorIndex(of position: UInt64) -> Int {
        var low = 0
        var high = points.count
        while low < high {
            let middle = low + (high - low) / 2
            if points[middle] < position {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low == points.count ? 0 : low
    }
}
