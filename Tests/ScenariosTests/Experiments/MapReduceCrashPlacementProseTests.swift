import Testing
@testable import Scenarios
@testable import Simulator

/// Where the MapReduce crash struck, said from the runs (checker Z, session 79, F3, F4, F17, F18):
/// the seed study counted every seed not crashed mid-task as "after the task had finished"
/// (22, where 3 were and 19 lost nothing); a crash before the worker's first task read
/// "detected after —" and "does not hold"; the sweep's refusal listed "1, 3, 2" mappers; and a
/// straggler that never ran a task was said to have been spared a backup by the threshold.
struct MapReduceCrashPlacementProseTests {
    /// One seed's crash run: 0 mid-task, 1 after the worker's task with its output lost, 2 before
    /// it held one, 3 after its task with nothing run again.
    static func sample(_ kind: Int) -> [MapReduceSeedStudy.Sample] {
        var crash = MapReduceSeedStudy.Sample()
        let lost = kind < 2
        // A detection with no task held (another loss found after the crash) stays out of the
        // "crash after the task" figures.
        crash.recovery = .init(midTask: kind == 0, heldTask: kind != 2, detection: kind == 3 ? nil : 1, rescheduling: lost ? 2 : nil, completion: lost ? 3 : nil,
                               detectedBy: kind == 0 ? .lost("no heartbeat for 10.000 s") : nil)
        return [MapReduceSeedStudy.Sample(), crash, MapReduceSeedStudy.Sample()]
    }

    static func study(_ kinds: [Int]) -> MapReduceSeedStudy {
        MapReduceSeedStudy(seeds: kinds.indices.map { UInt64(9 + $0) }, perSeed: kinds.map(sample), claims: Seed001Claims())
    }

