import Foundation
import Testing
@testable import Scenarios
@testable import Simulator

/// MapReduce scenario files load strictly: every bad input is an error with its file, line and
/// column, found before anything runs; input files are read as bytes, whatever they hold.
struct MapReduceLoaderTests {
    @Test func aMissingInputFileIsNamedAtItsPosition() throws {
        let fixture = try MapReduceFixture()
        defer { fixture.remove() }
        let error = fixture.error(MapReduceFixture.scenario(files: "[missing.txt]"))
        #expect(error?.description == "\(fixture.path("t.yaml")):8:11: error: cannot read input file 'missing.txt' (\(fixture.path("missing.txt"))): no such file (at input.files.[0])")
    }

    @Test func anUnreadableInputFileIsNamedAtItsPosition() throws {
        let fixture = try MapReduceFixture()
        defer { fixture.remove() }
        let error = fixture.error(MapReduceFixture.scenario(files: "[words.txt, folder]"))
        #expect(error?.description == "\(fixture.path("t.yaml")):8:22: error: cannot read input file 'folder' (\(fixture.path("folder"))): it is a directory (at input.files.[1])")
    }

    /// An empty file is input like any other (one empty split, as in Hadoop); a missing one is
    /// an error (above).
    @Test func anEmptyInputFileLoadsAsAnEmptyDocument() throws {
        let fixture = try MapReduceFixture()
        defer { fixture.remove() }
        let scenario = try fixture.load(MapReduceFixture.scenario(files: "[empty.txt]"))
        #expect(scenario.input.files == [MapReduceInput.File(name: "empty.txt", bytes: [], path: fixture.path("empty.txt"))])
        #expect(scenario.input.documents().map(\.bytes.count) == [0])
    }

    @Test func zeroReducersIsAnError() throws {
        let fixture = try MapReduceFixture()
        defer { fixture.remove() }
        let error = fixture.error(MapReduceFixture.scenario(reducers: "0"))
        #expect(error?.description == "\(fixture.path("t.yaml")):6:13: error: a job needs at least one reduce task, got R = 0 (at job.reducers)")
    }

