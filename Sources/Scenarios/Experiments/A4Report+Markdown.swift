import Reports
import Simulator

extension A4Result {
    func markdown(spec: PlacementExperimentSpec) -> String {
        let digest = variants.map(\.a1.run.digest).joined(separator: " ")
        var out = ExperimentReport.headerQuotingDescription(title: "A-4: modified hash functions and real placement algorithms", spec: spec, digest: digest)
        out += "Each placement below runs A-1 (N = \(comparisonServers)) and A-2 (N = \(spec.serverCounts.map(String.init).joined(separator: ", "))) through the simulated balancer with \(NumberFormat.integer(spec.requests)) concurrent requests, exactly as the default run does.\n\n"
        var placements = MarkdownTable(columns: [.userText("placement"), .text("definition")])
        for variant in variants { placements.append([variant.variant.label, variant.variant.placement.summary]) }
        out += placements.rendered() + "\n"
        out += "Every placement gets the same \(NumberFormat.integer(spec.requests)) request ids at every N, drawn from the experiment's seed. How each assignment map is built:\n\n"
        for variant in variants {
            if let construction = variant.variant.placement.construction { out += "- \(MarkdownTable.literal(variant.variant.label)): \(construction)\n" }
        }
        out += "\n"

        out += "## A-1 again: N = \(comparisonServers)\n\n"
        var a1 = MarkdownTable(columns: [.userText("placement")] + (1...comparisonServers).map { .numeric("Server \($0)") } + [.numeric("max / mean"), .numeric("CV"), .numeric("Jain"), .numeric("reachable slots")])
        for variant in variants {
            let s = variant.a1.statistics
            a1.append([variant.variant.label] + variant.a1.run.counts.map { NumberFormat.integer($0.requests) }
                      + [NumberFormat.fixed(s.peakToAverage, decimals: 3), NumberFormat.fixed(s.coefficientOfVariation, decimals: 3),
                         NumberFormat.fixed(s.jainFairnessIndex, decimals: 3), variant.a1.explanation.map { "\($0.reachableSlots) of \($0.configuration.slotCount)" } ?? "—"])
        }
        out += a1.rendered() + "\n![A-1 by placement](a1_by_placement.svg)\n\n![side by side](a1_side_by_side.svg)\n\n"

        out += "## A-2 again: the busiest server over the mean\n\n"
        let counts = variants.first?.a2.runs.map(\.servers) ?? []
        var a2 = MarkdownTable(columns: [.userText("placement")] + counts.map { .numeric("N = \($0)") })
        for variant in variants {
            a2.append([variant.variant.label] + variant.a2.runs.map { NumberFormat.fixed($0.result.statistics.peakToAverage, decimals: 3) })
        }
        out += a2.rendered() + "\nA value of 1 means every server got exactly the mean; \(uniformSplitSentence(requests: spec.requests))\n\n![imbalance](a2_imbalance.svg)\n\n"
        out += unansweredParagraph(requests: spec.requests) ?? ""

        out += "## Keys moved when a server is added or removed\n\n"
        out += "Over all 900,000 six-digit request ids, starting from N = \(movementBase). \"Ideal\" is what a placement that stays even must move: the new server's fair share when adding (a placement that moves less leaves the new server short of its share), the removed server's own keys when removing (no placement can move fewer). \"Between survivors\" counts keys that moved although neither their old nor their new server was the one added or removed: a minimal-disruption placement moves none.\n\n"
        var moves = MarkdownTable(columns: [.userText("placement"), .text("change"), .numeric("moved"), .numeric("ideal"), .numeric("between survivors")])
        for variant in variants {
            for movement in [variant.added, variant.removedFirst, variant.removedLast] {
                moves.append([variant.variant.label, movement.change.description, NumberFormat.percent(movement.movedFraction, decimals: 2),
                              NumberFormat.percent(movement.idealFraction, decimals: 2), NumberFormat.integer(movement.movedBetweenSurvivors)])
            }
        }
        out += moves.rendered() + "\n"
        out += "## Why they differ\n\n" + explanations() + "\n"
        return out
    }

