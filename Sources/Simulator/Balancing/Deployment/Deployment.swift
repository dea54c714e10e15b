/// Carries out a ``DeploymentPlan`` on the simulation's executor: for each wave (one server when
/// rolling, every server at once otherwise) it drains the servers through the balancer, restarts
/// their processes into the new version, waits for the health checks to pass them `rise` times,
/// puts them back in rotation and pauses; then it checks the share of failed answers during the
/// pause and, above the plan's limit, when the balancer forwarded requests in it but none to the
/// wave's servers (the check saw nothing of the new version) or when a server never became
/// healthy, halts and restarts
/// every server already deployed into its old version, in reverse order.
public enum Deployment {
    /// A server the deployment acts on.
    struct Target {
        var hostname: String
        var serverID: Int
        var server: ServerReplica
    }

    /// Starts `plan` as a foreground task of the simulation: it begins at `plan.at` and the run
    /// lasts at least until it ends. Servers the plan names that are not members are skipped.
    ///
    /// - Returns: the record the deployment fills in as it goes.
    @discardableResult
    /// - Parameter phase: told `true` when the deployment starts and `false` when it ends.
    public static func start(_ plan: DeploymentPlan, balancer: LoadBalancer, servers: [ServerReplica], network: Network,
                             phase: @escaping @Sendable (Bool) -> Void = { _ in }) -> DeploymentRecord {
        let record = DeploymentRecord(plan: plan)
        let simulation = network.simulation
        simulation.spawn("deployment") { _ in
            await simulation.sleep(until: .after(plan.at))
            let names = plan.servers.isEmpty ? await balancer.hostnames : plan.servers
            var targets: [Target] = []
            for name in names {
                guard let serverID = await balancer.memberID(of: name), let server = servers.first(where: { $0.id.name == name }) else { continue }
                targets.append(Target(hostname: name, serverID: serverID, server: server))
            }
            phase(true)
            await run(plan, targets: targets, balancer: balancer, network: network, record: record)
            phase(false)
            for target in targets { record.finalVersions.append((target.hostname, await target.server.version)) }
        }
        return record
    }

    private static func run(_ plan: DeploymentPlan, targets: [Target], balancer: LoadBalancer, network: Network, record: DeploymentRecord) async {
        let simulation = network.simulation
        record.started = simulation.now
        simulation.trace.record(.custom, "deployment", "start", value: Int64(plan.version))
        let waves = plan.strategy == .rolling ? targets.map { [$0] } : [targets]
        var deployed: [(target: Target, oldVersion: Int)] = []
        for wave in waves {
            var old: [Int] = []
            for target in wave { old.append(await target.server.version) }
            deployed += zip(wave, old).map { ($0, $1) }
            let allHealthy = await pass(wave, to: { _ in plan.version }, errorRate: plan.releaseErrorRate, kind: .deploy,
                                        plan: plan, balancer: balancer, network: network, record: record)
            // The check reads what the clients got while the new version served: the pause.
            let (from, answered, failed) = (simulation.now, balancer.stats.answered, balancer.stats.failedAnswers)
            let (forwardedBefore, waveForwardedBefore) = (balancer.stats.forwarded, Self.forwards(to: wave, in: balancer.stats))
            let servedBefore = Self.answers(of: wave, in: balancer.stats)
            if allHealthy && plan.pause > .zero { await simulation.sleep(until: simulation.now.advanced(by: plan.pause)) }
            var check = DeploymentRecord.Check(servers: wave.map(\.hostname), from: from, to: simulation.now,
                                               answered: balancer.stats.answered - answered, failed: balancer.stats.failedAnswers - failed,
                                               answeredByWave: Self.answers(of: wave, in: balancer.stats) - servedBefore, passed: true)
            var reason: String?
            if !allHealthy {
                reason = "not healthy within the health deadline"
            } else if plan.maxErrorRatio != nil, balancer.stats.forwarded > forwardedBefore,
                      Self.forwards(to: wave, in: balancer.stats) == waveForwardedBefore {
                // The balancer forwarded requests in the pause, none to the new version: a check
                // that saw nothing of it cannot pass it (Argo Rollouts calls such an analysis
                // inconclusive). The servers were in rotation by their health checks but got no
                // traffic (passive health still had them down, say). A pause without new
                // forwards at all (the clients have stopped) passes as before.
                reason = "the new version answered nothing during its pause"
            } else if let limit = plan.maxErrorRatio, check.errorRatio > limit {
                reason = "error ratio above the limit"
            }
            check.passed = reason == nil
            record.checks.append(check)
            if let reason {
                simulation.trace.record(.custom, "deployment", "halt")
                let back = Array(deployed.reversed())
                let rollbackWaves = plan.strategy == .rolling ? back.map { [$0] } : [back]
                for rollbackWave in rollbackWaves {
                    let versions = rollbackWave.map(\.oldVersion)
                    let servers = rollbackWave.map(\.target)
                    _ = await pass(servers, to: { versions[$0] }, errorRate: 0, kind: .rollback,
                                   plan: plan, balancer: balancer, network: network, record: record)
                    if plan.pause > .zero { await simulation.sleep(until: simulation.now.advanced(by: plan.pause)) }
                }
                record.outcome = .rolledBack(reason: "\(wave.map(\.hostname).joined(separator: ", ")): \(reason)")
                record.ended = simulation.now
                return
            }
        }
        record.outcome = .completed
        record.ended = simulation.now
        simulation.trace.record(.custom, "deployment", "end")
    }

