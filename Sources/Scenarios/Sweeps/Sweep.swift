import Foundation
import Reports
import Synchronization

/// A sweep ready to run: its plan, every variant checked by the scenario loader (a bad `--vary`
/// value is an error at the position of the value it replaces, before any world runs), and its
/// manifest.
///
/// What it keeps is only what is cheap: the file as composed and the plan's overrides. A variant's
/// scenario — which can be far larger than its file, as a list shared by YAML aliases is expanded
/// for every place that names it — is loaded again from the composed file when its worlds run,
/// and released once the last of them has finished (``VariantScenarios``): a sweep holds at most
/// as many loaded scenarios as it runs worlds at once, however many variants it has (32 variants
/// of a file whose aliases expanded to 8 million values held all 32, 2.15 GB, before a world ran).
/// A sweep of one variant keeps it as checked for its worlds rather than load it twice.
public struct Sweep: Sendable {
    public let plan: SweepPlan
    /// The manifest of the whole sweep (no shard).
    public let manifest: SweepManifest
    /// The file, composed once; every variant is loaded from it.
    let document: ComposedFile
    /// The only variant's scenario as checked, until the first run takes it.
    let first: FirstVariant
    /// Called before each variant is loaded to run its worlds (tests count the loads).
    var willLoad: (@Sendable (Int) -> Void)?

    /// Checks every variant of `plan`, `jobs` at a time, keeping none (but the only one).
    ///
    /// - Throws: ``ScenarioError`` for a file that cannot be read or run as a world, or a `--vary`
    ///   value the loader rejects: the first bad variant's, whatever `jobs` is (no variant after
    ///   one found bad is started).
    public static func load(_ plan: SweepPlan, jobs: Int = 1) throws(ScenarioError) -> Sweep {
        let bytes: [UInt8]
        switch RegularFile.read(plan.file, limit: RegularFile.scenarioLimit) {
        case .success(let read): bytes = read
        case .failure(let problem):
            let reason = if case .unreadable = problem { "not readable" } else { problem.description }
            throw ScenarioError(file: plan.file, line: 0, column: 0, path: "", kind: .unreadable(reason))
        }
        let document = ComposedFile(try ScenarioDocument.parse(bytes: bytes, file: plan.file))
        // The lowest variant found bad so far: none above it is checked.
        let firstBad = Atomic<Int>(.max)
        let checked = ParallelWorlds.map(plan.variantCount, width: jobs) { index -> Result<CheckedVariant, ScenarioError>? in
            guard index < firstBad.load(ordering: .relaxed) else { return nil }
            do throws(ScenarioError) {
                let scenario = try document.load(plan: plan, variant: index)
                // Kept only when it is the only one: otherwise others would be checked beside it.
                return .success(CheckedVariant(facts: SweepManifest.VariantFacts(scenario), name: scenario.name, description: scenario.summary,
                                               scenario: plan.variantCount == 1 ? scenario : nil))
            } catch {
                firstBad.min(index, ordering: .relaxed)
                return .failure(error)
            }
        }
        var variants: [CheckedVariant] = []
        for result in checked {
            // Every variant below the first bad one was checked.
            guard let result else { break }
            switch result {
            case .success(let variant): variants.append(variant)
            case .failure(let error): throw error
            }
        }
        let manifest = SweepManifest(plan: plan, name: variants[0].name, description: variants[0].description, facts: variants.map(\.facts), bytes: bytes)
        return Sweep(plan: plan, manifest: manifest, document: document, first: FirstVariant(variants[0].scenario), willLoad: nil)
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

    /// The scenario of variant `index`: the first variant's as checked, the first time it is
    /// asked for; any other loaded again from the composed file.
    func scenario(ofVariant index: Int) -> Scenario {
        if index == 0, let scenario = first.take() { return scenario }
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
    public func run(_ positions: [Int], jobs: Int, verify: (@Sendable (WorldRecord) -> String?)? = nil,
                    deliver: @Sendable (WorldRecord, String?) -> Bool) {
        _ = runCounting(positions, jobs: jobs, verify: verify, deliver: deliver)
    }

    /// ``run(_:jobs:verify:deliver:)``, returning how many variants were loaded and the most held
    /// at once.
    func runCounting(_ positions: [Int], jobs: Int, verify: (@Sendable (WorldRecord) -> String?)? = nil,
                     deliver: @Sendable (WorldRecord, String?) -> Bool) -> VariantScenarios.Counts {
        let variants = VariantScenarios(variants: positions.map { plan.world(at: $0).variant }) { index in scenario(ofVariant: index) }
        // The first variant as checked is not kept by a sweep none of whose worlds use it (a
        // shard's), nor past the run (one stopped early).
        if positions.first.map({ plan.world(at: $0).variant }) != 0 { _ = first.take() }
        defer { _ = first.take() }
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

/// The first variant's scenario as ``Sweep/load(_:)`` checked it, handed out once.
final class FirstVariant: Sendable {
    private let scenario: Mutex<Scenario?>

    init(_ scenario: Scenario?) { self.scenario = Mutex(scenario) }

    /// The scenario, the first time; nil after.
    func take() -> Scenario? { scenario.withLock { held in defer { held = nil }; return held } }
}
