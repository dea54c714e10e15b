import Reports

/// What a sweep runs: one scenario file, its variants — every combination of the `--vary`
/// values, the first `--vary` changing slowest — and the seeds each variant runs. Worlds are
/// numbered variant by variant, seed by seed; that order is the order of every report.
public struct SweepPlan: Sendable, Equatable {
    /// The scenario file, as the user named it.
    public let file: String
    public let seeds: SeedList
    /// One list of overrides per `--vary`, one override per value.
    public let dimensions: [[ScenarioOverride]]

    /// The most worlds (variants × seeds) one sweep may run.
    public static let maximumWorlds = 1_000_000
    /// The most variants: each is checked before the first world runs and has its rows in every
    /// table of the report (38,200 took 28 s and 2 GB before a world ran, and wrote 680 MB; a
    /// variant's loaded scenario is now held only while its worlds run).
    public static let maximumVariants = 1_000

    /// The file's keys that no `--vary` may change, and why: the seeds come from `--seeds`, and
    /// the sweep, its directory and its report are named and described by the file as written
    /// (a varied `name` named the sweep after its first value; a varied `seed` made variants that
    /// ran the same worlds).
    static let fixedKeys: [String: String] = [
        "seed": "the seeds of a sweep are its --seeds",
        "name": "a sweep is named by its file; its variants are told apart by their --vary values",
        "description": "a sweep is described by its file",
        "version": "the file's format version is not a variable",
    ]

    /// A plan, checked: no key path varied twice, none of the ``fixedKeys``, at most
    /// ``maximumVariants`` variants and ``maximumWorlds`` worlds.
    public init(file: String, seeds: SeedList, dimensions: [[ScenarioOverride]]) throws(OverrideProblem) {
        var paths: [String] = []
        for dimension in dimensions {
            guard let path = dimension.first?.path else { throw OverrideProblem("--vary needs at least one value") }
            if let reason = Self.fixedKeys[path] { throw OverrideProblem("--vary \(path.excerpt): \(reason)") }
            guard !paths.contains(path) else { throw OverrideProblem("--vary \(path.excerpt) is given twice; list all its values in one --vary") }
            // A path inside another varied one would overwrite part of each of its values, so
            // variants labelled `workload={… users: 2 …}` ran with the other's users.
            if let outer = paths.first(where: { Self.encloses($0, path) || Self.encloses(path, $0) }) {
                throw OverrideProblem("--vary \(path.excerpt) and --vary \(outer.excerpt) overlap: one is inside the other, so the variants' labels would not say what ran; vary the values inside, or write them into the outer one's values")
            }
            paths.append(path)
        }
        // The whole product, so that the refusal names it (it named the product only up to the
        // option that passed the limit); saturated, never a trap.
        var variants = 1, overflowed = false
        for dimension in dimensions {
            let (product, overflow) = variants.multipliedReportingOverflow(by: dimension.count)
            if overflow { overflowed = true } else { variants = product }
        }
        guard !overflowed, variants <= Self.maximumVariants else {
            throw OverrideProblem("a sweep has at most \(NumberFormat.integer(Self.maximumVariants)) variants; the --vary values make \(overflowed ? "more than \(NumberFormat.integer(Int.max))" : NumberFormat.integer(variants)) (every combination of one value of each); vary fewer values, or sweep in parts")
        }
        guard variants * seeds.seeds.count <= Self.maximumWorlds else {
            throw OverrideProblem("a sweep runs at most \(NumberFormat.integer(Self.maximumWorlds)) worlds; "
                + "\(NumberFormat.counted(variants, "variant")) × \(NumberFormat.counted(seeds.seeds.count, "seed")) is \(NumberFormat.integer(variants * seeds.seeds.count))")
        }
        self.file = file
        self.seeds = seeds
        self.dimensions = dimensions
    }

    /// Whether key path `inner` leads inside `outer` (`workload.users` inside `workload`).
    private static func encloses(_ outer: String, _ inner: String) -> Bool {
        inner.hasPrefix(outer + ".")
    }

    /// Every combination of one value per dimension (one empty combination with no `--vary`).
    public var variantCount: Int { dimensions.reduce(1) { $0 * $1.count } }

    /// The overrides of variant `index`, in `--vary` order.
    public func variant(_ index: Int) -> [ScenarioOverride] {
        var remainder = index
        var chosen: [ScenarioOverride] = []
        for dimension in dimensions.reversed() {
            chosen.append(dimension[remainder % dimension.count])
            remainder /= dimension.count
        }
        return chosen.reversed()
    }

    /// `k=v, k2=v2`, or `as written` for the file unchanged.
    public func label(ofVariant index: Int) -> String {
        let overrides = variant(index)
        return overrides.isEmpty ? "as written" : overrides.map(\.description).joined(separator: ", ")
    }

    /// Variants × seeds.
    public var worldCount: Int { variantCount * seeds.seeds.count }

    /// The variant and seed of the world at `position`.
    public func world(at position: Int) -> (variant: Int, seed: UInt64) {
        (position / seeds.seeds.count, seeds.seeds[position % seeds.seeds.count])
    }

    /// The command that replays one world of the sweep, for any shell (``ShellQuoting/posixCommand(_:)``),
    /// as ``SweepManifest/replayCommand(variant:seed:onTerminal:)`` writes it in the reports.
    public func replayCommand(variant index: Int, seed: UInt64) -> String {
        ShellQuoting.posixCommand(["orrery", "run", ShellQuoting.fileArgument(file), "--seed", "\(seed)"] + variant(index).flatMap { ["--set", $0.description] })
    }
}
