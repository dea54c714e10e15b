import Testing
@testable import Scenarios

/// Counts carry their nouns and separators: "2 variants × 500,001 seeds", not "2 variant(s) × 500001 seeds".
struct SweepCountNounTests {
    @Test func tooManyWorldsCountsWithNouns() throws {
        let path = packageRoot.appendingPathComponent("scenarios/crash-and-restart.yaml").path
        do {
            _ = try SweepPlan(file: path, seeds: SeedList(parsing: "1..500001"), dimensions: [ScenarioOverride.parseVariants("workload.rate=300,600")])
            Issue.record("accepted")
        } catch {
            #expect("\(error)".contains("a sweep runs at most 1,000,000 worlds; 2 variants × 500,001 seeds is 1,000,002"), "\(error)")
        }
    }
}
