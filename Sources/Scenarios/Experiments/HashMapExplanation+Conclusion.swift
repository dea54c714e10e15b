import Reports
import Simulator

// Section (d): the prediction set against what an even split would give.
extension HashMapExplanation {
    /// (d) One paragraph comparing the predicted shares with `1/N` each.
    var conclusionSection: String {
        // Heaviest first; a tie keeps the order the servers were added, so the text never varies.
        let ranked = servers.indices
            .sorted { (servers[$1].requestCount, $0) < (servers[$0].requestCount, $1) }
            .map { servers[$0] }
        guard let busiest = ranked.first, let idlest = ranked.last else {
            return "With no servers on the map there is no split to predict.\n"
        }
        let even = uniformShare
        let balance = predictedBalance
        var text = servers.count == 1
            ? "With 1 server on the map there is no split: it serves every request (\(NumberFormat.percent(even)))."
            : "An even split would give each of the \(count(servers.count, "server")) "
                + "\(NumberFormat.percent(even)) of the requests. "
        if servers.count == 1 {
            text += " Its arc is the whole circle, and all \(NumberFormat.integer(busiest.requestCount)) ids land on it."
        } else if busiest.requestCount == idlest.requestCount {
            text += "The map predicts exactly that: every server serves "
                + "\(NumberFormat.integer(busiest.requestCount)) of the ids."
        } else {
            let shares = ranked.map { "\($0.server.hostname) \(NumberFormat.percent($0.share))" }
            text += "The map predicts \(Self.list(shares)): \(busiest.server.hostname) gets "
                + "\(times(busiest.share / even)) an even share and \(idlest.server.hostname) "
                + "\(times(idlest.share / even)). \(busiest.server.hostname)'s arc covers "
                + "\(NumberFormat.percent(busiest.arcShare)) of the circle and holds "
                + "\(busiest.reachableSlots.count) of the \(reachableSlots) reachable slots "
                + "(\(percent(busiest.reachableSlots.count, of: reachableSlots))); weighted by the ids landing "
                + "on them, those slots make its \(NumberFormat.percent(busiest.share)). Jain's fairness index "
                + "of the predicted split is "
                + "\(NumberFormat.fixed(balance.jainFairnessIndex, decimals: 3)) (1 is an even split), as if "
                + "the load were shared evenly by "
                + "\(NumberFormat.fixed(balance.jainFairnessIndex * Double(servers.count), decimals: 1)) of the "
                + "\(servers.count) servers."
        }
        text += " Because every id of the range was hashed, these shares are exact for ids drawn uniformly "
            + "from it: a simulated run should match them up to sampling noise."
        return text + "\n"
    }

    /// A ratio such as `2.53×`.
    private func times(_ ratio: Double) -> String {
        NumberFormat.fixed(ratio, decimals: 2) + "×"
    }
}
