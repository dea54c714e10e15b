import Reports

/// The traffic's part: the servers, the balancer or gateway in front of them and the clients,
/// `balancer.*`, and the report's "Balancer and servers" section (the balancer's own report).
enum BalancerPart: SubsystemPart {
    static func build(in world: World) { world.buildTraffic() }

    static func value(of known: BalancerMetric, in result: RunResult) -> Double? {
        result.traffic?.value(of: known.metric)
    }

    static func markdown(_ result: RunResult) -> String {
        guard let traffic = result.traffic else { return "" }
        // The traffic's faults are the network's alone; the world lists every fault once (`# Faults`).
        return "# Balancer and servers\n\n" + RunResult.demoted(traffic.markdown(chartsLinked: traffic.balancer != nil, listingFaults: false), dropTitle: true)
    }

    /// The balancer's charts and tables, as a run of the balancer alone writes them (its
    /// `servers.csv` the world writes itself); the per-second table is `balancer-timeline.csv`
    /// beside the world's `timeline.csv`.
    static func addFiles(_ result: RunResult, formats: [ReportFormat], to bundle: inout ReportBundle, in directory: String) {
        guard let traffic = result.traffic else { return }
        if formats.contains(.md) { traffic.addCharts(to: &bundle, in: directory) }
        if formats.contains(.csv) { traffic.addTables(to: &bundle, in: directory, timeline: "balancer-timeline.csv") }
    }
}
