import Testing
@testable import Scenarios
@testable import Simulator

/// A MapReduce file's chaos slowdowns as a run applies and lists them (N3, s77): with factors of
/// about ×0 (`normal {mean: 0, sd: 1e-6}`), one worker did 19 s of map work in no time (makespan
/// 2.626 s against 21.871 s without chaos); the factors were listed raw (`×-0.38829579210830345`).
struct ChaosSlowdownRunTests {
    static func file(chaos: String) -> String {
        """
        name: slow-chaos
        seed: 7
        cluster: {workers: 1, map_slots: 1, cost: {map_per_record: 1ms}}
        job: {name: word-count, reducers: 1}
        input:
          synthetic: {lines: 20000, seed: 1}
          split_size: 64KiB
        \(chaos)
        """
    }

    @Test func factorsBelowOneLeaveTheRunAsWithoutChaos() throws {
        let calm = ScenarioRunner.run(try MapReduceScenarioLoader.parse(Self.file(chaos: ""), file: "calm.yaml").world)
        let zero = ScenarioRunner.run(try MapReduceScenarioLoader.parse(Self.file(
            chaos: "chaos: {horizon: 10m, slowdowns_per_minute: 60, slow_factor: {normal: {mean: 0, sd: 0.000001}}, slow_length: 1h}"), file: "zero.yaml").world)
        #expect(zero.faults == [])
        #expect(zero.digest == calm.digest)
    }

    @Test func slowdownsAreListedInThousandths() throws {
        let result = ScenarioRunner.run(try MapReduceScenarioLoader.parse(Self.file(
            chaos: "chaos: {horizon: 10m, slowdowns_per_minute: 30, slow_factor: {normal: {mean: 0.5, sd: 2}}, slow_length: 5s}"), file: "half.yaml").world)
        // Each drawn slowdown is listed with its drawn length (session 82), the one a later slowdown
        // outlasts too, so no separate end line.
        #expect(Array(result.faults.prefix(3)) == ["7.089 s: slow worker-1 ×3.461 for 5.000 s", "8.412 s: slow worker-1 ×4.073 for 5.000 s", "20.952 s: slow worker-1 ×2.684 for 5.000 s"])
    }
}
