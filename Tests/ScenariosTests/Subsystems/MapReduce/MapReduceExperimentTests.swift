import Foundation
import Reports
import Testing
@testable import Scenarios
@testable import Simulator

/// The MapReduce experiment on a small configuration: every run is exact, the measurements are
/// read from the right runs, and the claims table is built from them.
struct MapReduceExperimentTests {
    /// 4,000 events in 4 tasks, a sweep of 1, 2 and 4 mappers over 4,000 events in 16 tasks,
    /// and claims scaled down to match; 1 ms per event and 2 ms per key, so tasks last long
    /// enough (about a second) to overlap, straggle and be hit by the crash.
    static let spec: MapReduceExperimentSpec = {
        let log = MapReduceInput.LogTopic(topic: "logs", partitions: 4, recordsPerSplit: 1_000)
        return MapReduceExperimentSpec(
            summary: "", file: "mapreduce.yaml", seed: 5,
            cluster: MapReduce.ClusterConfiguration(cost: MapReduce.CostModel(mapPerRecord: .milliseconds(1), reducePerKey: .milliseconds(2))), job: .init(job: MapReduce.WordCount(), reducers: 2, combining: true),
            input: MapReduceInput(synthetic: .init(size: .lines(4_000), seed: 1), log: log),
            scaling: .init(mappers: [1, 2, 4], input: MapReduceInput(synthetic: .init(size: .lines(4_000), seed: 2),
                                                                     log: .init(topic: "logs", partitions: 4, recordsPerSplit: 250))),
            straggler: .init(worker: "worker-1", factor: 4), failure: .init(worker: "worker-2", at: .milliseconds(1_300)),
            labChaos: .init(attempts: MapReduce.AttemptChaos(), maxAttempts: 20),
            claims: Seed001Claims(linearUpTo: 4, mapTaskEvents: 1_000, mapTaskTime: .milliseconds(80), endToEndEvents: 4_000))
    }()

    /// Four seeds for the seed study (the experiment's report uses thirty).
    static let result = MapReduceExperiment.run(spec, jobs: 2, studySeeds: 4)

