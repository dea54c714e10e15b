import Reports

// A-4's figures that read a sentence off the runs rather than state a fixed one: what a uniform
// split's max / mean would be for the file's request count, and the ranking by Jain's index.
extension A4Result {
    /// What a uniform random split's busiest server would carry for `requests` over the file's N:
    /// the mean plus two standard deviations, over the mean. "Within a few percent of 1" was fixed
    /// text; 60 requests read it above max / mean figures of 1.300 … 1.500, as chance gives them.
    func uniformSplitSentence(requests: Int) -> String {
        let bounds = (variants.first?.a2.runs ?? []).sorted { $0.servers < $1.servers }.map { run in
            let uniform = run.result.statistics.uniform
            return (servers: run.servers, bound: uniform.mean > 0 ? min(Double(run.servers), 1 + 2 * uniform.standardDeviation / uniform.mean) : 1)
        }
        let text = "a uniform random split of \(NumberFormat.counted(requests, "request"))"
        guard let low = bounds.first, let high = bounds.last, high.bound > 1.05 else { return text + " stays within a few percent of 1." }
        let figures = low.servers == high.servers
            ? "\(NumberFormat.fixed(high.bound, decimals: 3)) at N = \(high.servers)"
            : "\(NumberFormat.fixed(low.bound, decimals: 3)) at N = \(low.servers) to \(NumberFormat.fixed(high.bound, decimals: 3)) at N = \(high.servers)"
        return text + " would itself put its busiest server near the mean plus two standard deviations, a max / mean of about \(figures)."
    }

    /// The placements ranked by Jain's index at the comparison size, or nil with none. One
    /// placement is not ranked against itself, placements of the same index are named together,
    /// and at N = 1 every placement puts everything on the one server ("most even **dflt** …
    /// least even **mag**", both at 1.000).
    func rankingParagraph() -> String? {
        guard let first = variants.first else { return nil }
        let jain = { (variant: VariantResult) in NumberFormat.fixed(variant.a1.statistics.jainFairnessIndex, decimals: 3) }
        if comparisonServers == 1 {
            return "At N = 1 every placement sends every request to the one server, so there is no evenness to rank."
        }
        let scale = "1 is an even split and 1/N = \(NumberFormat.fixed(1 / Double(comparisonServers), decimals: 3)) would mean everything on one server"
        if variants.count == 1 {
            return "With one placement there is nothing to rank: at N = \(comparisonServers) **\(MarkdownTable.literal(first.variant.label))** reads Jain \(jain(first)) (\(scale))." + rankingCaveat(best: first)
        }
        // Ties are exact ones: results/a4's rendezvous, Maglev and jump all print 1.000, but
        // rendezvous's index is the highest (its max / mean 1.004 against 1.007 and 1.017).
        let index = { (variant: VariantResult) in variant.a1.statistics.jainFairnessIndex }
        let ranked = variants.sorted { index($0) > index($1) }
        let best = ranked[0], worst = ranked[ranked.count - 1]
        if index(best) == index(worst) {
            return "At N = \(comparisonServers) every placement reads the same Jain index, \(jain(best)) (\(scale)), so none is more even than another." + rankingCaveat(best: best)
        }
        let top = ranked.filter { index($0) == index(best) }, bottom = ranked.filter { index($0) == index(worst) }
        func named(_ group: [VariantResult], _ one: String, _ many: String) -> String {
            let labels = group.map { "**\(MarkdownTable.literal($0.variant.label))**" }
            return (group.count == 1 ? one : many) + " " + HashMapExplanation.list(labels)
        }
        return "At N = \(comparisonServers), \(named(top, "the most even placement is", "the most even placements are")) (Jain \(jain(best))) and \(named(bottom, "the least even is", "the least even are")) (Jain \(jain(worst)), where 1/N = \(NumberFormat.fixed(1 / Double(comparisonServers), decimals: 3)) would mean everything on one server)." + rankingCaveat(best: best)
    }
}
