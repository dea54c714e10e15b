import Reports
import Simulator

extension ClaimsSeedStudy {
    /// `seeds.csv`: every figure's value in every seed, with the command that replays that seed's
    /// run alone — the world of the study's probe (the run of `runs.csv` the figure names) with
    /// the seed for `--seed`. The commands come from ``RunReplay`` as `runs.csv`'s do, the
    /// overrides found once per probe; a world no override reaches leaves its cells empty.
    func csv(seed003: Scenario, seed004: Scenario) -> String {
        let replay = Self.replay(seed003: seed003, seed004: seed004)
        return SeedStudy.csv(self.seed003 + self.seed004) { figure, seed in replay(figure.name, seed) }
    }

    /// The study as JSON, each figure with its seeds' replay commands as `seeds.csv` gives them.
    func document(seed003: Scenario, seed004: Scenario) -> Document {
        let replay = Self.replay(seed003: seed003, seed004: seed004)
        func documents(_ figures: [SeedStudy.Figure]) -> [SeedStudyFigureDocument] {
            figures.map { figure in SeedStudyFigureDocument(figure) { replay(figure.name, $0) } }
        }
        return Document(seed003: documents(self.seed003), seed004: documents(self.seed004))
    }

    /// A figure's seed's replay command: the world of the study's probe that measures the figure,
    /// with the seed for `--seed`; nil for a figure whose world no override reaches.
    private static func replay(seed003: Scenario, seed004: Scenario) -> (String, UInt64) -> String? {
        let replays = Self.replays(Self.seed003Probes(seed003), file: seed003.file)
            .merging(Self.replays(Self.seed004Probes(seed004), file: seed004.file)) { first, _ in first }
        return { name, seed in replays[name].map { RunReplay.command(file: $0.file, seed: seed, overrides: $0.overrides) } }
    }

    /// By figure name, the file and overrides that make its probe's world; a figure whose world
    /// no overrides reach is left out.
    private static func replays(_ probes: [Probe], file: String) -> [String: (file: String, overrides: [ScenarioOverride])] {
        var byFigure: [String: (file: String, overrides: [ScenarioOverride])] = [:]
        for probe in probes {
            guard let overrides = RunReplay.overrides(file: file, world: probe.scenario) else { continue }
            for figure in probe.figures { byFigure[figure.name] = (file, overrides) }
        }
        return byFigure
    }
}
