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
        return "# Balancer and servers\n\n" + RunResult.demoted(traffic.markdown(listingFaults: false), dropTitle: true)
    }
}
