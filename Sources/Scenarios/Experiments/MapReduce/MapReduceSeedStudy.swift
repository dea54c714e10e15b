import Simulator

/// The MapReduce experiment's runs again over many seeds: the baseline, the worker crash — struck
/// at an instant drawn per seed over one heartbeat interval, since where the worker is in its task
/// and its heartbeat cycle when it dies decides how its loss is found — and the lab's fault mix,
/// whose crashes and stalls are drawn from the seed. Each run is reduced to its figures as soon as
/// it ends.
public struct MapReduceSeedStudy: Sendable {
    /// How one seed's crash was recovered from.
    struct Recovery: Sendable {
        /// Whether the crash struck while the worker ran an attempt (found when its heartbeats
        /// stop), rather than after its task had finished (its output lost with its disk, found
        /// when a reducer cannot fetch it).
        var midTask: Bool
        /// Whether the worker had started any attempt before the crash. A crash before its first
        /// task loses nothing: 19 such seeds were counted as "after the task had finished".
        var heldTask: Bool
        /// From the crash to the first lost attempt the coordinator detected.
        var detection: Double?
        /// From the crash to the first new attempt of a task the worker had run.
        var rescheduling: Double?
        /// From the crash to that task's next success.
        var completion: Double?
        /// How the coordinator ended that first lost attempt (`timed out` by the task timeout,
        /// `lost: no heartbeat …` by the worker timeout): what the report says found the loss.
        var detectedBy: MapReduce.AttemptOutcome? = nil
    }

    /// The figures of one of a seed's runs (nil where the run did not yield one).
    struct Sample: Sendable {
        var baselineMakespan: Double?
        var crashOffset: Double?
        var recovery: Recovery?
        var crashMakespan: Double?
        var chaosSucceeded: Bool?
        var chaosFailure: String?
        var chaosMakespan: Double?
        var chaosAttempts: Double?
        var chaosLostOrTimedOut: Double?
        var exact = false
    }

    /// The seeds, the experiment's own first.
    public var seeds: [UInt64]
    /// The figures, one sample per seed each.
    public var figures: [SeedStudy.Figure]
    /// Outputs equal to the sequential oracle, out of the seeds, for the baseline, the crash and the lab's faults.
    public var exactOutputs: (baseline: WilsonInterval, crash: WilsonInterval, chaos: WilsonInterval)
    /// Seeds in which the crash struck while the worker ran its task.
    public var midTaskSeeds: [UInt64]
    /// For each of ``midTaskSeeds``, how the coordinator ended the lost attempt (nil when none
    /// was detected): the report says what found the loss from these, not from the settings.
    var midTaskDetectedBy: [MapReduce.AttemptOutcome?] = []
    /// Seeds in which it struck after the worker's tasks had finished and a task of it was run
    /// again (its output lost with its disk); after they had finished with nothing run again (the
    /// output already fetched, or the job done); and before the worker held any task.
    public var afterTaskSeeds: [UInt64]
    public var nothingLostSeeds: [UInt64]
    public var beforeAnyTaskSeeds: [UInt64]
    /// Seeds whose lab-chaos job succeeded, and each failed seed with the job's reason.
    public var chaosSucceeded: WilsonInterval
    public var chaosFailures: [(seed: UInt64, reason: String)]

    /// Where in `heartbeat` after the stated instant seed `seed`'s crash strikes, in whole milliseconds.
    static func crashOffset(seed: UInt64, heartbeat: Duration) -> Duration {
        var random = SeededRandom(seed: seed, stream: "mapreduce-experiment.crash-offset")
        let milliseconds = Int64((random.nextUnitInterval() * heartbeat.seconds * 1_000).rounded(.down))
        return .milliseconds(milliseconds)
    }

