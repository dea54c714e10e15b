extension OperationScenario {
    /// Runs the operations (`orrery ops FILE`) and returns `<name>/results.jsonl` and `summary.md`
    /// — the answers before a step that could not be sent are kept: they say how far the run got —
    /// with the step that stopped it, if one did.
    public func run() -> RunOutcome {
        let outcomes: [OperationOutcome]
        var failure: String?
        switch OperationScenarioRunner.run(self) {
        case .success(let answered):
            outcomes = answered
        case .failure(let problem):
            outcomes = problem.answered
            failure = "\(problem.message(in: file))\nseed \(seed); replay: orrery ops \(file)"
        }
        return RunOutcome(name: name, seed: seed, replay: "orrery ops \(file)", bundle: OperationReport.bundle(self, outcomes: outcomes),
                          headline: "\(name): \(outcomes.count) operations", failure: failure)
    }
}