    @Test func theSeedStudyCountsEachKindOfCrashFromItsSeeds() throws {
        let study = Self.study(Array(repeating: 0, count: 8) + Array(repeating: 1, count: 3) + Array(repeating: 3, count: 14) + Array(repeating: 2, count: 5))
        #expect(study.midTaskSeeds.count == 8 && study.afterTaskSeeds.count == 3 && study.nothingLostSeeds.count == 14 && study.beforeAnyTaskSeeds.count == 5)
        #expect(study.whereTheCrashStruck(worker: "worker-1", workerTimeout: .seconds(10))
            == "The crash struck while `worker-1` ran its task in 8 of 30 seeds: the coordinator finds that loss only when the worker's heartbeats have stopped for the worker timeout (10.000 s). "
            + "In 3 seeds it struck after the task had finished: its output died with the worker's disk, and the loss is found as soon as a reducer fails to fetch it, so the task is rescheduled much sooner. "
            + "In 14 seeds it struck after the task had finished: nothing of it was run again, its output already fetched or the job already done. "
            + "In the other 5 it struck before `worker-1` held any task: no work was lost, and the other workers ran the job without it.")
        // Only the 3 seeds whose output was lost are in the "after the task" figures (seeds 17 … 19).
        let detected = try #require(study.figures.first { $0.name == "crash after the task → loss detected" })
        #expect(detected.seeds == [17, 18, 19])
    }

    /// The committed run's shape, 16 mid-task and 14 after: results/mapreduce's sentence, unchanged.
    @Test func twoKindsReadAsTheCommittedReport() {
        let study = Self.study(Array(repeating: 0, count: 16) + Array(repeating: 1, count: 14))
        #expect(study.whereTheCrashStruck(worker: "worker-2", workerTimeout: .seconds(10))
            == "The crash struck while `worker-2` ran its task in 16 of 30 seeds: the coordinator finds that loss only when the worker's heartbeats have stopped for the worker timeout (10.000 s). "
            + "In the other 14 it struck after the task had finished: its output died with the worker's disk, and the loss is found as soon as a reducer fails to fetch it, so the task is rescheduled much sooner.")
    }

    @Test func oneKindAloneIsSaidOfEverySeed() {
        #expect(Self.study([2]).whereTheCrashStruck(worker: "worker-1", workerTimeout: .seconds(10))
            == "The crash struck before `worker-1` held any task in 1 of 1 seed: no work was lost, and the other workers ran the job without it.")
    }

    /// A crash before the worker's first task: the recovery claim is not measured, and says why.
    @Test func aCrashBeforeTheFirstTaskLeavesTheRecoveryClaimUnmeasured() {
        var m = Seed001ClaimsTableTests.measurements
        m.detectionSeconds = nil
        m.reschedulingSeconds = nil
        m.recoverySeconds = nil
        m.crashedWorker = "worker-1"
        m.crashSeconds = 0.9
        m.crashedWorkerHeldTask = false
        let row = Seed001ClaimsTable.rows(Seed001Claims(), m)[5]
        #expect(row.claim == "failure detected and task rescheduled")
        #expect(!row.measured && !row.holds)
        #expect(row.verdict == "not measured")
        #expect(row.simulated == "no task lost: the crash struck before `worker-1` held a task")
        #expect(row.why == "`worker-1` crashed at 0.900 s, before it had started any attempt, so it held no task and no map output: nothing was lost, detected or rescheduled, and the other workers ran the job without it. Crash it after its first task starts to measure the claim.")
        // A measured row keeps its verdict.
        let measured = Seed001ClaimsTable.rows(Seed001Claims(), Seed001ClaimsTableTests.measurements)[5]
        #expect(measured.measured && measured.verdict == "holds")
    }

    /// The sweep's refusal lists the counts it needs ascending and once each.
    @Test func theSweepRefusalListsEachNeededCountOnceInOrder() {
        let text = """
            experiment: mapreduce
            cluster: {workers: 4}
            job: {name: word-count, reducers: 2}
            input: {synthetic: {lines: 100}}
            scaling: {mappers: [2], input: {synthetic: {lines: 100}}}
            straggler: {worker: worker-1, factor: 3}
            failure: {crash: worker-2, at: 1s}
            lab_chaos: {}
            claims: {mappers: 3, linear_up_to: 2}
            """
        #expect(experimentError(text)?.description == "x.yaml:5:20: error: the sweep must include 1, 2, 3 mappers to check the claims (at scaling.mappers)")
        #expect(experimentError(text.replacingOccurrences(of: "mappers: 3,", with: "mappers: 2,"))?.description
            == "x.yaml:5:20: error: the sweep must include 1, 2 mappers to check the claims (at scaling.mappers)")
    }

    /// Checker Z's file: `worker-1` crashes at 900 ms, before its first task (1.0005 s), and the
    /// straggler `worker-3` is given no task. One study seed keeps the run short.
    static let crashBeforeFirstTask = """
        experiment: mapreduce
        seed: 9
        cluster: {workers: 3, map_slots: 1, reduce_slots: 1}
        job: {name: word-count, reducers: 3, combiner: true}
        input:
          synthetic: {lines: 6000, seed: 1}
          log: {topic: application-logs, partitions: 4, records_per_split: 2000}
        scaling:
          mappers: [1, 3, 5]
          input:
            synthetic: {lines: 9000, seed: 2}
            log: {topic: application-logs, partitions: 4, records_per_split: 1000}
        straggler: {worker: worker-3, factor: 2}
        failure: {crash: worker-1, at: 900ms}
        lab_chaos:
          attempts: {crash_probability: 0.33, stall_probability: 0.33, stall_length: {uniform: {min: 0s, max: 10s}}}
          max_attempts: 20
          input:
            synthetic: {lines: 3000, seed: 3}
            log: {topic: application-logs, partitions: 4, records_per_split: 1000}
        claims: {mappers: 3, reducers: 3, linear_up_to: 5}
        """

    @Test func aCrashBeforeTheFirstTaskAndAnIdleStragglerAreSaidAsTheyHappened() throws {
        let spec = try #require(try parseExperiment(Self.crashBeforeFirstTask) as? MapReduceExperiment).spec
        let report = MapReduceExperiment.run(spec, jobs: 1, studySeeds: 1).markdown(spec: spec)
        #expect(report.contains("| failure detected and task rescheduled | 5–15 s "))
        #expect(report.contains("| no task lost: the crash struck before `worker-1` held a task | rescheduled at most 15 s after the crash (sooner than 5 s keeps the claim too) | not measured "))
        #expect(report.contains("## Recovery after a worker failure\n\nThe baseline job with `worker-1` crashing at 0.900 s and never coming back.\n\n"
            + "`worker-1` had started no attempt when it crashed, so it held no task and no map output: nothing was lost, detected or rescheduled. "
            + "Makespan 1.902 s against 1.569 s without the crash; output exact.\n\n![failure timeline](failure.svg)\n\n"))
        #expect(report.contains("With speculation on, no backup task started: `worker-3`, the slowed worker, never ran a task (the other workers had taken every one when it asked), "
            + "so there was no straggler to back up, and the two runs are the same run (equal digests): 1.569 s each.\n\n"))
    }
}
