/// Writes a list of slot numbers the way a reader scans it: runs of three or more consecutive
/// slots collapse to `first–last`, so a 424-slot arc reads `0–26, 115–511` instead of 424 numbers.
enum SlotRanges {
    /// The slots as comma-separated numbers and ranges, in the order given, or `none` for an empty
    /// list.
    ///
    /// - Parameter slots: Slot numbers without repeats, ascending or in clockwise order (an arc
    ///   that wraps reads `500–511, 0–3`).
    static func text(_ slots: [Int]) -> String {
        guard !slots.isEmpty else { return "none" }
        var parts: [String] = []
        var start = 0
        while start < slots.count {
            var end = start
            while end + 1 < slots.count, slots[end + 1] == slots[end] + 1 {
                end += 1
            }
            if end - start >= 2 {
                parts.append("\(slots[start])–\(slots[end])")
            } else {
                parts.append(contentsOf: slots[start...end].map(String.init))
            }
            start = end + 1
        }
        return parts.joined(separator: ", ")
    }
}
