import Testing
@testable import Scenarios
@testable import Simulator

/// A scenario over empty input files runs (one empty split per empty file, as in Hadoop): the
/// job succeeds, its output is empty, and the sequential oracle agrees.
struct MapReduceEmptyInputTests {
    static let empty = MapReduceInput.File(name: "empty.txt", bytes: [])
    static let words = MapReduceInput.File(name: "words.txt", bytes: Array("the cat saw the dog\nthe dog saw a cat\n".utf8))

    static func run(_ files: [MapReduceInput.File]) -> (world: RunResult, job: MapReduceRunResult) {
        let scenario = MapReduceScenario(name: "t", file: "t.yaml", seed: 3, cluster: MapReduce.ClusterConfiguration(),
                                         job: .init(job: MapReduce.WordCount(), reducers: 2, combining: true),
                                         input: MapReduceInput(files: files, splitSize: 16), faults: [], expectations: [])
        let world = ScenarioRunner.run(scenario.world)
        return (world, world.jobs[0].result)
    }

    @Test func onlyEmptyFilesGiveAnEmptyOutputTheOracleAgreesWith() {
        let (world, result) = Self.run([Self.empty, Self.empty])
        #expect(world.passed)
        #expect(result.succeeded && result.outputExact)
        #expect(result.run.report?.mapTasks == 2)
        #expect(result.run.report?.output?.records == [])
        #expect(result.comparison == OutputComparison(actual: [], expected: []))
        #expect(result.inputRecords == 0 && result.inputBytes == 0)
        #expect(result.value(of: .outputRecords) == 0)
    }

    @Test func anEmptyFileBesideAnotherAddsOneMapTaskAndNoOutput() {
        let (alone, without) = Self.run([Self.words])
        let (world, with) = Self.run([Self.empty, Self.words])
        #expect(alone.passed && world.passed && with.outputExact)
        #expect(with.run.report?.mapTasks == (without.run.report?.mapTasks ?? 0) + 1)
        #expect(with.run.report?.output == without.run.report?.output)
        #expect(with.run.report?.statistics.map == without.run.report?.statistics.map)
        #expect(with.inputRecords == 2 && with.inputBytes == 38)
    }
}