    /// How the job recovered from `worker`'s crash at `crash`.
    static func recovery(_ report: MapReduce.JobReport?, worker: NodeID, crash: VirtualInstant) -> Recovery? {
        guard let report else { return nil }
        let before = report.attempts.filter { $0.worker == worker && $0.start <= crash }
        let affected = Set(before.map(\.task))
        let midTask = before.contains { attempt in attempt.end.map { $0 > crash } ?? true }
        let first = report.recoveries.filter { $0.detectedAt >= crash }.min { ($0.detectedAt, $0.attempt) < ($1.detectedAt, $1.attempt) }
        let detected = first?.detectedAt
        let retries = report.attempts.filter { affected.contains($0.task) && $0.start > crash }
        let rescheduled = retries.map(\.start).min()
        let completed = retries.filter { $0.outcome == .succeeded }.compactMap(\.end).min()
        return Recovery(midTask: midTask, heldTask: !before.isEmpty, detection: detected.map { crash.duration(to: $0).seconds },
                        rescheduling: rescheduled.map { crash.duration(to: $0).seconds }, completion: completed.map { crash.duration(to: $0).seconds },
                        detectedBy: first?.outcome)
    }

    /// The experiment's own runs of the study's worlds with the experiment's seed: read by the
    /// study instead of run again (the same scenario and seed, so the same world). Its crash is
    /// not among them: the study's comes a seeded offset after the experiment's.
    struct KnownRuns: Sendable {
        var baseline: MapReduceExperimentResult.Run
        var labChaos: MapReduceExperimentResult.Run
    }

    /// Runs the study's three runs for every seed, `jobs` worlds at a time; with the experiment's
    /// seed, those of them in `known` are read instead.
    static func run(_ setup: MapReduceExperimentSpec, seeds: [UInt64], jobs: Int, known: KnownRuns? = nil) -> MapReduceSeedStudy {
        let runsPerSeed = 3
        let pieces = ParallelWorlds.map(seeds.count * runsPerSeed, width: jobs) { index -> Sample in
            let seed = seeds[index / runsPerSeed]
            let known = seed == setup.seed ? known : nil
            var sample = Sample()
            switch index % runsPerSeed {
            case 0:
                let run = known?.baseline ?? MapReduceExperiment.runJob(setup, "baseline", setup.input, seed: seed)
                sample.baselineMakespan = run.report?.makespan?.seconds
                sample.exact = run.outputExact
            case 1:
                let offset = crashOffset(seed: seed, heartbeat: setup.cluster.policy.heartbeatInterval)
                let run = MapReduceExperiment.runJob(setup, "worker crash", setup.input, faults: MapReduceExperiment.crash(setup, offset: offset), seed: seed)
                sample.crashOffset = offset.seconds
                sample.recovery = recovery(run.report, worker: setup.failure.worker, crash: .after(setup.failure.at + offset))
                sample.crashMakespan = run.report?.makespan?.seconds
                sample.exact = run.outputExact
            default:
                let run = known?.labChaos ?? MapReduceExperiment.runJob(setup, "lab chaos", setup.labChaos.input ?? setup.input,
                                                                        cluster: MapReduceExperiment.chaoticCluster(setup), seed: seed)
                let report = run.report
                sample.chaosSucceeded = report?.status == .succeeded
                if case .failed(let reason)? = report?.status { sample.chaosFailure = reason }
                if report?.status == .succeeded { sample.chaosMakespan = report?.makespan?.seconds }
                sample.chaosAttempts = report.map { Double($0.statistics.attempts) }
                sample.chaosLostOrTimedOut = report.map { Double($0.statistics.lostAttempts + $0.statistics.timedOutAttempts) }
                sample.exact = run.outputExact
            }
            return sample
        }
        let perSeed = seeds.indices.map { seed in Array(pieces[seed * runsPerSeed..<(seed + 1) * runsPerSeed]) }
        return MapReduceSeedStudy(seeds: seeds, perSeed: perSeed, claims: setup.claims)
    }

