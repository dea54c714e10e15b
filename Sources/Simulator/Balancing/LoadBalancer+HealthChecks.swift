extension LoadBalancer {
    /// Starts the active health checks, if configured, as a daemon of the simulation: a round
    /// every `interval` from now (the first one now), each server checked concurrently, each
    /// result applied the moment its check ends.
    public nonisolated func startHealthChecks() {
        guard let check = configuration.healthCheck else { return }
        let simulation = network.simulation
        let first = simulation.now
        simulation.spawn("health-checks.\(id.name)", daemon: true) { _ in
            var round: Int64 = 0
            while true {
                let next = first.advanced(by: check.interval * round)
                if simulation.now < next { guard await simulation.sleepUnlessTornDown(until: next) else { return } }
                round += 1
                for target in await self.checkTargets() {
                    simulation.spawn("health-check.\(target.hostname)", daemon: true) { _ in
                        let passed = await self.probe(target.server, path: check.path, timeout: check.timeout)
                        await self.recordCheck(target.id, passed: passed)
                    }
                }
            }
        }
    }

    private func checkTargets() -> [Replica] {
        members.values.map(\.replica)
    }

    private nonisolated func probe(_ server: ServerReplica, path: String, timeout: Duration) async -> Bool {
        let request = Request(id: 0, path: path, key: 0, client: id)
        let response = try? await network.call(from: id, to: server, timeout: timeout, request: request)
        return response?.isSuccess ?? false
    }

    /// Applies one check result to server `serverID`.
    func recordCheck(_ serverID: Int, passed: Bool) {
        guard let check = configuration.healthCheck, let index = members.index(forKey: serverID) else { return }
        let member = members.values[index]
        member.stats.healthChecks += 1
        if !passed { member.stats.failedHealthChecks += 1 }
        network.simulation.trace.record(.healthCheck, id.name, member.replica.hostname, value: passed ? 1 : 0)
        if member.deploymentPasses != nil { noteDeploymentCheck(at: index, passed: passed, rise: check.rise) }
        switch check.record(passed: passed, into: &members.values[index].checks) {
        case .markedDown?:
            log(.markedDown(.active), subject: member.replica.hostname)
        case .markedUp?:
            members.values[index].recoveredAt = network.simulation.now
            log(.markedUp(.active), subject: member.replica.hostname)
        case nil:
            break
        }
    }
}
