import Foundation
import Reports

/// A sweep ready to run: its plan, every variant loaded and checked by the scenario loader (a bad
/// `--vary` value is an error at the position of the value it replaces, before any world runs),
/// and its manifest.
public struct Sweep: Sendable {
    public let plan: SweepPlan
    /// The manifest of the whole sweep (no shard).
    public let manifest: SweepManifest
    /// One scenario per variant.
    let scenarios: [Scenario]

    /// Loads every variant of `plan`.
    ///
    /// - Throws: ``ScenarioError`` for a file that cannot be read or run as a world, or a `--vary`
    ///   value the loader rejects.
    public static func load(_ plan: SweepPlan) throws(ScenarioError) -> Sweep {
        let bytes: [UInt8]
        switch RegularFile.read(plan.file, limit: RegularFile.scenarioLimit) {
        case .success(let read): bytes = read
        case .failure(let problem):
            let reason = if case .unreadable = problem { "not readable" } else { problem.description }
            throw ScenarioError(file: plan.file, line: 0, column: 0, path: "", kind: .unreadable(reason))
        }
        let document = try ScenarioDocument.parse(bytes: bytes, file: plan.file)
        var scenarios: [Scenario] = []
        for index in 0..<plan.variantCount {
            switch try ScenarioFile.load(document, overrides: plan.variant(index), option: "--vary") {
            case .world(let scenario): scenarios.append(scenario)
            case .experiment(let experiment):
                throw ScenarioError(file: plan.file, line: 0, column: 0, path: "", kind: .invalidValue(
                    "a sweep runs worlds; this is the experiment '\(type(of: experiment).name)', which chooses its own seeds"))
            }
        }
        return Sweep(plan: plan, manifest: SweepManifest(plan: plan, scenarios: scenarios, bytes: bytes), scenarios: scenarios)
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

    /// Runs one world.
    public func runWorld(at position: Int) -> WorldRecord {
        let (variant, seed) = plan.world(at: position)
        let result = ScenarioRunner.run(scenarios[variant], seed: seed, replayCommand: manifest.replayCommand(variant: variant, seed: seed))
        return WorldRecord(position: position, variant: variant, result: result, manifest: manifest)
    }

    /// Runs the worlds at `positions`, `jobs` at a time, and hands each record to `deliver` in
    /// position order as soon as it and those before it are done, so that nothing accumulates;
    /// stops handing out worlds once `deliver` returns false.
    ///
    /// - Parameter verify: run on the world's own thread after it, e.g. to replay it in another
    ///   process; what it returns is handed to `deliver` with the record.
    public func run(_ positions: [Int], jobs: Int, verify: (@Sendable (WorldRecord) -> String?)? = nil,
                    deliver: @Sendable (WorldRecord, String?) -> Bool) {
        ParallelWorlds.stream(positions.count, width: jobs, { index in
            let record = runWorld(at: positions[index])
            return (record, verify?(record))
        }, deliver: { deliver($0.0, $0.1) })
    }
}
