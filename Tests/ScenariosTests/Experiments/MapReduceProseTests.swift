import Testing
@testable import Scenarios
@testable import Simulator

/// The MapReduce report's prose follows its figures when the file changes: map slots against
/// workers, the parallelism reasons, speculation without backups, a count's interval, and no
/// fixed worker count (session 68's checker, finding 6).
struct MapReduceProseTests {
    /// Three workers of two map slots and two reduce slots: a single-worker point has two slots.
    static func point(_ workers: Int, phase: Double, busy: Double) -> Seed001Measurements.ScalingPoint {
        .init(mappers: workers, slots: workers * 2, mapTasks: 30, events: 20_000, mapPhaseSeconds: phase, makespanSeconds: phase + 0.5, busySeconds: busy)
    }

    static let measurements = Seed001Measurements(
        workers: 3, mapSlotsPerWorker: 2, reduceTasks: 3, mapTasks: 3, reduceSlotsPerWorker: 2, peakConcurrentMaps: 3, peakConcurrentReduces: 2,
        meanReduceTaskSeconds: 0.19, reduceWorkers: 1, scaling: [point(1, phase: 1.0, busy: 1.8), point(6, phase: 0.25, busy: 1.8)],
        cost: MapReduce.CostModel(), bytesPerEvent: 100, emittedPerEvent: 18, outputBytesPerEvent: 2,
        meanMapTaskSeconds: 0.84, eventsPerMapTask: 10_000, detectionSeconds: 2.8, reschedulingSeconds: 3.0, recoverySeconds: 3.4,
        heartbeatSeconds: 0.4, workerTimeoutSeconds: 3, monitorSeconds: 0.5,
        shuffledBytesWithCombiner: 10_000, shuffledBytesWithoutCombiner: 100_000, emittedRecords: 180_000, combinedRecords: 5_000,
        combinerMapTasks: 4, events: 12_345, makespanSeconds: 1.3, firstAssignmentSeconds: 0.4, mapPhaseSeconds: 0.5, reducePhaseSeconds: 0.4)

    static let claims = Seed001Claims(mappers: 6, reducers: 3, linearUpTo: 12)

    @Test func theParallelismReasonsAreTheJobsTaskCountAndTheReduceSlotsNotOneAfterAnother() {
        let row = Seed001ClaimsTable.rows(Self.claims, Self.measurements)[0]
        #expect(!row.holds)
        #expect(row.why == "The cluster has 3 workers of 2 map slots and 2 reduce slots each, 6 map slots and 6 reduce slots in all, and the job has 3 map tasks and R = 3 reduce tasks; "
            + "the timeline shows 3 map attempts running at one instant and at most 2 reduce attempts at once. "
            + "The job has only 3 map tasks (one per split of its input), so no more can run at once. "
            + "The reduce tasks took 0.190 s each, less than the 0.400 s between a worker's heartbeats, and a worker gets work only when it asks — in a heartbeat or right after reporting a finished task — "
            + "so the worker that finished the last map task took every reduce task, at most 2 at once in its 2 reduce slots, before any other worker asked.")
    }

    @Test func oneWorkersRateIsJudgedAgainstAllItsMapSlots() {
        let row = Seed001ClaimsTable.rows(Self.claims, Self.measurements)[1]
        // 84.02 µs an event: 11,902 events/s a slot, 23,804 a worker of two; 20,000 measured is 16.0 % less.
        #expect(row.why.hasSuffix("= 84.0 µs of CPU, so one map slot maps at most 11,902 events/s and one worker of 2 map slots at most 23,804 events/s; "
            + "the measured rate is 16.0% lower because each map task also reads its split from the log over the network and reports to the coordinator before the next one starts "
            + "(its 2 map slots were busy 90.0% of the map phase)."))
    }

    @Test func theClaimedMappersAreWorkersAndTheirSlotsAreCountedAsSlots() {
        let row = Seed001ClaimsTable.rows(Self.claims, Self.measurements)[2]
        #expect(row.why == "6 map workers × the single worker's 20,000 events/s would be 120,000 events/s; the sweep reached 66.7% of that because "
            + "the 12 map slots (6 workers × 2) were busy 60.0% of the 0.250 s map phase — 0.150 s of work and 0.100 s idle each on average: "
            + "workers ask for work only in their heartbeats, staggered over one 0.400 s interval, so the last of them starts up to 0.333 s after the first, "
            + "and the 30 tasks leave some slots idle at the end of the phase. While busy, a slot mapped 11,111 events/s, as with one worker: the work itself scales.")
    }

    @Test func linearScalingNamesNoFixedWorkerCount() {
        let row = Seed001ClaimsTable.rows(Self.claims, Self.measurements)[3]
        #expect(row.why == "Nothing in the model is shared between map slots: each charges its own CPU time and transfers, and neither the log nor the coordinator is capacity-limited "
            + "(seed 001 gives its coordinator 1,000 tasks/s, a limit the model does not impose). ")
        #expect(row.claim == "linear scaling up to 12 map workers")
    }

    @Test func aCountsIntervalOverTheSeedsStopsAtZero() {
        // Four seeds without a lost attempt and one with three: the t interval of the mean reaches below zero.
        let lost: [Double] = [0, 0, 0, 0, 3]
        let perSeed = lost.map { count -> [MapReduceSeedStudy.Sample] in
            var chaos = MapReduceSeedStudy.Sample()
            chaos.chaosAttempts = 9 + count
            chaos.chaosLostOrTimedOut = count
            return [MapReduceSeedStudy.Sample(baselineMakespan: 1), MapReduceSeedStudy.Sample(), chaos]
        }
        let study = MapReduceSeedStudy(seeds: [1, 2, 3, 4, 5], perSeed: perSeed, claims: Seed001Claims())
        let figure = study.figures.first { $0.name == "lab chaos: attempts lost or timed out" }
        #expect(figure?.summary.interval?.lowerBound == 0)
        #expect(figure.map { SeedStudy.table([$0]).rendered().contains("| 0 … 2.266 ") } == true)
    }

    /// The test suite's small experiment, its straggler as fast as the others: no backup starts.
    @Test func speculationWithoutABackupSaysSo() throws {
        var spec = MapReduceExperimentTests.spec
        spec.straggler.factor = 1
        var result = MapReduceExperimentTests.result
        let slow: [MapReduce.ClusterFault.Entry] = [.init(at: .zero, .network(.slow(spec.straggler.worker, factor: 1)))]
        var off = spec.cluster, on = spec.cluster
        off.policy.speculation = nil
        on.policy.speculation = MapReduce.CoordinatorPolicy.Speculation()
        result.speculationOff = MapReduceExperiment.runJob(spec, "speculation off", spec.input, cluster: off, faults: slow)
        result.speculationOn = MapReduceExperiment.runJob(spec, "speculation on", spec.input, cluster: on, faults: slow)
        let report = try #require(result.speculationOn.report)
        #expect(report.statistics.speculativeAttempts == 0)
        let text = result.speculationText(spec)
        #expect(text.hasPrefix("With speculation on, no backup task started (a backup starts once a straggler's estimated time exceeds 2× the phase's median and a fresh copy would finish sooner), "))
        #expect(!text.contains("the job ends with the faster of the two copies"))
        #expect(!text.contains("longer"))
        // The suite's straggler, 4× slower, does start backups, and the sentence stays.
        #expect(MapReduceExperimentTests.result.speculationText(MapReduceExperimentTests.spec).contains("so the job ends with the faster of the two copies"))
    }
}