    @Test func everyRunIsExactAndTheBaselineRunsEachTaskOnce() throws {
        let result = Self.result
        #expect(result.runs.map(\.label) == ["baseline", "combiner off", "speculation off", "speculation on", "worker crash", "lab chaos",
                                             "1 mapper", "2 mappers", "4 mappers"])
        #expect(result.runs.allSatisfy { $0.outputExact })
        let baseline = try #require(result.baseline.report)
        #expect(baseline.mapTasks == 4 && baseline.statistics.attempts == 6)
        #expect(result.measurements.peakConcurrentMaps == 4 && result.measurements.peakConcurrentReduces == 2)
        #expect(result.labChaos.report.map { $0.statistics.lostAttempts + $0.statistics.timedOutAttempts > 0 } == true)
    }

    /// The study reads the experiment's own runs with the experiment's seed (its first: the
    /// baseline and the lab's faults) instead of running them again: the same figures as the
    /// study that runs them.
    @Test func theSeedStudyReadsTheExperimentsOwnRunsOfItsFirstSeed() throws {
        let result = Self.result
        let seeds = Array(result.seedStudy.seeds.prefix(2))
        let known = MapReduceSeedStudy.KnownRuns(baseline: result.baseline, labChaos: result.labChaos)
        let reading = MapReduceSeedStudy.run(Self.spec, seeds: seeds, jobs: 2, known: known)
        let running = MapReduceSeedStudy.run(Self.spec, seeds: seeds, jobs: 2)
        #expect(reading.figures.map(\.samples) == running.figures.map(\.samples))
        #expect(reading.midTaskSeeds == running.midTaskSeeds && reading.exactOutputs.chaos.successes == running.exactOutputs.chaos.successes)
    }

    @Test func theSeedStudyRepeatsTheSeedDependentRunsOverItsSeeds() throws {
        let study = Self.result.seedStudy
        #expect(study.seeds == [5, 6, 7, 8])
        #expect(study.exactOutputs.baseline.successes == 4 && study.exactOutputs.crash.successes == 4)
        #expect(study.exactOutputs.chaos.successes == study.chaosSucceeded.successes)
        let figures = Dictionary(uniqueKeysWithValues: study.figures.map { ($0.name, $0) })
        // The experiment's own seed comes first, so its baseline is the experiment's baseline; nothing in it draws from the seed.
        let baseline = try #require(figures["baseline makespan"])
        #expect(baseline.samples.first == Self.result.baseline.report?.makespan?.seconds)
        #expect(baseline.isSeedIndependent && baseline.claimed == Self.spec.claims.endToEndSeconds)
        // Each seed's crash strikes within one heartbeat interval after the stated instant, in whole milliseconds.
        let heartbeat = Self.spec.cluster.policy.heartbeatInterval
        let offsets = try #require(figures["crash instant after the stated one"]).samples
        #expect(offsets == study.seeds.map { MapReduceSeedStudy.crashOffset(seed: $0, heartbeat: heartbeat).seconds })
        #expect(offsets.allSatisfy { $0 >= 0 && $0 < heartbeat.seconds && ($0 * 1_000).rounded() == $0 * 1_000 })
        #expect(Set(offsets).count == 4)
        // Every seed's lost work is rescheduled; a mid-task crash is found by the worker timeout (10 s) less
        // what the worker had already been silent.
        #expect(try #require(figures["crash → lost work rescheduled"]).samples.count == 4)
        let midTask = study.midTaskSeeds.count
        if midTask > 0 {
            let detection = try #require(figures["mid-task crash → loss detected"])
            #expect(detection.seeds == study.midTaskSeeds)
            #expect(detection.samples.allSatisfy { $0 > 8.9 && $0 <= 10.5 })
        }
        #expect(try #require(figures["lab chaos: attempts lost or timed out"]).samples.allSatisfy { $0 > 0 })
    }

    /// A crash mid-task is found by the worker timeout; a crash once the job is over loses nothing.
    @Test func aMidTaskCrashIsFoundByTheTimeoutAndACrashAfterTheJobLosesNothing() throws {
        let setup = Self.spec
        let early = MapReduceExperiment.runJob(setup, "crash", setup.input, faults: MapReduceExperiment.crash(setup))
        let mid = try #require(MapReduceSeedStudy.recovery(early.report, worker: setup.failure.worker, crash: .after(setup.failure.at)))
        #expect(mid.midTask)
        #expect(try #require(mid.detection) > 8.9)
        let lateAt = Duration.seconds(30)
        let late = MapReduceExperiment.runJob(setup, "crash", setup.input, faults: [.init(at: .after(lateAt), .network(.crash(setup.failure.worker)))])
        // The job is over by then: nothing of it is lost.
        #expect(try #require(MapReduceSeedStudy.recovery(late.report, worker: setup.failure.worker, crash: .after(lateAt))).rescheduling == nil)
        #expect(late.outputExact)
    }

    @Test func theSeedStudyIsInTheReportTheJSONAndTheCSV() throws {
        let bundle = Self.result.bundle(spec: Self.spec)
        func text(_ path: String) throws -> String {
            String(decoding: try #require(bundle.files.first { $0.path == path }).contents, as: UTF8.self)
        }
        let markdown = try text("mapreduce/report.md")
        #expect(markdown.contains("## Across 4 seeds\n\nThe baseline, the worker crash and the lab's fault mix again with seeds 5 … 8."))
        #expect(markdown.contains("- Outputs equal to the sequential oracle: baseline 4 of 4 seeds"))
        #expect(markdown.contains("- The same in every seed: `baseline makespan`"))
        let csv = try text("mapreduce/seeds.csv")
        #expect(csv.hasPrefix("figure,seed,value\nbaseline makespan,5,"))
        #expect(csv.split(separator: "\n").count == 1 + Self.result.seedStudy.figures.reduce(0) { $0 + $1.samples.count })
        let json = try text("mapreduce/report.json")
        #expect(json.contains("\"seedStudy\""))
    }

    @Test func theMeasurementsComeFromTheirRuns() throws {
        let result = Self.result
        let m = result.measurements
        #expect(m.scaling.map(\.mappers) == [1, 2, 4])
        #expect(m.scaling.map(\.mapTasks) == [16, 16, 16])
        #expect(m.scaling.allSatisfy { point in point.events == 4_000 })
        #expect(m.events == 4_000 && m.eventsPerMapTask == 1_000)
        #expect(m.shuffledBytesWithCombiner == result.withCombiner.report?.statistics.shuffledBytes)
        #expect(m.shuffledBytesWithoutCombiner == result.withoutCombiner.report?.statistics.shuffledBytes)
        #expect(m.shuffledBytesWithoutCombiner == result.baseline.report?.statistics.shuffleBytesWithoutCombiner)
        let crash = try #require(result.failure.report?.recoveries.first)
        #expect(m.detectionSeconds == VirtualInstant.after(.milliseconds(1_300)).duration(to: crash.detectedAt).seconds)
        // Detection waits for the worker timeout (10 s) less what the worker had already been silent.
        #expect(m.detectionSeconds.map { $0 > 8.9 && $0 <= 10.5 } == true)
        #expect(try #require(result.slowdownWithoutSpeculation) > 0)
    }

    @Test func theClaimsTableIsBuiltFromTheMeasurements() {
        let result = Self.result
        let m = result.measurements
        let rows = result.claims
        // Judged under the file's settings: this file's 10 s worker timeout (the claim: 15 s)
        // leaves recovery not tested as stated, the other rows as the seed states them.
        #expect(rows == Seed001ClaimsTable.rows(Self.spec.claims, m, settings: Seed001StatedSettings(Self.spec)))
        #expect(rows.map { $0.changedSettings.map(\.file) } == [[], [], [], [], [], ["worker_timeout 10.000 s"], [], []])
        #expect(rows[1].simulated == Seed001ClaimsTable.rate(m.point(1)?.eventsPerSecond))
        #expect(rows[2].simulated == Seed001ClaimsTable.rate(m.point(4)?.eventsPerSecond))
        #expect(rows[3].holds == ((m.efficiency(4) ?? 0) >= 0.9))
        #expect(rows[7].simulated == "\(DurationFormat.seconds(m.makespanSeconds)) for 4,000 events")
    }

    @Test func theBundleOpensWithTheSeedAndHoldsEveryFile() throws {
        let bundle = Self.result.bundle(spec: Self.spec)
        #expect(bundle.files.map(\.path) == [
            "mapreduce/report.md", "mapreduce/report.json", "mapreduce/claims.csv", "mapreduce/scaling.csv", "mapreduce/runs.csv", "mapreduce/seeds.csv",
            "mapreduce/attempts.csv", "mapreduce/timeline.svg", "mapreduce/scaling.svg", "mapreduce/shuffle.svg",
            "mapreduce/speculation.svg", "mapreduce/failure.svg",
        ])
        let report = String(decoding: bundle.files[0].contents, as: UTF8.self)
        #expect(report.hasPrefix("# MapReduce on actors: seed 001's claims in simulation\n\n- seed: `5`\n- replay: `orrery run mapreduce.yaml`\n"))
        #expect(report.contains("9 of 9 outputs are exact"))
        try bundle.validate()
    }

    @Test func theCommittedExperimentFileLoadsSeed001sSetup() throws {
        let setup = try MapReduceExperiment.load(from: scenarioDirectory).spec
        #expect(setup.cluster.workers == 4 && setup.cluster.mapSlotsPerWorker == 1 && setup.job.reducers == 2)
        #expect(setup.scaling.mappers.first == 1 && setup.scaling.mappers.last == 20)
        #expect(setup.claims == Seed001Claims())
    }

    @Test func aSweepWithoutTheClaimedMapperCountsIsRejected() {
        let text = """
            experiment: mapreduce
            cluster: {workers: 4}
            job: {name: word-count, reducers: 2}
            input: {synthetic: {lines: 100}}
            scaling: {mappers: [1, 2, 8], input: {synthetic: {lines: 100}}}
            straggler: {worker: worker-1, factor: 3}
            failure: {crash: worker-2, at: 1s}
            lab_chaos: {}
            """
        #expect(experimentError(text)?.description == "x.yaml:5:20: error: the sweep must include 1, 4, 20 mappers to check the claims (at scaling.mappers)")
        #expect(experimentError(text.replacingOccurrences(of: "[1, 2, 8]", with: "[1, 4, 20]").replacingOccurrences(of: "crash: worker-2", with: "crash: worker-9"))?.message
            == "unknown worker 'worker-9'; the cluster has worker-1, worker-2, worker-3, worker-4")
    }
}
