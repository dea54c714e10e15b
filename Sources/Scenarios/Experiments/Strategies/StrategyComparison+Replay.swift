import Simulator

extension StrategyComparison.Situation {
    /// The world one cell runs: the situation with the balancer picking by `strategy` — what
    /// ``RunReplay`` spells a cell's replay command from.
    func world(strategy: BalancingStrategyKind) -> Scenario {
        var world = scenario
        world.balancer?.strategy = strategy
        return world
    }
}
