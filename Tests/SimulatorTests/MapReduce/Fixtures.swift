@testable import Simulator

/// Inputs, runs and oracles shared by the MapReduce tests.
enum Fixtures {
    /// Three small documents with repeated words, punctuation, UTF-8 and one invalid UTF-8 byte.
    static let documents: [MapReduce.Document] = [
        MapReduce.Document(id: 0, name: "a.txt", text: "the quick brown fox\njumps over the lazy dog\nthe end\n"),
        MapReduce.Document(id: 1, name: "b.txt", text: "A fox, a dog; THE fox!\nnaïve café über fox\n\nlast line without newline"),
        MapReduce.Document(id: 2, name: "c.bin", bytes: Array("bad \u{FF} bytes".utf8) + [0xFF, 0xFE, 0x20, 0x66, 0x6F, 0x78, 0x0A]),
    ]

    /// Synthetic logs: `count` documents of `lines` lines each.
    static func logs(seed: UInt64 = 1, count: Int = 3, lines: Int = 200) -> [MapReduce.Document] {
        var generator = MapReduce.SyntheticLogGenerator(seed: seed)
        return generator.documents(count, linesEach: lines)
    }

    /// Every line of `documents` as map input, in order.
    static func records(_ documents: [MapReduce.Document]) -> [MapReduce.InputRecord] {
        documents.flatMap(\.records)
    }

    /// A finished run: the simulation, the cluster and the job's handle.
    struct Run {
        let simulation: Simulation
        let cluster: MapReduce.Cluster
        let handle: MapReduce.JobHandle

        var report: MapReduce.JobReport { handle.report! }
    }

    /// Runs `request` on a fresh cluster to completion.
    static func run(seed: UInt64, _ request: MapReduce.JobRequest,
                    configuration: MapReduce.ClusterConfiguration = MapReduce.ClusterConfiguration(),
                    faults: [MapReduce.ClusterFault.Entry] = [],
                    timeLimit: Duration = .seconds(3600)) throws -> Run {
        let simulation = Simulation(seed: seed)
        let cluster = MapReduce.Cluster(simulation: simulation, configuration: configuration)
        let handle = try cluster.submit(request)
        cluster.schedule(faults)
        try simulation.runToCompletion(timeLimit: .after(timeLimit))
        return Run(simulation: simulation, cluster: cluster, handle: handle)
    }

    /// Whether attempts `a` and `b` ran at overlapping times: [start, end) intervals intersect.
    static func overlap(_ a: MapReduce.Attempt, _ b: MapReduce.Attempt) -> Bool {
        guard let aEnd = a.end, let bEnd = b.end else { return false }
        return a.start < bEnd && b.start < aEnd
    }
}

extension Fixtures {
    /// A cost model that makes small inputs take seconds of virtual time, so that tasks overlap,
    /// stragglers show and faults land mid-task: 20 ms per input line, 5 ms per reduced key.
    static let slowCost = MapReduce.CostModel(mapPerRecord: .milliseconds(20), reducePerKey: .milliseconds(5))

    /// A cluster configuration with the slow cost model.
    static func slowCluster(workers: Int = 4, mapSlots: Int = 2, reduceSlots: Int = 1,
                            shuffle: MapReduce.ShuffleMode = .localDisk,
                            policy: MapReduce.CoordinatorPolicy = MapReduce.CoordinatorPolicy(),
                            attemptChaos: MapReduce.AttemptChaos? = nil) -> MapReduce.ClusterConfiguration {
        MapReduce.ClusterConfiguration(workers: workers, mapSlotsPerWorker: mapSlots, reduceSlotsPerWorker: reduceSlots,
                                       shuffle: shuffle, cost: slowCost, policy: policy, attemptChaos: attemptChaos)
    }

    /// Hand-written log lines with known answers for every log job (see `LogJobTests`).
    static let knownLog = MapReduce.Document(id: 0, name: "known.log", text: """
        2024-01-01T00:00:05.000Z ERROR api GET / 500 10ms upstream timeout
        2024-01-01T00:00:50.000Z ERROR api GET /api/orders 500 12ms upstream timeout
        2024-01-01T00:01:10.000Z ERROR auth POST /api/login 503 30ms pool exhausted
        2024-01-01T00:01:15.000Z INFO api GET / 200 3ms served
        2024-01-01T00:03:00.000Z ERROR api GET / 500 9ms retry
        this line is not a log event

        """)

    /// The text form of records, one `key<TAB>value` per line, for readable failures.
    static func text(_ records: [MapReduce.Record]) -> [String] { records.map(\.description) }
}

extension Fixtures {
    /// What differs between two outputs, as `- expected` / `+ actual` lines (at most `limit`),
    /// so that a failure names the records instead of printing both outputs whole.
    static func difference(_ actual: [String], _ expected: [String], limit: Int = 5) -> [String] {
        let (actualSet, expectedSet) = (Set(actual), Set(expected))
        let missing = expected.filter { !actualSet.contains($0) }.map { "- " + $0 }
        let extra = actual.filter { !expectedSet.contains($0) }.map { "+ " + $0 }
        return Array((missing + extra).prefix(limit))
    }
}
