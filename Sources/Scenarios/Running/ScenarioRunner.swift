import Simulator

/// Runs a scenario: builds its world, runs it, and gathers what every subsystem measured.
public enum ScenarioRunner {
    /// Runs `scenario` — a world of any sections — with `seed` (the scenario's own unless
    /// overridden) and returns what every subsystem measured.
    ///
    /// - Parameters:
    ///   - replayCommand: the command line that replays this run, for the report.
    ///   - traceSink: receives every trace event (the CLI writes them as JSON lines).
    ///   - observer: receives every span, instant and gauge (for Perfetto traces and OpenMetrics).
    public static func run(
        _ scenario: Scenario, seed: UInt64? = nil, replayCommand: String? = nil,
        traceSink: ((TraceEvent) -> Void)? = nil, observer: (any SimulationObserver)? = nil
    ) -> RunResult {
        let seed = seed ?? scenario.seed
        let world = World(scenario, seed: seed, traceSink: traceSink, observer: observer)
        if let progress = RunProgress.current { world.simulation.progress = { progress.reached($0, events: $1) } }
        let failure = world.run()
        let result = world.result(failure: failure, replayCommand: replayCommand
            ?? ShellQuoting.posixCommand(["orrery", "run", ShellQuoting.fileArgument(scenario.file), "--seed", "\(seed)"]))
        world.simulation.tearDown()
        return result
    }

    /// Runs a scenario of servers and clients and returns the traffic's figures alone (the
    /// experiments that compare many such runs use these).
    public static func runTraffic(_ scenario: Scenario, seed: UInt64? = nil, replayCommand: String? = nil,
                                  traceSink: ((TraceEvent) -> Void)? = nil) -> TrafficResult {
        let result = run(scenario, seed: seed, replayCommand: replayCommand, traceSink: traceSink)
        guard let traffic = result.traffic else { preconditionFailure("a scenario with a workload reports its traffic") }
        return traffic
    }

    /// The traffic's figures after a run.
    static func result(scenario: Scenario, seed: UInt64, replayCommand: String, simulation: Simulation, servers: [ServerReplica],
                       balancer balanced: (LoadBalancer, [LoadBalancer.Replica])?, metrics: WorkloadMetrics,
                       timeline: [FaultSchedule.Entry], failure: String?) -> TrafficResult {
        var result = TrafficResult(
            scenario: scenario.name, file: scenario.file, seed: seed,
            replayCommand: replayCommand,
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
            faults: FaultSchedule.reportLines(timeline.map(FaultSchedule.Listed.init), end: simulation.now),
            checks: [])
        result.failuresPerSecond = metrics.failuresPerSecond
        result.balancer = balanced.map { BalancerFigures($0.0, replicas: $0.1, timeline: timeline, end: simulation.now) }
        // A world attaches more figures (zones, a deployment) and judges again once they are in.
        result.judge(scenario.expectations, failure: failure)
        return result
    }

    /// Collects registered replicas. `@unchecked Sendable`: used on the simulation thread.
    final class ReplicaList: @unchecked Sendable {
        var items: [LoadBalancer.Replica] = []
    }

    static func latencyFigures(_ histogram: LatencyHistogram) -> [(label: String, seconds: Double)] {
        let labels = ["p50", "p90", "p95", "p99", "p99.9"]
        let summary = histogram.summary(atPercentiles: [50, 90, 95, 99, 99.9])
        return zip(labels, summary.percentiles).map { ($0, $1.seconds) }
            + [("mean", summary.mean.seconds), ("max", histogram.max.seconds)]
    }

    static func throughput(_ metrics: WorkloadMetrics) -> Double {
        let seconds = metrics.lastCompletion.seconds
        return seconds > 0 ? Double(metrics.succeeded) / seconds : 0
    }

    static func figures(_ server: ServerReplica, slots: Int, runSeconds: Double, metrics: WorkloadMetrics) -> TrafficResult.ServerFigures {
        let stats = server.stats
        let capacity = Double(slots) * runSeconds * 1e9
        var figures = TrafficResult.ServerFigures(
            id: server.id.name, served: stats.served, rejected: stats.rejected, lostInCrash: stats.lostInCrash,
            peakQueue: stats.peakQueueLength, utilisation: capacity > 0 ? Double(stats.busyNanoseconds) / capacity : 0)
        figures.errors = stats.errors
        let activeSeconds = metrics.lastCompletion.seconds
        figures.throughput = activeSeconds > 0 ? Double(metrics.servedBy[server.id] ?? 0) / activeSeconds : 0
        if let histogram = metrics.latencyByServer[server.id] {
            let summary = histogram.summary(atPercentiles: [50, 95, 99, 99.9])
            figures.latency = TrafficResult.ServerLatency(
                p50: summary.percentiles[0].seconds, p95: summary.percentiles[1].seconds, p99: summary.percentiles[2].seconds,
                p999: summary.percentiles[3].seconds, mean: summary.mean.seconds)
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
