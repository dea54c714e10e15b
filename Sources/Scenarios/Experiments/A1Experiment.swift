import Reports
import Simulator

/// Experiment A-1: 10,000 concurrent requests through the balancer to N = 3 replicas, counted
/// per replica, with the hash map's structure that explains the counts.
public struct A1Result: Sendable {
    public var run: DistributionRun
    public var statistics: BalanceStatistics
    /// Present for the assignment's map: where virtual servers sit and which slots requests reach.
    public var explanation: HashMapExplanation?
}

/// `orrery experiment a1` (`scenarios/a1.yaml`).
public struct A1Experiment: ExperimentFile {
    public static let name = "a1"
    public static let summary = "random requests over the replicas of the assignment's consistent hash map, and why they pile up"

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

    public static func load(_ document: ScenarioDocument) throws(ScenarioError) -> A1Experiment {
        A1Experiment(spec: try ScenarioLoader.placementExperiment(document, name: name, shape: shape).spec)
    }

    public func run(jobs: Int) throws(ExperimentFailure) -> ReportBundle {
        do throws(PlacementError) { return try Self.run(spec).bundle(spec: spec) } catch { throw ExperimentFailure.placement(error) }
    }

    /// A-1 for `variant` (the file's first by default) at `servers` replicas (the file's first
    /// count). `histogram`, when given, is the six-digit ids' histogram of the variant's map
    /// configuration (``explanationHistogram(for:)``), computed once for every server count.
    public static func run(_ spec: PlacementExperimentSpec, variant: PlacementExperimentSpec.Variant? = nil, servers: Int? = nil,
                           histogram: RequestSlotHistogram? = nil) throws(PlacementError) -> A1Result {
        let variant = variant ?? spec.variants[0]
        let count = servers ?? spec.serverCounts[0]
        let run = try DistributionRun.run(placement: variant.placement, servers: count, requests: spec.requests, server: spec.server, seed: spec.seed)
        var explanation: HashMapExplanation?
        if case .assignment(let configuration) = variant.placement {
            let map = try ConsistentHashMap(serverCount: count, configuration: configuration)
            explanation = HashMapExplanation(map: map, histogram: histogram ?? RequestSlotHistogram(map: map, requestIDs: HashMapExplanation.sixDigitRequestIDs))
        }
        return A1Result(run: run, statistics: BalanceStatistics(counts: run.counts.map(\.requests)), explanation: explanation)
    }

    /// The histogram of the six-digit ids over the slots of `variant`'s map configuration, which
    /// the explanation of its map at every server count shares; nil for other placements.
    static func explanationHistogram(for variant: PlacementExperimentSpec.Variant) -> RequestSlotHistogram? {
        guard case .assignment(let configuration) = variant.placement else { return nil }
        return RequestSlotHistogram(configuration: configuration, requestIDs: HashMapExplanation.sixDigitRequestIDs)
    }
}

extension A1Result {
    func barChart(title: String, valueRange: ClosedRange<Double>? = nil, size: ChartSize = .standard) -> BarChart {
        BarChart(title: title, categories: run.counts.map(\.hostname), series: [.init("requests served", values: run.counts.map { Double($0.requests) })],
                 xAxisLabel: "server replica", yAxisLabel: "requests served",
                 referenceLine: .init(value: statistics.uniform.mean, label: "uniform split \(NumberFormat.fixed(statistics.uniform.mean, decimals: 0, grouping: true))"),
                 valueRange: valueRange, size: size)
    }

    /// Why the counts are not judged, when some requests went unanswered (a replica's queue full,
    /// or a client's timeout (``DistributionRun/clientTimeout``) before a slow replica reached it): the counts are then what the
    /// replicas answered, not where the placement sent the requests, and a uniformity verdict on
    /// them measured the queues (10⁶ requests once read "z-score 329.7" for a split that matched
    /// its prediction). Nil when every request was answered.
    func unansweredNote(requests: Int) -> String? {
        guard run.failed > 0 else { return nil }
        return "\(NumberFormat.counted(run.failed, "request")) of \(NumberFormat.integer(requests)) \(run.failed == 1 ? "was" : "were") not answered (not within the \(DistributionRun.clientTimeoutText) a client waits), so the counts above are what the replicas answered, not where the placement sent every request: they are not judged against a uniform split. Give the replicas more slots, a faster service time or fewer requests."
    }