    @Test func anUnknownJobListsTheKnownOnes() throws {
        let fixture = try MapReduceFixture()
        defer { fixture.remove() }
        let known = "known jobs: error-counts-sliding, error-counts-tumbling, error-sessions, inverted-index, log-patterns, word-count"
        #expect(fixture.error(MapReduceFixture.scenario(job: "wordcount"))?.description
            == "\(fixture.path("t.yaml")):5:9: error: unknown job 'wordcount'; did you mean 'word-count'? \(known) (at job.name)")
        #expect(fixture.error(MapReduceFixture.scenario(job: "grep"))?.message == "unknown job 'grep'; \(known)")
    }

    @Test func invalidUTF8InputIsReadByteForByte() throws {
        let fixture = try MapReduceFixture()
        defer { fixture.remove() }
        let scenario = try fixture.load(MapReduceFixture.scenario())
        #expect(scenario.input.files.map(\.name) == ["words.txt", "latin1.txt"])
        #expect(scenario.input.files[1].bytes == [0x63, 0x61, 0x66, 0xE9, 0x20, 0x63, 0x61, 0x66, 0xE9, 0x0A, 0xFF, 0xFE, 0x20, 0x63, 0x61, 0x74, 0x0A])
        #expect(scenario.name == "t")
        #expect(scenario.job.name == "word-count")
    }

    @Test func everySettingOfAFullScenarioIsRead() throws {
        let fixture = try MapReduceFixture()
        defer { fixture.remove() }
        let scenario = try fixture.load("""
            name: full
            seed: 9
            cluster:
              workers: 3
              map_slots: 2
              reduce_slots: 2
              shuffle: {shuffle_store: {ttl: 10m}}
              cost: {map_per_record: 1ms, network_bytes_per_second: 10MB}
              policy: {task_timeout: 5s, max_attempts: 7, speculation: {slowness: 3, minimum_runtime: 2s}}
            job: {name: inverted-index, reducers: 4, combiner: false}
            input:
              files: words.txt
              synthetic: {lines: 100, seed: 4, documents: 2}
              split_size: 1.5KB
              log: {topic: t, partitions: 3, records_per_split: 50, group: g}
            faults:
              - {at: 1s, crash: worker-3}
              - {at: 2s, lose_intermediate: worker-1}
              - {at: 3s, slow: worker-2, factor: 4, for: 5s}
              - {at: 4s, crash: shuffle}
              - {at: 5s, hang: worker-2, for: 1s}
            chaos: {worker_crashes_per_minute: 2, horizon: 30s}
            attempt_chaos: {crash_probability: 0.25}
            run: {time_limit: 10m}
            expect:
              - output_exact == true
              - makespan < 2m
              - shuffle_reduction >= 0.5
            """)
        #expect(scenario.name == "full" && scenario.seed == 9)
        let cluster = scenario.cluster
        #expect(cluster.workers == 3 && cluster.mapSlotsPerWorker == 2 && cluster.reduceSlotsPerWorker == 2)
        #expect(cluster.shuffle == .shuffleStore(ttl: .seconds(600)))
        #expect(cluster.cost.mapPerRecord == .milliseconds(1) && cluster.cost.networkBytesPerSecond == 10_000_000)
        #expect(cluster.cost.reducePerKey == MapReduce.CostModel().reducePerKey)
        #expect(cluster.policy.taskTimeout == .seconds(5) && cluster.policy.maxAttempts == 7)
        #expect(cluster.policy.speculation == .init(slowness: 3, minimumRuntime: .seconds(2)))
        #expect(cluster.attemptChaos?.crashProbability == 0.25)
        #expect(scenario.job.name == "inverted-index" && scenario.job.reducers == 4 && !scenario.job.combining)
        #expect(scenario.input.synthetic == .init(size: .lines(100), documents: 2, seed: 4))
        #expect(scenario.input.splitSize == 1_500)
        #expect(scenario.input.log == .init(topic: "t", partitions: 3, recordsPerSplit: 50, group: "g"))
        #expect(scenario.faults.map(\.description) == [
            "t=1.000s crash worker-3", "t=2.000s lose intermediate data on worker-1", "t=3.000s slow worker-2 ×4.0",
            "t=8.000s slow worker-2 ×1.0", "t=4.000s crash shuffle",
            // A hang is the network's fault here too, not a wiped disk (`errors` is refused: MapReduceFaultLoadingTests).
            "t=5.000s hang worker-2 for 1.000s",
        ])
        #expect(scenario.chaos?.workerCrashesPerMinute == 2 && scenario.chaos?.pausesPerMinute == 0 && scenario.chaos?.horizon == .seconds(30))
        #expect(scenario.timeLimit == .seconds(600))
        #expect(scenario.expectations.map(\.metric) == [MapReduceMetric.outputExact, .makespan, .shuffleReduction].map(\.metric))
        #expect(scenario.expectations.map(\.threshold) == [1, 120, 0.5])
        #expect(scenario.expectations.map(\.line) == [26, 27, 28])
    }

    @Test(arguments: [
        ("job:\n  name: word-count\n  reducer: 2", 8, 3, "unknown key 'reducer'; did you mean 'reducers'?"),
        ("faults:\n  - {at: 1s, crash: worker-7}", 10, 21, "unknown node 'worker-7'; did you mean 'worker-1'?"),
        ("faults:\n  - {at: 1s, pause: worker-1}", 10, 5, "missing required key 'for'"),
        ("expect:\n  - atempts <= 3", 10, 5, "unknown metric 'atempts'; did you mean 'attempts'?"),
        ("expect:\n  - makespan < fast", 10, 5, "expected a duration such as 250ms or 2s, found 'fast'"),
        ("expect:\n  - output_exact < true", 10, 5, "'output_exact' is true or false: compare it with ==, e.g. 'output_exact == true'"),
        ("attempt_chaos: {crash_probability: 1}", 9, 16, "crash_probability + stall_probability must not exceed 1, got 1 + 0.333333 (the default)"),
        ("attempt_chaos: {crash_probability: 0.5, stall_probability: 0.75}", 9, 16, "crash_probability + stall_probability must not exceed 1, got 0.5 + 0.75"),
    ] as [(String, Int, Int, String)])
    func badSettingsAreReportedWhereTheyAre(rest: String, line: Int, column: Int, message: String) throws {
        let fixture = try MapReduceFixture()
        defer { fixture.remove() }
        let text = rest.hasPrefix("job:")
            ? "seed: 3\ncluster:\n  workers: 2\ninput:\n  files: [words.txt]\n" + rest + "\n"
            : MapReduceFixture.scenario(rest: rest)
        let error = fixture.error(text)
        #expect(error?.message == message)
        #expect(error.map { [$0.line, $0.column] } == [line, column])
    }

    @Test func sizesReadWithUnits() throws {
        func size(_ text: String) throws(ScenarioError) -> Int {
            try YAMLCursor(node: .scalar(.init(text)), file: "x", path: "size").byteCount()
        }
        #expect(try size("65536") == 65_536)
        #expect(try size("64KiB") == 65_536)
        #expect(try size("1.5KB") == 1_500)
        #expect(try size("10 MB") == 10_000_000)
        #expect(try size("2MiB") == 2_097_152)
        #expect(throws: ScenarioError.self) { try size("-3") }
        #expect(throws: ScenarioError.self) { try size("lots") }
    }

    @Test func aShuffleModeTypoGetsASuggestion() throws {
        let fixture = try MapReduceFixture()
        defer { fixture.remove() }
        let text = MapReduceFixture.scenario().replacingOccurrences(of: "  workers: 2", with: "  workers: 2\n  shuffle: local-disk")
        #expect(fixture.error(text)?.message == "unknown shuffle mode 'local-disk'; did you mean 'local_disk'?")
    }
}
