import Testing
@testable import Scenarios

/// A-4's step-budget refusal wrote its one limit two ways, rounded against each estimate: "more
/// than the 2.7 × 10⁸ a run may take" in one refusal, "about 2.69 × 10⁸ steps, more than the
/// 2.68 × 10⁸" in another (s77's F10). The limit is now always the one figure, 268,435,456.
struct PlacementStepsLimitTests {
    @Test func theLimitIsOneFigureInOneFormat() {
        #expect(ScenarioLoader.placementSetupStepsText(268_800_000).steps == "269,000,000")
        #expect(ScenarioLoader.placementSetupStepsText(1_500_004_500).steps == "1,500,000,000")
        // Rounding to the limit or below would read as no excess: the next figure up.
        #expect(ScenarioLoader.placementSetupStepsText(268_435_456.25) == (steps: "269,000,000", most: "268,435,456"))
        #expect(ScenarioLoader.placementSetupStepsText(1e10).most == "268,435,456")
    }

    @Test func aFourVariantJustOverTheBudgetIsRefusedWithBothFiguresWhole() {
        let file = """
        experiment: a4
        name: t
        seed: 1
        servers: [1000]
        requests: 1000
        variants:
          - name: v
            placement: {bounded_loads: {epsilon: 0, virtual_nodes: 258}}
        """
        #expect(experimentError(file)?.description == "x.yaml:7:3: error: building and measuring this variant takes about 269,000,000 steps, more than the 268,435,456 a run may take; use fewer variants or servers (at variants)")
    }
}
