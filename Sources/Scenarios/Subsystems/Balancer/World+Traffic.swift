import Simulator

extension World {
    /// The servers (on their own nodes, or on the MapReduce nodes they are placed on), the
    /// balancer or gateway with its servers registered at virtual time zero, and the clients.
    func buildTraffic() {
        servers = scenario.servers.map { ServerReplica($0.id, configuration: $0.configuration, network: network) }
        if let spec = scenario.balancer {
            let (made, registered) = ScenarioRunner.makeBalancer(spec, servers: zip(scenario.servers, servers).map { ($0, $1) }, network: network)
            balancer = made
            replicas = registered
        }
        guard let workload = scenario.workload else { return }
        if let balancer {
            WorkloadDriver.start(workload, target: BalancedServers(network: network, balancer: balancer), simulation: simulation, metrics: trafficMetrics)
        } else {
            WorkloadDriver.start(workload, target: DirectServers(network: network, servers: servers), simulation: simulation, metrics: trafficMetrics)
        }
    }

    /// The traffic's figures, as a run of the balancer alone reports them.
    func trafficResult(failure: String?, replayCommand: String) -> TrafficResult {
        ScenarioRunner.result(
            scenario: scenario, seed: seed, replayCommand: replayCommand, simulation: simulation, servers: servers,
            balancer: balancer.map { ($0, replicas) }, metrics: trafficMetrics, timeline: networkFaults, failure: failure)
    }
}
