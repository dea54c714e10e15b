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
            if let plan = scenario.deployment {
                let metrics = trafficMetrics
                metrics.startPhase("before")
                deployment = Deployment.start(plan, balancer: made, servers: servers, network: network) { started in
                    metrics.startPhase(started ? "during" : "after")
                }
                if let observer = simulation.observer as? RunObserver, let record = deployment {
                    // The deployment notes each step's restart instant just before it restarts the process.
                    observer.isDeploymentRestart = { node, at in record.steps.contains { $0.server == node && $0.restarted == at } }
                }
            }
        }
        guard let workload = scenario.workload else { return }
        if let balancer, let zoned = buildZones(balancer: balancer) {
            WorkloadDriver.start(workload, target: zoned, simulation: simulation, metrics: trafficMetrics)
        } else if let balancer {
            WorkloadDriver.start(workload, target: BalancedServers(network: network, balancer: balancer), simulation: simulation, metrics: trafficMetrics)
        } else {
            WorkloadDriver.start(workload, target: DirectServers(network: network, servers: servers), simulation: simulation, metrics: trafficMetrics)
        }
    }

    /// The traffic's figures, as a run of the balancer alone reports them: every figure attached
    /// first — the deployment's, the zones', the requests a hang held — and the `balancer.*`
    /// expectations judged last, on the complete result (``TrafficResult/judge(_:failure:)``),
    /// so that report.md, report.json and the exit code give the one judgement.
    func trafficResult(failure: String?, replayCommand: String) -> TrafficResult {
        var result = ScenarioRunner.result(
            scenario: scenario, seed: seed, replayCommand: replayCommand, simulation: simulation, servers: servers,
            balancer: balancer.map { ($0, replicas) }, metrics: trafficMetrics, timeline: networkFaults, failure: failure)
        if let deployment { result.deployment = DeploymentFigures(deployment, metrics: trafficMetrics) }
        result.zones = zoneFigures()
        if let spec = scenario.balancer { result.balancer?.node = spec.id.name }
        for (index, server) in servers.enumerated() where index < result.servers.count {
            result.servers[index].heldByHang = server.stats.hung
        }
        result.judge(scenario.expectations, failure: failure)
        return result
    }
}
