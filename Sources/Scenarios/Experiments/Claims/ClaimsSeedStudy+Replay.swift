import Reports
import Simulator

extension ClaimsSeedStudy {
    /// `seeds.csv`: every figure's value in every seed, with the command that replays that seed's
    /// run alone — the world of the study's probe (the run of `runs.csv` the figure names) with
    /// the seed for `--seed`. The commands come from ``RunReplay`` as `runs.csv`'s do, the
    /// overrides found once per probe; a world no override reaches leaves its cells empty.
    func csv(seed003: Scenario, seed004: Scenario) -> String {
        let replays = Self.replays(Self.seed003Probes(seed003), file: seed003.file)
            .merging(Self.replays(Self.seed004Probes(seed004), file: seed004.file)) { first, _ in first }
        var table = CSVTable(header: ["figure", "seed", "value", "replay"])
        for figure in self.seed003 + self.seed004 {
            let replay = replays[figure.name]
            for (seed, value) in zip(figure.seeds, figure.samples) {
                let command = replay.map { RunReplay.command(file: $0.file, seed: seed, overrides: $0.overrides) } ?? ""
                table.append([figure.name, "\(seed)", NumberFormat.fixed(value, decimals: 6), command])
            }
        }
        return table.rendered()
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
