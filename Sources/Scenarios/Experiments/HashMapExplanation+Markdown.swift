import Reports
import Simulator

// The explanation's text: one section per question a reader asks of a skewed split, in the order
// that answers it — where the virtual servers are, where requests can land, who owns those
// landing slots, and what that predicts.
extension HashMapExplanation {
    /// The explanation as Markdown: a title at `headingLevel` and four sections one level below.
    ///
    /// - Parameter headingLevel: The level of the title, 1 … 5, so the text can sit inside a
    ///   larger report.
    /// - Returns: Text ending in a newline, identical for identical inputs.
    public func markdown(headingLevel: Int) -> String {
        precondition((1...5).contains(headingLevel), "heading level \(headingLevel) is outside 1 … 5")
        let title = String(repeating: "#", count: headingLevel)
        let section = title + "#"
        return [
            "\(title) Why the requests split this way\n\n" + settingParagraph,
            "\(section) Where the virtual servers sit\n\n" + placementSection,
            "\(section) Which slots requests can reach\n\n" + reachabilitySection,
            "\(section) Who owns the reachable slots\n\n" + ownershipSection,
            "\(section) Prediction against an even split\n\n" + conclusionSection,
        ].joined(separator: "\n")
    }

    /// The parameters everything below follows from.
    private var settingParagraph: String {
        let ids = histogram.requestIDs
        return "The map has M = \(configuration.slotCount) slots, K = \(count(configuration.virtualServersPerServer, "virtual server")) "
            + "per server, \(configuration.requestHash), \(configuration.virtualServerHash) and "
            + "\(configuration.probing.rawValue) probing, and holds \(count(servers.count, "server")). Requests "
            + "carry ids drawn uniformly from \(ids.lowerBound) … \(ids.upperBound) "
            + "(\(NumberFormat.integer(histogram.requestCount)) ids), each landing on slot H(id) mod "
            + "\(configuration.slotCount).\n"
    }

    /// (a) The occupied slots, per server, with every virtual server that had to probe.
    private var placementSection: String {
        guard !servers.isEmpty else { return "No servers are on the map, so no slot is occupied.\n" }
        let probed = occupiedSlots.filter { $0.probes > 0 }.count
        var text = "The map's \(count(servers.count, "server")) \(servers.count == 1 ? "holds" : "hold") "
            + "\(count(occupiedSlots.count, "virtual server")), on "
            + "\(percent(occupiedSlots.count, of: configuration.slotCount)) of the \(configuration.slotCount) "
            + "slots. Virtual server j of server i wants slot Φ(i, j) mod "
            + "\(configuration.slotCount); "
            + (probed == 0
                ? "every one found its slot free.\n\n"
                : "\(count(probed, "virtual server")) found that slot taken and probed on to a free one.\n\n")
        var table = MarkdownTable(columns: [
            .userText("server"), .numeric("id"), .text("slots (j = 0, 1, …)"), .text("probed"),
        ])
        for prediction in servers {
            let detours = prediction.placements.filter { $0.probes > 0 }.map {
                "j = \($0.virtualServer.index) wanted \($0.homeSlot), got \($0.slot) (\(count($0.probes, "probe")))"
            }
            table.append([
                prediction.server.hostname,
                String(prediction.server.id),
                prediction.placements.map { String($0.slot) }.joined(separator: ", "),
                detours.isEmpty ? "—" : detours.joined(separator: "; "),
            ])
        }
        text += table.rendered()
        if let stretch = longestFreeStretch {
            let owner = servers.first { $0.server.id == stretch.servedBy.virtualServer.serverID }
            let requests = histogram.requestCount(onSlots: stretch.slots)
            text += "\nThe longest run of free slots, \(SlotRanges.text(stretch.slots)) "
                + "(\(count(stretch.slots.count, "slot")), "
                + "\(percent(stretch.slots.count, of: configuration.slotCount)) of the circle), ends at slot \(stretch.servedBy.slot), held by "
                + "\(owner.map { MarkdownTable.literal($0.server.hostname) } ?? "an unknown server"), so every request landing there goes to it: "
                + "\(NumberFormat.integer(requests)) of the ids "
                + "(\(percent(requests, of: histogram.requestCount))).\n"
        }
        return text
    }

    /// (c) Each server's arc, the reachable slots on it and the ids that land there.
    private var ownershipSection: String {
        guard !servers.isEmpty else { return "No server serves any request.\n" }
        let intro = "A request goes to the first virtual server at or after its slot, clockwise, so each "
            + "server serves an arc of slots. What decides its load is not the length of the arc but "
            + "which reachable slots lie on it and how many ids land on them.\n\n"
        var shares = MarkdownTable(columns: [
            .userText("server"), .numeric("arc (slots)"), .numeric("share of circle"),
            .numeric("reachable slots on arc"), .numeric("ids landing"), .numeric("predicted share"),
        ])
        var slots = MarkdownTable(columns: [.userText("server"), .text("arc"), .text("reachable slots on it")])
        for prediction in servers {
            shares.append([
                prediction.server.hostname,
                NumberFormat.integer(prediction.arcSlots.count),
                NumberFormat.percent(prediction.arcShare),
                NumberFormat.integer(prediction.reachableSlots.count),
                NumberFormat.integer(prediction.requestCount),
                NumberFormat.percent(prediction.share),
            ])
            slots.append([
                prediction.server.hostname,
                SlotRanges.text(prediction.arcSlots),
                SlotRanges.text(prediction.reachableSlots),
            ])
        }
        return intro + shares.rendered() + "\n" + slots.rendered()
    }

    /// `count` followed by `noun`, pluralised unless `count` is 1 (``NumberFormat/counted(_:_:plural:)``).
    func count(_ count: Int, _ noun: String) -> String {
        NumberFormat.counted(count, noun)
    }

    /// `part / whole` as a percentage with one decimal; 0 % when `whole` is 0.
    func percent(_ part: Int, of whole: Int) -> String {
        NumberFormat.percent(whole == 0 ? 0 : Double(part) / Double(whole))
    }
}
