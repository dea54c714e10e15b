import Simulator

/// Builds a simulation from a scenario, runs it, and gathers the figures.
public enum ScenarioRunner {
    /// Runs `scenario` with `seed` (the scenario's own seed unless overridden).
    ///
    /// - Parameters:
    ///   - replayCommand: the command line that replays this run, for the report.
    ///   - traceSink: receives every trace event (the CLI writes them as JSON lines).
    public static func run(
        _ scenario: Scenario, seed: UInt64? = nil, replayCommand: String? = nil,
        traceSink: ((TraceEvent) -> Void)? = nil
    ) -> RunResult {
        let seed = seed ?? scenario.seed
        let simulation = Simulation(seed: seed)
        simulation.trace.sink = traceSink
        let network = Network(simulation: simulation, defaultLink: scenario.defaultLink)
        for link in scenario.links { network.setLink(from: link.from, to: link.to, link.profile) }
        let servers = scenario.servers.map { ServerReplica($0.id, configuration: $0.configuration, network: network) }
        let metrics = WorkloadMetrics()
        var balanced: (balancer: LoadBalancer, replicas: [LoadBalancer.Replica])?
        if let spec = scenario.balancer {
            balanced = makeBalancer(spec, servers: zip(scenario.servers, servers).map { ($0, $1) }, network: network)
            WorkloadDriver.start(scenario.workload, target: BalancedServers(network: network, balancer: balanced!.balancer),
                                 simulation: simulation, metrics: metrics)
        } else {
            WorkloadDriver.start(scenario.workload, target: DirectServers(network: network, servers: servers),
                                 simulation: simulation, metrics: metrics)
        }
        let horizon = VirtualInstant.after(scenario.limits.timeLimit)
        let timeline = scenario.faults.timeline(seed: seed, horizon: horizon)
        FaultInjector.schedule(timeline, on: network)

        var failure: String?
        do {
            try simulation.runToCompletion(timeLimit: horizon, eventLimit: scenario.limits.eventLimit)
        } catch {
            failure = error.description
        }
        var result = RunResult(
            scenario: scenario.name, file: scenario.file, seed: seed,
            replayCommand: replayCommand ?? "orrery run \(scenario.file) --seed \(seed)",
            digest: simulation.trace.digestHex, events: simulation.executor.eventsProcessed,
            traceEvents: simulation.trace.eventCount, virtualSeconds: simulation.now.seconds, failure: failure,
            issued: metrics.issued, succeeded: metrics.succeeded, completed: metrics.completed,
            timeouts: metrics.failedByNetwork[.timeout] ?? 0, unreachable: metrics.failedByNetwork[.unreachable] ?? 0,
            refused: metrics.failedByNetwork[.refused] ?? 0,
            statusFailures: metrics.failedByStatus.sorted { $0.key < $1.key }.map { ($0.key, $0.value) },
            latency: latencyFigures(metrics.latency),
            throughput: throughput(metrics),
            servers: zip(scenario.servers, servers).map { spec, server in
                figures(server, slots: spec.configuration.slots, runSeconds: simulation.now.seconds, metrics: metrics)
            },
            completionsPerSecond: metrics.completionsPerSecond,
            faults: timeline.map { "\($0.at): \($0.fault)" },
            checks: [])
        result.failuresPerSecond = metrics.failuresPerSecond
        result.balancer = balanced.map { BalancerFigures($0.balancer, replicas: $0.replicas, timeline: timeline, end: simulation.now) }
        result.checks = scenario.expectations.map { expectation in
            let measured = result.value(of: expectation.metric)
            return RunResult.Check(expectation: expectation, measured: measured, holds: failure == nil && expectation.holds(for: measured))
        }
        simulation.tearDown()
        return result
    }

    /// Collects registered replicas. `@unchecked Sendable`: used on the simulation thread.
    final class ReplicaList: @unchecked Sendable {
        var items: [LoadBalancer.Replica] = []
    }

    static func latencyFigures(_ histogram: LatencyHistogram) -> [(label: String, seconds: Double)] {
        [("p50", 50.0), ("p90", 90.0), ("p95", 95.0), ("p99", 99.0), ("p99.9", 99.9)].map { ($0.0, histogram.percentile($0.1).seconds) }
            + [("mean", histogram.mean.seconds), ("max", histogram.max.seconds)]
    }

    static func throughput(_ metrics: WorkloadMetrics) -> Double {
        let seconds = metrics.lastCompletion.seconds
        return seconds > 0 ? Double(metrics.succeeded) / seconds : 0
    }

    static func figures(_ server: ServerReplica, slots: Int, runSeconds: Double, metrics: WorkloadMetrics) -> RunResult.ServerFigures {
        let stats = server.stats
        let capacity = Double(slots) * runSeconds * 1e9
        var figures = RunResult.ServerFigures(
            id: server.id.name, served: stats.served, rejected: stats.rejected, lostInCrash: stats.lostInCrash,
            peakQueue: stats.peakQueueLength, utilisation: capacity > 0 ? Double(stats.busyNanoseconds) / capacity : 0)
        figures.errors = stats.errors
        let activeSeconds = metrics.lastCompletion.seconds
        figures.throughput = activeSeconds > 0 ? Double(metrics.servedBy[server.id] ?? 0) / activeSeconds : 0
        if let histogram = metrics.latencyByServer[server.id] {
            figures.latency = RunResult.ServerLatency(
                p50: histogram.percentile(50).seconds, p95: histogram.percentile(95).seconds, p99: histogram.percentile(99).seconds,
                p999: histogram.percentile(99.9).seconds, mean: histogram.mean.seconds)
        }
        figures.completionsPerSecond = metrics.completionsPerSecondByServer[server.id] ?? []
        return figures
    }

    /// The scenario's balancer with its servers registered (at virtual time zero) and its health
    /// checks started.
    static func makeBalancer(_ spec: Scenario.Balancer, servers: [(Scenario.Server, ServerReplica)], network: Network) -> (LoadBalancer, [LoadBalancer.Replica]) {
        let strategy: any BalancingStrategy
        do {
            strategy = try spec.strategy.makeStrategy()
        } catch {
            preconditionFailure("strategies are validated when the scenario is loaded: \(error)")
        }
        let balancer = LoadBalancer(strategy: strategy, configuration: spec.configuration, network: network)
        let registered = ReplicaList()
        network.simulation.spawn("balancer-setup") { _ in
            for (server, replica) in servers {
                do {
                    registered.items.append(try await balancer.register(replica, weight: server.weight, backup: server.isBackup, maxConnections: server.maxConnections))
                } catch {
                    preconditionFailure("a strategy with room for any number of servers refused \(server.id): \(error)")
                }
            }
        }
        do {
            try network.simulation.runToCompletion(timeLimit: network.simulation.now)
        } catch {
            preconditionFailure("registering servers takes no virtual time: \(error)")
        }
        balancer.startHealthChecks()
        return (balancer, registered.items)
    }
}
