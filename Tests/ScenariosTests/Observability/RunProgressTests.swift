import Simulator
import Testing
@testable import Scenarios

/// Progress counts the worlds every parallel run starts and finishes, and the events of the
/// world on the command's thread — and changes nothing in what is run.
struct RunProgressTests {
    @Test func parallelWorldsCountWhatTheyRun() {
        let progress = RunProgress()
        let results = RunProgress.$current.withValue(progress) {
            ParallelWorlds.map(Array(0..<7), width: 2) { $0 * $0 } + ParallelWorlds.map(Array(0..<3), width: 1) { $0 }
        }
        #expect(results == [0, 1, 4, 9, 16, 25, 36, 0, 1, 2])
        #expect(progress.snapshot.worldsTotal == 10)
        #expect(progress.snapshot.worldsDone == 10)
        #expect(progress.snapshot.text == "worlds 10/10")
    }

    @Test func aWorldReportsItsVirtualTimeAndEvents() throws {
        let progress = RunProgress()
        let scenario = try ScenarioLoader.parse("""
            run: {requests: 20000}
            servers: [{name: s, count: 2, slots: 2, service_time: {exponential: 2ms}}]
            workload: {type: closed_loop, users: 10, timeout: 1s}
            """, file: "progress.yaml")
        let result = RunProgress.$current.withValue(progress) { ScenarioRunner.run(scenario) }
        let snapshot = progress.snapshot
        #expect(snapshot.events >= UInt64(Simulation.progressEvents))
        #expect(snapshot.events <= result.events)
        #expect(snapshot.virtualTime.seconds > 0 && snapshot.virtualTime.seconds <= result.virtualSeconds)
        #expect(result.digest == ScenarioRunner.run(scenario).digest)
    }

    @Test func theLineNamesWhatIsKnown() {
        var snapshot = RunProgress.Snapshot()
        #expect(snapshot.text == "")
        snapshot.virtualTime = .after(.milliseconds(12_500))
        snapshot.events = 1_234_567
        snapshot.worldsTotal = 40
        snapshot.worldsDone = 3
        #expect(snapshot.text == "virtual 12.500 s · 1,234,567 events · worlds 3/40")
    }
}
