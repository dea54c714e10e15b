import Reports
import Simulator

/// Experiment A-4: again with modified H and Φ and with real placement algorithms,
/// plus how many keys move when a server is added or removed.
public struct A4Result: Sendable {
    /// Everything measured for one placement.
    public struct VariantResult: Sendable {
        public var variant: PlacementExperimentSpec.Variant
        /// A-1 at the comparison size (N = 3 when the file lists it).
        public var a1: A1Result
        public var a2: A2Result
        /// Adding server N+1 to N = `movementBase` servers, and removing server 1 and server N.
        public var added: KeyMovement
        public var removedFirst: KeyMovement
        public var removedLast: KeyMovement
    }

    public var comparisonServers: Int
    public var movementBase: Int
    public var variants: [VariantResult]
}

/// `orrery experiment a4` (`scenarios/a4.yaml`).
public struct A4Experiment: ExperimentFile {
    public static let name = "a4"
    public static let summary = "A-1 and A-2 with modified and real hash functions and other placements"

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

    public static func load(_ document: ScenarioDocument) throws(ScenarioError) -> A4Experiment {
        A4Experiment(spec: try ScenarioLoader.placementExperiment(document, name: name, shape: shape).spec)
    }

    public func run(jobs: Int) throws(ExperimentFailure) -> ReportBundle {
        do throws(PlacementError) { return try Self.run(spec, jobs: jobs).bundle(spec: spec) } catch { throw ExperimentFailure.placement(error) }
    }

    /// The six-digit request ids every key-movement figure is computed over.
    static let allRequestIDs: ClosedRange<UInt64> = 100_000...999_999

    public static func run(_ spec: PlacementExperimentSpec, jobs: Int = 1) throws(PlacementError) -> A4Result {
        let comparison = spec.serverCounts.contains(3) ? 3 : spec.serverCounts[0]
        let base = spec.serverCounts.contains(5) ? 5 : max(2, spec.serverCounts.max()! - 1)
        let results = try ParallelWorlds.map(spec.variants.count, width: jobs) { index throws(PlacementError) in
            try measure(spec.variants[index], spec: spec, comparison: comparison, base: base)
        }
        return A4Result(comparisonServers: comparison, movementBase: base, variants: results)
    }

    private static func measure(_ variant: PlacementExperimentSpec.Variant, spec: PlacementExperimentSpec, comparison: Int, base: Int) throws(PlacementError) -> A4Result.VariantResult {
        let placement = try variant.placement.makeKeyPlacement(servers: base)
        let a2 = try A2Experiment.run(spec, variant: variant)
        let a1: A1Result
        if let reused = a2.runs.first(where: { $0.servers == comparison }) {
            a1 = reused.result
        } else {
            a1 = try A1Experiment.run(spec, variant: variant, servers: comparison)
        }
        let movements = try KeyMovement.measuring([.added(node: base + 1), .removed(node: 1), .removed(node: base)], of: placement, keys: allRequestIDs)
        return .init(variant: variant, a1: a1, a2: a2, added: movements[0], removedFirst: movements[1], removedLast: movements[2])
    }
}
