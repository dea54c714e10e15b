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
        WorkloadDriver.start(scenario.workload, target: DirectServers(network: network, servers: servers),
                             simulation: simulation, metrics: metrics)
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
                figures(server, slots: spec.configuration.slots, runSeconds: simulation.now.seconds)
            },
            completionsPerSecond: metrics.completionsPerSecond,
            faults: timeline.map { "\($0.at): \($0.fault)" },
            checks: [])
        result.checks = scenario.expectations.map { expectation in
            let measured = result.value(of: expectation.metric)
            return RunResult.Check(expectation: expectation, measured: measured, holds: failure == nil && expectation.holds(for: measured))
        }
        simulation.tearDown()
        return result
    }

    static func latencyFigures(_ histogram: LatencyHistogram) -> [(label: String, seconds: Double)] {
        [("p50", 50.0), ("p90", 90.0), ("p95", 95.0), ("p99", 99.0), ("p99.9", 99.9)].map { ($0.0, histogram.percentile($0.1).seconds) }
            + [("mean", histogram.mean.seconds), ("max", histogram.max.seconds)]
    }

    static func throughput(_ metrics: WorkloadMetrics) -> Double {
        let seconds = metrics.lastCompletion.seconds
        return seconds > 0 ? Double(metrics.succeeded) / seconds : 0
    }

    static func figures(_ server: ServerReplica, slots: Int, runSeconds: Double) -> RunResult.ServerFigures {
        let stats = server.stats
        let capacity = Double(slots) * runSeconds * 1e9
        return RunResult.ServerFigures(
            id: server.id.name, served: stats.served, rejected: stats.rejected, lostInCrash: stats.lostInCrash,
            peakQueue: stats.peakQueueLength, utilisation: capacity > 0 ? Double(stats.busyNanoseconds) / capacity : 0)
    }
}
