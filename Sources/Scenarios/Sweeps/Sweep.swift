import Foundation
import Reports
import Synchronization

/// A sweep ready to run: its plan, every variant checked by the scenario loader (a bad `--vary`
/// value is an error at the position of the value it replaces, before any world runs), and its
/// manifest.
///
/// What it keeps is only what is cheap — the file as composed and the plan's overrides — and the
/// scenarios of the variants its run starts with, as many as it runs worlds at once (`jobs`, at
/// most one per core), checked last so that no more than that is ever held. A variant's scenario
/// can be far larger than its file, as a list shared by YAML aliases is expanded for every place
/// that names it: any other variant is loaded again from the composed file when its worlds run,
/// and released once the last of them has finished (``VariantScenarios``). So a sweep holds at
/// most as many loaded scenarios as it runs worlds at once, however many variants it has (32
/// variants of a file whose aliases expanded to 8 million values held all 32, 2.15 GB, before a
/// world ran), and a sweep of no more variants than that loads each once (two variants at
/// `--jobs 2` were loaded four times). More cannot be had while every variant must be refused or
/// accepted before any world runs: a variant checked and not kept is loaded twice.
public struct Sweep: Sendable {
    public let plan: SweepPlan
    /// The manifest of the whole sweep (no shard).
    public let manifest: SweepManifest
    /// The file, composed once; every variant is loaded from it.
    let document: ComposedFile
    /// The scenarios of the variants the run starts with, as checked, until the run takes them.
    let kept: KeptVariants
    /// Called before each variant is loaded to run its worlds (tests count the loads).
    var willLoad: (@Sendable (Int) -> Void)?

    /// Checks every variant of `plan`, `jobs` at a time, keeping the scenarios of the first
    /// variants the worlds of `shard` (every world without one) run, as many as run at once
    /// (`jobs`, at most one per core).
    ///
    /// - Throws: ``ScenarioError`` for a file that cannot be read or run as a world, or a `--vary`
    ///   value the loader rejects: the lowest bad variant's, whatever `jobs` is (no variant above
    ///   one found bad is started).
    public static func load(_ plan: SweepPlan, jobs: Int = 1, shard: Shard? = nil) throws(ScenarioError) -> Sweep {
        try load(plan, jobs: jobs, shard: shard, keeping: min(jobs, ParallelWorlds.cores), loading: nil)
    }

    /// ``load(_:jobs:shard:)`` keeping the first `keeping` variants, and calling `loading` before
    /// every load of a variant — to check it here, and to run it (``willLoad``) — so that tests
    /// count them all.
    static func load(_ plan: SweepPlan, jobs: Int, shard: Shard?, keeping: Int,
                     loading: (@Sendable (Int) -> Void)?) throws(ScenarioError) -> Sweep {
        let bytes: [UInt8]
        switch RegularFile.read(plan.file, limit: RegularFile.scenarioLimit) {
        case .success(let read): bytes = read
        case .failure(let problem):
            let reason = if case .unreadable = problem { "not readable" } else { problem.description }
            throw ScenarioError(file: plan.file, line: 0, column: 0, path: "", kind: .unreadable(reason))
        }
        let document = ComposedFile(try ScenarioDocument.parse(bytes: bytes, file: plan.file))
        let keep = firstVariants(of: plan, in: shard, count: keeping)
        // The lowest variant found bad so far: none above it is checked.
        let firstBad = Atomic<Int>(.max)
        // The variants kept are checked last, after every other has been checked and released:
        // at most `jobs` scenarios are held at once.
        let others = (0..<plan.variantCount).filter { !keep.contains($0) }
        var checked = [Result<CheckedVariant, ScenarioError>?](repeating: nil, count: plan.variantCount)
        for group in [others, keep.sorted()] {
            let results = ParallelWorlds.map(group, width: jobs) { index -> Result<CheckedVariant, ScenarioError>? in
                guard index < firstBad.load(ordering: .relaxed) else { return nil }
                loading?(index)
                do throws(ScenarioError) {
                    let scenario = try document.load(plan: plan, variant: index)
                    return .success(CheckedVariant(facts: SweepManifest.VariantFacts(scenario), name: scenario.name, description: scenario.summary,
                                                   scenario: keep.contains(index) ? scenario : nil))
                } catch {
                    firstBad.min(index, ordering: .relaxed)
                    return .failure(error)
                }
            }
            for (index, result) in zip(group, results) { checked[index] = result }
        }
        var variants: [CheckedVariant] = []
        for result in checked {
            // Every variant below the lowest bad one was checked.
            guard let result else { break }
            switch result {
            case .success(let variant): variants.append(variant)
            case .failure(let error): throw error
            }
        }
        let manifest = SweepManifest(plan: plan, name: variants[0].name, description: variants[0].description, facts: variants.map(\.facts), bytes: bytes)
        var scenarios: [Int: Scenario] = [:]
        for (index, variant) in variants.enumerated() { scenarios[index] = variant.scenario }
        return Sweep(plan: plan, manifest: manifest, document: document, kept: KeptVariants(scenarios), willLoad: loading)
    }

    /// The first `count` distinct variants of the worlds `shard` runs (every world without one),
    /// in the order the run meets them.
    static func firstVariants(of plan: SweepPlan, in shard: Shard?, count: Int) -> Set<Int> {
        firstVariants((0..<plan.worldCount).lazy.filter { shard?.contains($0) ?? true }.map { plan.world(at: $0).variant },
                      count: min(count, plan.variantCount))
    }

