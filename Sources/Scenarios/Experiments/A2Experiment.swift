import Reports
import Simulator

/// Experiment A-2: N = 2 … 6 replicas, 10,000 requests each: the average load per server and
/// how far the servers stray from it.
public struct A2Result: Sendable {
    /// One run per server count, in the order of the file.
    public var runs: [(servers: Int, result: A1Result)]
}

/// `orrery experiment a2` (`scenarios/a2.yaml`).
public struct A2Experiment: ExperimentFile {
    public static let name = "a2"
    public static let summary = "the mean load per server and its spread as the servers grow in number"

    public var spec: PlacementExperimentSpec
    public var seed: UInt64 {
        get { spec.seed }
        set { spec.seed = newValue }
    }
    public var replayArguments: [String] {
        get { spec.replayArguments }
        set { spec.replayArguments = newValue }
    }
    public var file: String { spec.file }

    public init(spec: PlacementExperimentSpec) { self.spec = spec }

    public static let shape = ScenarioSchema.placementExperimentFile(name)

    public static func load(_ document: ScenarioDocument) throws(ScenarioError) -> A2Experiment {
        A2Experiment(spec: try ScenarioLoader.placementExperiment(document, name: name, shape: shape).spec)
    }

    public func run(jobs: Int) throws(ExperimentFailure) -> ReportBundle {
        do throws(PlacementError) { return try Self.run(spec, jobs: jobs).bundle(spec: spec) } catch { throw ExperimentFailure.placement(error) }
    }

    /// A-1 at every server count of the file, for `variant` (the file's first by default).
    public static func run(_ spec: PlacementExperimentSpec, variant: PlacementExperimentSpec.Variant? = nil, jobs: Int = 1) throws(PlacementError) -> A2Result {
        let counts = spec.serverCounts
        // Where the ids land depends on the map's configuration, not on its servers: one
        // histogram of the 900,000 ids serves the explanation at every count.
        let histogram = A1Experiment.explanationHistogram(for: variant ?? spec.variants[0])
        let results = try ParallelWorlds.map(counts.count, width: jobs) { index throws(PlacementError) in
            try A1Experiment.run(spec, variant: variant, servers: counts[index], histogram: histogram)
        }
        return A2Result(runs: Array(zip(counts, results)))
    }
}

extension A2Result {
    /// Mean load per N with a min…max band and ±1 standard deviation whiskers.
    func lineChart(title: String, label: String = "mean requests per server") -> LineChart {
        LineChart(
            title: title,
            series: [.init(label, points: runs.map { run in
                let s = run.result.statistics
                return .init(x: Double(run.servers), y: s.mean, band: Double(s.minimum)...Double(s.maximum),
                             errorBar: max(0, s.mean - s.standardDeviation)...(s.mean + s.standardDeviation))
            })],
            xAxisLabel: "number of server replicas (N)", yAxisLabel: "requests per server",
            xTicks: runs.map { Double($0.servers) }, bandLabel: "min … max over servers", errorBarLabel: "mean ± 1 standard deviation (cut at 0)")
    }

    func countsCSV() -> String {
        var table = CSVTable(header: ["n", "server", "requests"])
        for run in runs {
            for count in run.result.run.counts { table.append([String(run.servers), count.hostname, String(count.requests)]) }
        }
        return table.rendered()
    }

    func summaryTable() -> MarkdownTable {
        var table = MarkdownTable(columns: [.numeric("N"), .numeric("mean"), .numeric("min"), .numeric("max"), .numeric("std dev"), .numeric("uniform std dev"), .numeric("max / mean"), .numeric("CV"), .numeric("Jain")])
        for run in runs {
            let s = run.result.statistics
            table.append([String(run.servers), NumberFormat.fixed(s.mean, decimals: 1, grouping: true), NumberFormat.integer(s.minimum), NumberFormat.integer(s.maximum),
                          NumberFormat.fixed(s.standardDeviation, decimals: 1, grouping: true), NumberFormat.fixed(s.uniform.standardDeviation, decimals: 1),
                          NumberFormat.fixed(s.peakToAverage, decimals: 3), NumberFormat.fixed(s.coefficientOfVariation, decimals: 3), NumberFormat.fixed(s.jainFairnessIndex, decimals: 3)])
        }
        return table
    }

