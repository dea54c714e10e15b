extension ScenarioLoader {
    /// The most events the worlds an experiment derives from one file may be estimated to need
    /// together: about four times the shipped strategy comparison (1,080 worlds, 4.5e8).
    static let experimentMostEvents = 2e9

    /// Checks the worlds an experiment derives from `base` (variants of its traffic or servers),
    /// each run `times` times (strategies, seeds): each as a world of its own (``ResourceBudget``)
    /// and all together against ``experimentMostEvents``. Every value of the file may be in its
    /// range and the world it describes within its budget, while the experiment's hundreds of
    /// derived worlds are not (a strategy comparison at 4,000,000 requests a second).
    static func checkExperimentWorlds(_ worlds: [(name: String, scenario: Scenario)], times: Int = 1, of base: ExperimentBaseFile, experiment: String) throws(ScenarioError) {
        var total = 0.0
        for world in worlds {
            let budget = ResourceBudget(world.scenario)
            if let (section, message) = budget.problem(eventLimit: world.scenario.limits.eventLimit) {
                throw base.error(at: section, .invalidValue("the \(experiment)'s '\(world.name)' world: \(message)"))
            }
            total += budget.events * Double(times)
        }
        guard total <= experimentMostEvents else {
            let (totalText, mostText) = NumberText.figures(total, against: experimentMostEvents)
            throw base.error(at: "workload", .invalidValue(
                "the \(experiment) runs \(NumberText.figure(Double(worlds.count * times))) worlds from this file, needing about \(totalText) events in all, more than the \(mostText) an experiment may; lower the rate, the users or the duration"))
        }
    }
}
