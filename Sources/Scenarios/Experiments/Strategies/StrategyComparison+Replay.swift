import Simulator

extension StrategyComparison.Situation {
    /// The world one cell runs: the situation with the balancer picking by `strategy` — what
    /// ``RunReplay`` spells a cell's replay command from. A strategy that reads no slow-start
    /// weight (``BalancingStrategyKind/usesSlowStartWeight``: round_robin, ip_hash, hash) runs
    /// without the file's `slow_start`, which would do nothing there and which a world file
    /// refuses with it (``ScenarioLoader/slowStartRefusal(_:)``); the report says so
    /// (``StrategyComparison/slowStartLine``).
    func world(strategy: BalancingStrategyKind) -> Scenario {
        var world = scenario
        world.balancer?.strategy = strategy
        if !strategy.usesSlowStartWeight { world.balancer?.configuration.slowStart = nil }
        return world
    }
}
