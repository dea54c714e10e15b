import Simulator
import Yams

/// How one run of an experiment is replayed alone: `orrery run FILE --seed N --set path=value …`,
/// the file the experiment read with the overrides that turn its world into the run's.
///
/// The overrides are spelled from how the run's world differs from the file's
/// (``overrides(from:to:serverEntries:)``), not written by hand beside each variant, so a change
/// to a variant changes its command. A command is offered only when the file, so overridden,
/// loads into exactly the run's world — what `orrery run` would simulate — so it reproduces the
/// run's digest (servers removed, or one of a `count:` group changed alone, by the whole
/// `servers:` list); a world the language cannot reach that way (a server the file does not name,
/// a fault or distribution no spelling writes) has none, and its row's cell stays empty.
enum RunReplay {
    /// The command that replays the run of `world` with `seed`, derived from `file` (the path the
    /// experiment read it from); nil when `file` cannot be read or no overrides reproduce `world`.
    static func command(file: String, world: Scenario, seed: UInt64) -> String? {
        overrides(file: file, world: world).map { command(file: file, seed: seed, overrides: $0) }
    }

    /// `orrery run FILE --seed N --set …`, each word as ``ShellQuoting/posixQuote(_:)`` writes it.
    static func command(file: String, seed: UInt64, overrides: [ScenarioOverride]) -> String {
        (["orrery", "run", ShellQuoting.fileArgument(file), "--seed", "\(seed)"] + overrides.flatMap { ["--set", $0.description] })
            .map(ShellQuoting.posixQuote).joined(separator: " ")
    }

    /// The overrides that turn `file` into `world`, checked by loading the file with them as
    /// `orrery run --set` does; nil when they do not give exactly `world`.
    static func overrides(file: String, world: Scenario) -> [ScenarioOverride]? {
        // The file is read and parsed once; each check overrides that document, as `--set` would the file.
        guard let document = try? ScenarioDocument.load(path: file), case .world(let written)? = try? ScenarioFile.load(document, overrides: [], option: "--set"),
              var overrides = overrides(from: written, to: world, serverEntries: serverEntries(document)) else { return nil }
        // `orrery run` refuses a longer `--set` (a list of many servers, faults or bursts).
        guard overrides.allSatisfy({ $0.path.count <= ScenarioOverride.maximumLength && $0.value.count <= ScenarioOverride.maximumLength }),
              var loaded = load(document, overrides) else { return nil }
        // The loader derives the time limit from run.duration; a world whose limit was set otherwise says so.
        if loaded.limits.timeLimit != world.limits.timeLimit {
            overrides.append(ScenarioOverride(path: "run.time_limit", value: FaultIncident.seconds(world.limits.timeLimit)))
            guard let again = load(document, overrides) else { return nil }
            loaded = again
        }
        return sameWorld(loaded, world) ? overrides : nil
    }

    /// The entries of the file's `servers:` list, as written: an override reaches a server only
    /// through its entry, and an entry makes `count:` servers.
    static func serverEntries(_ document: ScenarioDocument) -> [Node] {
        guard case .sequence(let entries)? = document.root.node["servers"] else { return [] }
        return Array(entries)
    }

    private static func load(_ document: ScenarioDocument, _ overrides: [ScenarioOverride]) -> Scenario? {
        guard case .world(let scenario)? = try? ScenarioFile.load(document, overrides: overrides, option: "--set") else { return nil }
        return scenario
    }

    /// Whether two worlds simulate alike: every section a run reads (the seed aside, which the
    /// command gives). The sections without equality (MapReduce, operations) must both be absent.
    static func sameWorld(_ a: Scenario, _ b: Scenario) -> Bool {
        a.limits == b.limits && a.defaultLink == b.defaultLink && a.links == b.links && a.servers == b.servers && a.balancer == b.balancer
            && a.workload == b.workload && a.faults == b.faults && a.deployment == b.deployment && a.zones == b.zones
            && a.log == b.log && a.store == b.store && a.backup == b.backup && a.queue == b.queue
            && a.mapreduce == nil && b.mapreduce == nil && a.operations == nil && b.operations == nil
    }
}
