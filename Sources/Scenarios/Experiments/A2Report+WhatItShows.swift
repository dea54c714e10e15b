import Reports
import Simulator

// A-2's closing paragraph, chosen by the figures. It was one sentence written for the
// assignment's map at N = 2 … 6: a murmur3 map whose virtual servers covered slots 9…509 and
// whose requests reached all 512 slots still read "the same narrow region … requests reach only
// 512 slots, most of them on the long arc", and a file of one N read "82.0% at N = 4 and 82.0%
// at N = 4".
extension A2Result {
    /// What the runs show, from the map's explanation at the smallest and the largest N; without
    /// one (another placement) each N's verdict.
    func whatItShows(requests: Int) -> String {
        let ordered = runs.sorted { $0.servers < $1.servers }
        guard let first = ordered.first, let last = ordered.last,
              let firstMap = first.result.explanation, let lastMap = last.result.explanation,
              let busiest = firstMap.predictedShare.enumerated().max(by: { ($0.element.share, $1.offset) < ($1.element.share, $0.offset) })?.element,
              let lastShare = lastMap.predictedShare.first(where: { $0.hostname == busiest.hostname })?.share else {
            return runs.map { "N = \($0.servers): " + ($0.result.unansweredNote(requests: requests) ?? $0.result.statistics.judgedVerdict) }.joined(separator: "\n\n") + "\n"
        }
        var text: String
        if first.servers == last.servers {
            text = "With one server count, N = \(first.servers), nothing is compared across N: the busiest, `\(busiest.hostname)`, is predicted to take \(NumberFormat.percent(busiest.share, decimals: 1)) of all six-digit ids, against an even share of \(NumberFormat.percent(firstMap.uniformShare, decimals: 1)). "
        } else {
            text = "Adding replicas \(lastShare < busiest.share * 0.75 ? "relieves" : "barely relieves") the busiest one: `\(busiest.hostname)` is predicted to take \(NumberFormat.percent(busiest.share, decimals: 1)) of all six-digit ids at N = \(first.servers) and \(NumberFormat.percent(lastShare, decimals: 1)) at N = \(last.servers). "
        }
        text += Self.regionSentence(lastMap, servers: last.servers, grew: first.servers != last.servers)
        text += " Compare the observed standard deviation with the column \"uniform std dev\" (what a fair random split would give) "
        return text + (first.servers == last.servers ? "at N = \(first.servers).\n" : "at each N.\n")
    }

    /// Where the virtual servers sit at the largest N and which slots requests reach: a narrow
    /// region only when the longest run of free slots is at least half the circle, "only" only
    /// when some slot is out of reach, and "the long arc" only when it holds most reachable slots.
    static func regionSentence(_ map: HashMapExplanation, servers: Int, grew: Bool) -> String {
        let slotCount = map.configuration.slotCount
        let reach = map.reachableSlots < slotCount
            ? "requests reach only \(NumberFormat.counted(map.reachableSlots, "slot"))"
            : "requests reach all \(NumberFormat.counted(slotCount, "slot"))"
        guard let stretch = map.longestFreeStretch, 2 * stretch.slots.count >= slotCount,
              let lastFree = stretch.slots.first.map({ ($0 - 1 + slotCount) % slotCount }) else {
            let free = map.longestFreeStretch?.slots.count ?? 0
            return "At N = \(servers) the virtual servers are spread around the circle (the longest run of free slots is \(NumberFormat.integer(free)) of \(slotCount)), and \(reach)."
        }
        let region = "slots \(stretch.servedBy.slot)…\(lastFree) of \(slotCount)"
        let arc = Set(stretch.slots + [stretch.servedBy.slot])
        let onArc = map.histogram.reachableSlots.filter { arc.contains($0) }.count
        let most = 2 * onArc > map.reachableSlots ? ", most of them on the long arc that one virtual server covers" : ""
        let opening = grew
            ? "New servers' virtual servers land in the same narrow region as the old ones (at N = \(servers) all virtual servers sit in \(region))"
            : "The virtual servers sit in one narrow region (\(region))"
        return "\(opening), while \(reach)\(most)."
    }
}