    func countsCSV() -> String {
        var table = CSVTable(header: ["server", "requests"])
        for count in run.counts { table.append([count.hostname, String(count.requests)]) }
        return table.rendered()
    }

    /// `results/a1/`.
    func bundle(spec: PlacementExperimentSpec) -> ReportBundle {
        var bundle = ReportBundle()
        bundle.add("a1/report.md", markdown(spec: spec))
        bundle.add("a1/report.json", json(spec: spec))
        bundle.add("a1/requests_per_server.csv", countsCSV())
        bundle.add("a1/requests_per_server.svg", barChart(title: "A-1: \(NumberFormat.integer(spec.requests)) requests over \(run.counts.count) replicas").svg())
        return bundle
    }

    func markdown(spec: PlacementExperimentSpec) -> String {
        var out = ExperimentReport.headerQuotingDescription(title: "A-1: how \(NumberFormat.counted(spec.requests, "request")) spread over \(NumberFormat.counted(run.counts.count, "replica"))", spec: spec, digest: run.digest)
        out += "Placement: \(spec.variants[0].placement.summary). Every request goes from its own client through the simulated balancer to a replica; the counts are what the replicas answered."
        if let construction = spec.variants[0].placement.construction { out += " " + construction }
        out += "\n\n"
        var table = MarkdownTable(columns: [.userText("server"), .numeric("requests"), .numeric("share"), .numeric("predicted share (all 900,000 ids)")])
        for (index, count) in run.counts.enumerated() {
            let predicted = explanation.map { NumberFormat.percent($0.predictedShare[index].share, decimals: 2) } ?? "—"
            table.append([count.hostname, NumberFormat.integer(count.requests), NumberFormat.percent(Double(count.requests) / Double(max(statistics.total, 1)), decimals: 2), predicted])
        }
        out += table.rendered() + "\n![requests per server](requests_per_server.svg)\n\n"
        out += "## How uneven, against chance\n\n"
        if let unanswered = unansweredNote(requests: spec.requests) {
            out += unanswered + "\n\n"
        } else {
            out += statistics.markdownTable() + "\n" + statistics.judgedVerdict + "\n\n"
        }
        if let explanation {
            out += "## Why\n\n" + explanation.markdown(headingLevel: 3)
        }
        return out
    }

    private struct Document: Encodable {
        struct Count: Encodable { var server: String; var requests: Int; var predictedShare: Double? }
        var schema = "orrery.a1/1"
        var seed: UInt64
        var digest: String
        var placement: String
        var requests: Int
        var counts: [Count]
        var mean: Double, standardDeviation: Double, peakToAverage: Double, coefficientOfVariation: Double, jainFairnessIndex: Double
        var uniformMean: Double, uniformStandardDeviation: Double
        var reachableSlots: Int?
        /// Requests not answered; absent when every one was.
        var unanswered: Int?
    }

    func json(spec: PlacementExperimentSpec) -> String {
        JSONReport.encode(Document(
            seed: spec.seed, digest: run.digest, placement: spec.variants[0].placement.summary, requests: spec.requests,
            counts: run.counts.enumerated().map { .init(server: $0.element.hostname, requests: $0.element.requests, predictedShare: explanation?.predictedShare[$0.offset].share) },
            mean: statistics.mean, standardDeviation: statistics.standardDeviation, peakToAverage: statistics.peakToAverage,
            coefficientOfVariation: statistics.coefficientOfVariation, jainFairnessIndex: statistics.jainFairnessIndex,
            uniformMean: statistics.uniform.mean, uniformStandardDeviation: statistics.uniform.standardDeviation,
            reachableSlots: explanation?.reachableSlots, unanswered: run.failed > 0 ? run.failed : nil))
    }
}
