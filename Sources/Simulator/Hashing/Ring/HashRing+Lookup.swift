extension HashRing {
    /// The node owning the first point at or clockwise after ring position `position` (a key's
    /// ``position(ofKey:)``).
    ///
    /// - Returns: The node id, or `nil` when the ring is empty.
    /// - Complexity: O(log(*n·V*)); does not allocate.
    public func node(atPosition position: UInt64) -> Int? {
        guard !points.isEmpty else { return nil }
        return owners[successorIndex(of: position)]
    }

    /// The index of the first point at or after `position`, wrapping to 0 past the last point.
    ///
    /// Only the points of `position`'s arc are searched (``arcStarts``): every point before them
    /// is below the arc's start, every point after them at or above the next arc's.
    ///
    /// - Precondition: The ring is not empty.
    /// - Complexity: O(log(*n·V*)) at worst, O(1) expected.
    func successorIndex(of position: UInt64) -> Int {
        let arc = Int(truncatingIfNeeded: position >> arcShift)
        var low = arcStarts[arc]
        var high = arcStarts[arc &+ 1]
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