    /// Gathers each seed's three samples into the figures.
    init(seeds: [UInt64], perSeed: [[Sample]], claims: Seed001Claims) {
        self.seeds = seeds
        let baseline = perSeed.map { $0[0] }, crash = perSeed.map { $0[1] }, chaos = perSeed.map { $0[2] }
        /// The figure over the seeds that yielded it; nil if none did.
        func figure(_ name: String, _ unit: MetricUnit, _ values: [Double?], claimed: ClosedRange<Double>? = nil, timeRange: Bool = false) -> SeedStudy.Figure? {
            let present = values.indices.filter { values[$0] != nil }
            guard !present.isEmpty else { return nil }
            // Every figure here is a duration or a count, which cannot be negative: its mean's
            // interval is cut at 0, where a t interval over mostly-zero counts reaches below
            // (`-0.038 … 0.505`).
            var figure = SeedStudy.Figure(name: name, unit: unit, seeds: present.map { seeds[$0] }, samples: present.map { values[$0] ?? 0 }, within: 0...Double.infinity, claimed: claimed)
            figure.claimIsTimeRange = timeRange
            return figure
        }
        let recoveries = crash.map(\.recovery)
        func path(_ midTask: Bool, _ value: (Recovery) -> Double?) -> [Double?] {
            recoveries.map { $0.flatMap { $0.heldTask && $0.midTask == midTask ? value($0) : nil } }
        }
        figures = [
            figure("baseline makespan", .duration, baseline.map(\.baselineMakespan), claimed: claims.endToEndSeconds),
            figure("crash instant after the stated one", .duration, crash.map(\.crashOffset)),
            // "5-15 seconds to detect failure and reschedule": kept by anything up to 15 s, as the claims table keeps it.
            figure("crash → lost work rescheduled", .duration, recoveries.map { $0?.rescheduling }, claimed: claims.recoverySeconds, timeRange: true),
            figure("mid-task crash → loss detected", .duration, path(true) { $0.detection }),
            figure("mid-task crash → task rescheduled", .duration, path(true) { $0.rescheduling }),
            figure("mid-task crash → task completed", .duration, path(true) { $0.completion }),
            figure("crash after the task → loss detected", .duration, path(false) { $0.detection }),
            figure("crash after the task → task rescheduled", .duration, path(false) { $0.rescheduling }),
            figure("crash after the task → task completed", .duration, path(false) { $0.completion }),
            figure("makespan with the crash", .duration, crash.map(\.crashMakespan)),
            figure("lab chaos: makespan of the jobs that succeeded", .duration, chaos.map(\.chaosMakespan)),
            figure("lab chaos: attempts", .count, chaos.map(\.chaosAttempts)),
            figure("lab chaos: attempts lost or timed out", .count, chaos.map(\.chaosLostOrTimedOut)),
        ].compactMap { $0 }
        midTaskSeeds = seeds.indices.filter { recoveries[$0]?.midTask == true }.map { seeds[$0] }
        midTaskDetectedBy = seeds.indices.filter { recoveries[$0]?.midTask == true }.map { recoveries[$0]?.detectedBy }
        afterTaskSeeds = seeds.indices.filter { recoveries[$0].map { $0.heldTask && !$0.midTask && $0.rescheduling != nil } == true }.map { seeds[$0] }
        nothingLostSeeds = seeds.indices.filter { recoveries[$0].map { $0.heldTask && !$0.midTask && $0.rescheduling == nil } == true }.map { seeds[$0] }
        beforeAnyTaskSeeds = seeds.indices.filter { recoveries[$0]?.heldTask == false }.map { seeds[$0] }
        func exact(_ samples: [Sample]) -> WilsonInterval {
            WilsonInterval(successes: samples.filter(\.exact).count, trials: max(samples.count, 1))
        }
        exactOutputs = (exact(baseline), exact(crash), exact(chaos))
        chaosSucceeded = WilsonInterval(successes: chaos.filter { $0.chaosSucceeded == true }.count, trials: max(chaos.count, 1))
        chaosFailures = seeds.indices.compactMap { index in chaos[index].chaosFailure.map { (seeds[index], $0) } }
    }
}
