import Reports

extension A4Result {
    /// One placement's runs whose requests were not all answered: `(servers, unanswered)` by N.
    /// A-1's run is among A-2's when the comparison size is one of the file's N; otherwise it is
    /// a run of its own, listed too.
    func shortfalls(_ variant: VariantResult) -> [(servers: Int, unanswered: Int)] {
        var runs = variant.a2.runs.map { (servers: $0.servers, unanswered: $0.result.run.failed) }
        if !runs.contains(where: { $0.servers == comparisonServers }) {
            runs.append((comparisonServers, variant.a1.run.failed))
        }
        return runs.filter { $0.unanswered > 0 }.sorted { $0.servers < $1.servers }
    }

    /// What the report says when some run's requests went unanswered (a client waits ``DistributionRun/clientTimeout``; a
    /// slow replica's queue outlasts it), or nil when every request was answered. A-4's tables
    /// and its ranking read the counts the replicas answered, so a placement whose requests
    /// timed out is judged on counts short of the requests — the queues' doing as much as the
    /// placement's; the report said nothing of it (A-1 and A-2 do).
    func unansweredParagraph(requests: Int) -> String? {
        let short = variants.map { ($0.variant.label, shortfalls($0)) }.filter { !$0.1.isEmpty }
        guard !short.isEmpty else { return nil }
        let lists = short.map { label, runs in
            "**\(label)**: " + HashMapExplanation.list(runs.map { "\(NumberFormat.integer($0.unanswered)) at N = \($0.servers)" })
        }
        let total = short.reduce(0) { $0 + $1.1.reduce(0) { $0 + $1.unanswered } }
        let placements = short.count == 1 ? "that placement's" : "those placements'"
        return "**Not every request was answered** (not within the \(DistributionRun.clientTimeoutText) a client waits): of the \(NumberFormat.integer(requests)) sent at each N, "
            + "\(NumberFormat.counted(total, "request")) in all went unanswered — \(lists.joined(separator: "; ")). Where they did, \(placements) counts are what the replicas answered, "
            + "not where the placement sent every request: their max / mean, CV and Jain measure the replicas' queues as well as the placement, and the ranking below reads them as they are. "
            + "Give the replicas more slots, a faster service time or fewer requests to compare the placements alone.\n\n"
    }

    /// The ranking's caveat when a placement ranked at the comparison size lost requests there,
    /// or "" when none did. A client gives up where a replica's queue is longest, so a short
    /// placement's counts are clipped at its busiest replicas and its Jain reads more even than
    /// its split: the most even placement stands only if it answered every request.
    func rankingCaveat(best: VariantResult) -> String {
        let short = variants.filter { $0.a1.run.failed > 0 }
        guard !short.isEmpty else { return "" }
        let list = short.map { "**\($0.variant.label)**: \(NumberFormat.integer($0.a1.run.failed))" }.joined(separator: "; ")
        let one = short.count == 1
        var text = " At N = \(comparisonServers) requests went unanswered (\(list)). A client gives up where a replica's queue is longest, so "
            + "\(one ? "that placement's counts are" : "those placements' counts are") clipped at the busiest replicas and \(one ? "its" : "their") split was likely more uneven than \(one ? "its" : "their") Jain reads"
        if best.a1.run.failed > 0 {
            text += ": **\(best.variant.label)** is among them, so its place as the most even is not sure."
        } else {
            text += "; **\(best.variant.label)** answered every request, so its place as the most even stands."
        }
        return text
    }
}
