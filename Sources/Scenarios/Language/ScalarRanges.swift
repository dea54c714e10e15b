/// A set of Unicode scalars held as sorted, disjoint ranges of code points, for a property the
/// standard library does not give (``JoinerProperties``).
struct ScalarRanges: Sendable {
    let ranges: [ClosedRange<UInt32>]

    init(_ ranges: [ClosedRange<UInt32>]) {
        self.ranges = ranges
    }

    /// Whether `scalar` is in one of the ranges.
    /// - Complexity: O(log *n*) in the number of ranges.
    func contains(_ scalar: Unicode.Scalar) -> Bool {
        var low = 0, high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < scalar.value { low = middle + 1 } else { high = middle }
        }
        return low < ranges.count && ranges[low].contains(scalar.value)
    }
}