    /// The forwards sent to `wave`'s servers so far.
    private static func forwards(to wave: [Target], in stats: BalancerStats) -> Int {
        wave.reduce(0) { total, target in total + (stats.servers.last { $0.hostname == target.hostname }?.forwarded ?? 0) }
    }

    /// The forwards `wave`'s servers have answered (2xx or 5xx) so far.
    private static func answers(of wave: [Target], in stats: BalancerStats) -> Int {
        wave.reduce(0) { total, target in
            total + (stats.servers.last { $0.hostname == target.hostname }.map { $0.succeeded + $0.serverErrors } ?? 0)
        }
    }

    /// One wave through drain, restart, health and back into rotation; returns
    /// whether every server of it became healthy by the deadline.
    private static func pass(_ wave: [Target], to version: (Int) -> Int, errorRate: Double, kind: DeploymentRecord.Step.Kind,
                             plan: DeploymentPlan, balancer: LoadBalancer, network: Network, record: DeploymentRecord) async -> Bool {
        let simulation = network.simulation
        let first = record.steps.count
        for (index, target) in wave.enumerated() {
            let current = await target.server.version
            record.steps.append(DeploymentRecord.Step(server: target.hostname, kind: kind, fromVersion: current, toVersion: version(index), restarted: simulation.now))
        }
        if plan.drain {
            let started = simulation.now
            for target in wave { await balancer.startDraining(target.serverID) }
            let deadline = started.advanced(by: plan.drainTimeout)
            for (index, target) in wave.enumerated() {
                let left = await balancer.waitUntilDrained(target.serverID, deadline: deadline)
                record.steps[first + index].drainStarted = started
                record.steps[first + index].drainTimedOut = left > 0
                record.steps[first + index].drainEnded = left > 0 ? deadline : await balancer.drainedAt(target.serverID) ?? started
            }
        }
        for (index, target) in wave.enumerated() {
            record.steps[first + index].resetAtRestart = await balancer.inFlight(target.serverID)
            record.steps[first + index].restarted = simulation.now
            network.restart(target.server.id, bootTime: plan.bootTime)
            await target.server.install(version: version(index), errorRate: errorRate)
            await balancer.watchHealth(target.serverID)
        }
        let deadline = simulation.now.advanced(by: plan.healthDeadline)
        var allHealthy = true
        if balancer.configuration.healthCheck == nil {
            await simulation.sleep(until: simulation.now.advanced(by: plan.bootTime))
            for index in wave.indices { record.steps[first + index].healthy = simulation.now }
        } else {
            for (index, target) in wave.enumerated() {
                if await balancer.waitUntilHealthy(target.serverID, deadline: deadline) {
                    record.steps[first + index].healthy = await balancer.healthyAt(target.serverID) ?? simulation.now
                } else {
                    allHealthy = false
                }
            }
        }
        for (index, target) in wave.enumerated() {
            // A drained server that never became healthy stays out of rotation.
            guard record.steps[first + index].healthy != nil else { continue }
            if plan.drain { await balancer.endDraining(target.serverID) }
            record.steps[first + index].backInRotation = simulation.now
        }
        return allHealthy
    }
}