    /// `results/a2/`.
    func bundle(spec: PlacementExperimentSpec) -> ReportBundle {
        var bundle = ReportBundle()
        bundle.add("a2/report.md", markdown(spec: spec))
        bundle.add("a2/report.json", json(spec: spec))
        bundle.add("a2/requests_per_server.csv", countsCSV())
        bundle.add("a2/average_load.svg", lineChart(title: "A-2: load per server as replicas are added").svg())
        return bundle
    }

    func markdown(spec: PlacementExperimentSpec) -> String {
        let digest = runs.map(\.result.run.digest).joined(separator: " ")
        var out = ExperimentReport.headerQuotingDescription(title: "A-2: average load per server for N = \(runs.map { String($0.servers) }.joined(separator: ", "))", spec: spec, digest: digest)
        out += "Placement: \(spec.variants[0].placement.summary); \(NumberFormat.integer(spec.requests)) concurrent requests at each N. \(averageLoadSentence(requests: spec.requests)) Every N is sent the same request ids (drawn from the seed), so the counts at two N differ only by where the placement sends the same ids. The std dev is over the N servers' counts (a population's); \"uniform std dev\" is what a fair random split would give, √(requests · 1/N · (1 − 1/N)).\n\n"
        out += summaryTable().rendered() + "\n![average load](average_load.svg)\n\n"
        out += "## Per server\n\n"
        var table = MarkdownTable(columns: [.numeric("N")] + (1...(runs.map(\.servers).max() ?? 1)).map { .numeric("Server \($0)") })
        for run in runs {
            var row = [String(run.servers)] + run.result.run.counts.map { NumberFormat.integer($0.requests) }
            while row.count < table.columns.count { row.append("") }
            table.append(row)
        }
        out += table.rendered() + "\n"
        out += "## What it shows\n\n"
        out += whatItShows(requests: spec.requests)
        return out
    }

    /// The mean is the requests over N only when every request was answered; otherwise the
    /// sentence names the N whose counts fall short, and by how many (200,000 requests once read
    /// "200,000 / N by construction" above an N = 2 mean of 54,641.5, the rest turned away unsaid).
    func averageLoadSentence(requests: Int) -> String {
        let short = runs.filter { $0.result.run.failed > 0 }
        guard !short.isEmpty else {
            return "The average load is \(NumberFormat.integer(requests)) / N by construction; what matters is the spread around it."
        }
        let shortfalls = short.map { "\(NumberFormat.integer($0.result.run.failed)) at N = \($0.servers)" }
        return "Not every request was answered (not within the \(DistributionRun.clientTimeoutText) a client waits): of the \(NumberFormat.integer(requests)) sent at each N, \(HashMapExplanation.list(shortfalls)) went unanswered. The counts are what the replicas answered, so their mean falls below \(NumberFormat.integer(requests)) / N there, and their spread is not the placement's alone."
    }

    private struct Document: Encodable {
        struct Run: Encodable {
            var n: Int, counts: [Int], mean: Double, minimum: Int, maximum: Int, standardDeviation: Double, uniformStandardDeviation: Double, peakToAverage: Double, jainFairnessIndex: Double
            var digest: String
        }
        var schema = "orrery.a2/1"
        var seed: UInt64
        var placement: String
        var requests: Int
        var runs: [Run]
    }

    func json(spec: PlacementExperimentSpec) -> String {
        JSONReport.encode(Document(seed: spec.seed, placement: spec.variants[0].placement.summary, requests: spec.requests, runs: runs.map { run in
            let s = run.result.statistics
            return .init(n: run.servers, counts: s.counts, mean: s.mean, minimum: s.minimum, maximum: s.maximum, standardDeviation: s.standardDeviation,
                         uniformStandardDeviation: s.uniform.standardDeviation, peakToAverage: s.peakToAverage, jainFairnessIndex: s.jainFairnessIndex, digest: run.result.run.digest)
        }))
    }
}
