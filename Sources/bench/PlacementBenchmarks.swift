import Benchmark
import Scenarios
import Simulator

/// Every placement algorithm, built over `servers` nodes, as the experiments configure it.
func placements(servers: Int) -> [(name: String, placement: any KeyPlacement)] {
    let specs: [(String, PlacementSpec)] = [
        ("assignment map", .assignment(.init(slotCount: servers > 50 ? 16_384 : 512))),
        ("ring 160 vnodes", .ring(virtualNodes: 160)),
        ("jump", .jump),
        ("Maglev 65537", .maglev(tableSize: 65_537)),
        ("rendezvous", .rendezvous),
        ("bounded loads", .boundedLoads(epsilon: 0.25, virtualNodes: 160)),
    ]
    return specs.map { name, spec in
        do {
            return (name, try spec.makeKeyPlacement(servers: servers))
        } catch {
            preconditionFailure("the benchmark's placements are valid: \(error)")
        }
    }
}

func registerPlacementBenchmarks() {
    for servers in [3, 1_000] {
        for (name, placement) in placements(servers: servers) {
            // Rendezvous scores every node per lookup: O(n), so scale it down at 1,000 servers.
            let scale: BenchmarkScalingFactor = (name == "rendezvous" && servers > 100) ? .kilo : .mega
            Benchmark("Lookup: \(name), \(servers) servers", configuration: configuration(scale: scale, mallocs: .absolute(20))) { benchmark in
                var key: UInt64 = 100_000
                var sink = 0
                for _ in benchmark.scaledIterations {
                    sink &+= placement.node(for: key) ?? 0
                    key = key &+ 7_919
                }
                blackHole(sink)
            }
        }
    }

    Benchmark("Experiment A-2 (5 runs of 10,000 requests through the balancer)", configuration: configuration(scale: .one, maxDuration: .seconds(10))) { benchmark in
        let spec = PlacementExperimentSpec(name: "a2", summary: "", file: "bench", seed: 2024, serverCounts: [2, 3, 4, 5, 6], requests: 10_000,
                                           variants: [.init(label: "default", placement: .assignment(.assignment))],
                                           server: ServerConfiguration(slots: 4, queueCapacity: 100_000, serviceTime: .exponential(mean: 0.002)))
        // Simulated every time, not handed back from the memo of runs made in the process.
        DistributionRun.forgetMadeRuns()
        let result = try A2Experiment.run(spec)
        blackHole(result.runs.count)
    }
}