    /// Whether the bounded-loads cap moved any request, told by the plain ring of the same points
    /// run on the same requests: the cap bounds the load *in flight* at each pick (its capacity
    /// ⌈(1 + ε)(m + 1)/n⌉ is 1 for the first requests of a burst), which the final counts alone
    /// cannot show — a report once said it "never binds" while its counts differed from the ring's.
    func boundedLoadsSentence(_ variant: A4Result.VariantResult, epsilon: Double, points: Int) -> String {
        let cap = "Its cap of \(NumberFormat.fixed(1 + epsilon, decimals: 2))× the mean in-flight load"
        guard let ring = variants.first(where: { if case .ring(points) = $0.variant.placement { true } else { false } }) else {
            return "\(cap) applies to the requests in flight at each pick, which these counts do not show. "
        }
        var moved: [(servers: Int, requests: Int)] = []
        for run in variant.a2.runs {
            guard let twin = ring.a2.runs.first(where: { $0.servers == run.servers }) else { continue }
            let bounded = run.result.run.counts.map(\.requests), plain = twin.result.run.counts.map(\.requests)
            let difference = zip(bounded, plain).reduce(0) { $0 + abs($1.0 - $1.1) } / 2
            if difference > 0 { moved.append((run.servers, difference)) }
        }
        guard !moved.isEmpty else {
            return "\(cap) never binds here: at every N its counts equal those of **\(MarkdownTable.literal(ring.variant.label))**, which it walks. "
        }
        func series(_ items: [String]) -> String {
            items.count == 1 ? items[0] : items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
        }
        let requests = series(moved.map { NumberFormat.integer($0.requests) }), counts = series(moved.map { "\($0.servers)" })
        return "\(cap) binds: its counts differ from those of **\(MarkdownTable.literal(ring.variant.label))**, the ring it walks, by at least \(requests) request(s) at N = \(counts) — each passed on clockwise because its server was at the cap when it arrived. "
    }

    /// Conclusions computed from the figures above, one paragraph per placement, then a ranking.
    func explanations() -> String {
        var paragraphs: [String] = []
        for variant in variants {
            var text = "**\(MarkdownTable.literal(variant.variant.label)).** "
            if let explanation = variant.a1.explanation {
                let slots = explanation.occupiedSlots.map(\.slot)
                text += "Requests reach \(explanation.reachableSlots) of \(explanation.configuration.slotCount) slots"
                if let square = explanation.reachability.completedSquare {
                    text += " (H completes to a square plus \(square.shift), and only the squares modulo \(explanation.configuration.slotCount) are reachable)"
                }
                text += "; the \(slots.count) virtual servers sit in slots \(slots.min() ?? 0)…\(slots.max() ?? 0). "
                if let busiest = explanation.predictedShare.max(by: { $0.share < $1.share }) {
                    text += "Weighting each reachable slot by the ids that hash to it predicts \(busiest.hostname.markdownCode) takes \(NumberFormat.percent(busiest.share, decimals: 1)) of all ids (a fair share is \(NumberFormat.percent(explanation.uniformShare, decimals: 1))); the simulated run gave it \(NumberFormat.percent(Double(variant.a1.statistics.maximum) / Double(max(variant.a1.statistics.total, 1)), decimals: 1))"
                    // A share of the answered requests when some went unanswered (see the ranking's caveat).
                    text += variant.a1.run.failed > 0 ? " of the \(NumberFormat.integer(variant.a1.statistics.total)) its replicas answered. " : ". "
                }
            } else {
                text += "Keys are hashed over the whole 64-bit space, so no slot structure restricts them; "
                text += "at N = \(comparisonServers) the busiest server carries \(NumberFormat.fixed(variant.a1.statistics.peakToAverage, decimals: 3))× the mean. "
                if case .boundedLoads(let epsilon, let points) = variant.variant.placement {
                    text += boundedLoadsSentence(variant, epsilon: epsilon, points: points)
                }
            }
            text += movementSentences(variant)
            paragraphs.append(text)
        }
        if let ranking = rankingParagraph() { paragraphs.append(ranking) }
        return paragraphs.joined(separator: "\n\n") + "\n"
    }
}