    /// The first `count` distinct variants of `variants`.
    private static func firstVariants(_ variants: some Sequence<Int>, count: Int) -> Set<Int> {
        var first = Set<Int>()
        for variant in variants {
            guard first.count < count else { break }
            first.insert(variant)
        }
        return first
    }

    /// What checking a variant keeps of it.
    private struct CheckedVariant: Sendable {
        var facts: SweepManifest.VariantFacts
        var name: String
        var description: String
        var scenario: Scenario?
    }

    /// The manifest a shard writes.
    public func manifest(for shard: Shard?) -> SweepManifest {
        var manifest = manifest
        manifest.shard = shard?.description
        return manifest
    }

    /// The positions of the worlds `shard` runs (every world without one).
    public func positions(in shard: Shard?) -> [Int] {
        (0..<plan.worldCount).filter { shard?.contains($0) ?? true }
    }

    /// The scenario of variant `index`: a kept variant's as checked, the first time it is asked
    /// for; any other loaded again from the composed file.
    func scenario(ofVariant index: Int) -> Scenario {
        if let scenario = kept.take(index) { return scenario }
        willLoad?(index)
        do { return try document.load(plan: plan, variant: index) } catch {
            // The same composed document and overrides were loaded by `load(_:)`.
            preconditionFailure("variant \(index + 1) of \(plan.file) was checked but does not load again: \(error)")
        }
    }

    /// Runs one world (its variant loaded for it alone).
    public func runWorld(at position: Int) -> WorldRecord {
        runWorld(at: position, scenario(ofVariant: plan.world(at: position).variant))
    }

    private func runWorld(at position: Int, _ scenario: Scenario) -> WorldRecord {
        let (variant, seed) = plan.world(at: position)
        let result = ScenarioRunner.run(scenario, seed: seed, replayCommand: manifest.replayCommand(variant: variant, seed: seed))
        return WorldRecord(position: position, variant: variant, result: result, manifest: manifest)
    }

    /// Runs the worlds at `positions`, `jobs` at a time, and hands each record to `deliver` in
    /// position order as soon as it and those before it are done, so that nothing accumulates;
    /// stops handing out worlds once `deliver` returns false. A variant is loaded when its first
    /// world starts and released when its last one ends.
    ///
    /// - Parameter verify: run on the world's own thread after it, e.g. to replay it in another
    ///   process; what it returns is handed to `deliver` with the record.
    public func run(_ positions: [Int], jobs: Int, verify: (@Sendable (WorldRecord) -> SweepStop?)? = nil,
                    deliver: @Sendable (WorldRecord, SweepStop?) -> Bool) {
        _ = runCounting(positions, jobs: jobs, verify: verify, deliver: deliver)
    }

    /// ``run(_:jobs:verify:deliver:)``, returning how many variants were loaded and the most held
    /// at once.
    func runCounting(_ positions: [Int], jobs: Int, verify: (@Sendable (WorldRecord) -> SweepStop?)? = nil,
                     deliver: @Sendable (WorldRecord, SweepStop?) -> Bool) -> VariantScenarios.Counts {
        let variants = VariantScenarios(variants: positions.map { plan.world(at: $0).variant }) { index in scenario(ofVariant: index) }
        // A kept variant is not kept by a run that does not start with it (a shard's other than
        // the one it was loaded for, fewer worlds at once than it was loaded for), nor past the
        // run (one stopped early): at most as many are held as worlds run, the kept ones among them.
        kept.keepOnly(Self.firstVariants(positions.lazy.map { plan.world(at: $0).variant }, count: jobs))
        defer { kept.keepOnly([]) }
        ParallelWorlds.stream(positions.count, width: jobs, { index in
            let position = positions[index]
            let variant = plan.world(at: position).variant
            let record = runWorld(at: position, variants.acquire(variant))
            variants.release(variant)
            return (record, verify?(record))
        }, deliver: { deliver($0.0, $0.1) })
        return variants.counts
    }
}

/// A scenario file composed once, shared by the threads that load its variants (reading a
/// composed document changes nothing in it).
final class ComposedFile: @unchecked Sendable {
    let document: ScenarioDocument

    init(_ document: ScenarioDocument) { self.document = document }

    /// Variant `index` of `plan`, loaded; a sweep runs worlds, not experiments.
    func load(plan: SweepPlan, variant index: Int) throws(ScenarioError) -> Scenario {
        switch try ScenarioFile.load(document, overrides: plan.variant(index), option: "--vary") {
        case .world(let scenario): return scenario
        case .experiment(let experiment, _):
            throw ScenarioError(file: plan.file, line: 0, column: 0, path: "", kind: .invalidValue(
                "a sweep runs worlds; this is the experiment '\(type(of: experiment).name)', which chooses its own seeds"))
        }
    }
}

/// The scenarios of the variants a sweep's run starts with, as ``Sweep/load(_:jobs:shard:)``
/// checked them, each handed out once.
final class KeptVariants: Sendable {
    private let scenarios: Mutex<[Int: Scenario]>

    init(_ scenarios: [Int: Scenario]) { self.scenarios = Mutex(scenarios) }

    /// Variant `index`'s scenario, the first time; nil after, or when it was not kept.
    func take(_ index: Int) -> Scenario? { scenarios.withLock { $0.removeValue(forKey: index) } }

    /// Releases every kept scenario but those of `variants`.
    func keepOnly(_ variants: Set<Int>) { scenarios.withLock { held in held = held.filter { variants.contains($0.key) } } }

    /// The variants still kept, in order.
    var variants: [Int] { scenarios.withLock { $0.keys.sorted() } }
}
