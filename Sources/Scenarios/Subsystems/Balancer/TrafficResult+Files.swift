import Reports

extension TrafficResult {
    /// The balancer's charts, `throughput.svg` and `connections.svg`, beside the report.md that
    /// embeds them (``markdown(chartsLinked:listingFaults:)``). Written by a run of servers and
    /// clients alone and by a world with a balancer among other sections alike, so that the two
    /// reports cannot drift apart: a composed world wrote none of them. A run with no balancer in
    /// front of its servers has no health or connection timeline to chart.
    func addCharts(to bundle: inout ReportBundle, in directory: String) {
        guard balancer != nil else { return }
        bundle.add("\(directory)/throughput.svg", throughputChart().svg())
        bundle.add("\(directory)/connections.svg", connectionsChart().svg())
    }

    /// The balancer's tables beside its report: `summary.csv` (its counts), and with a balancer
    /// the per-second table under `timeline` and `events.csv` (every health event; report.md
    /// lists the first ``eventsShown`` and sends the reader here for the rest). `timeline` is
    /// `timeline.csv` for a run of the balancer alone; a composed world's `timeline.csv` is
    /// already every subsystem's events on one clock, so it names the balancer's table
    /// `balancer-timeline.csv` rather than replace one with the other.
    func addTables(to bundle: inout ReportBundle, in directory: String, timeline: String) {
        bundle.add("\(directory)/summary.csv", summaryCSV())
        guard balancer != nil else { return }
        bundle.add("\(directory)/\(timeline)", timelineCSV())
        bundle.add("\(directory)/events.csv", eventsCSV())
    }
}
