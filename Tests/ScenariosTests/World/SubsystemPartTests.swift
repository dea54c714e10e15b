import Testing
@testable import Scenarios

/// Every subsystem reaches the pipeline through its part, and only through it.
struct SubsystemPartTests {
    @Test func everySubsystemIsBuiltOnceAndItsMetricsAreItsOwn() {
        #expect(World.buildOrder.sorted() == Subsystem.allCases)
        #expect(Set(World.startOrder).isSubset(of: Set(Subsystem.allCases)))
        for subsystem in Subsystem.allCases {
            #expect(!subsystem.metrics.isEmpty)
            #expect(subsystem.metrics.allSatisfy { $0.subsystem == subsystem })
        }
    }

    @Test func aPartAnswersOnlyForItsOwnNamesAndOnlyWhenItRan() {
        let empty = RunResult(scenario: "t", summary: "", file: "t.yaml", seed: 1, replayCommand: "", digest: "", events: 0, virtualSeconds: 0,
                              failure: nil, subsystems: [], faults: [], timeline: [])
        #expect(empty.value(of: Metric(.log, "lost", .count)) == nil)
        #expect(empty.value(of: Metric(.backup, "no_such_metric", .count)) == nil)
        #expect(empty.value(of: MapReduceMetric.jobs.metric) == 0)
        #expect(Subsystem.allCases.allSatisfy { $0.part.markdown(empty).isEmpty })
    }
}
