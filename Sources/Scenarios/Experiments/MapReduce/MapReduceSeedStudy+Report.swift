import Reports

extension MapReduceSeedStudy {
    /// The report's section: every figure over the seeds, which of them the seed moves at all,
    /// and what the seeds say of the claims — of a claim the file's settings leave untested
    /// (`claims`' ``ClaimRow/changedSettings``), that its share of seeds is no verdict.
    func markdown(_ setup: MapReduceExperimentSpec, claims: [ClaimRow] = []) -> String {
        let worker = setup.failure.worker
        var out = "## Across \(seeds.count) seeds\n\n"
        out += "The baseline, the worker crash and the lab's fault mix again with seeds \(seeds.first ?? 0) … \(seeds.last ?? 0). "
        out += "In each seed `\(worker)` crashes at \(DurationFormat.seconds(setup.failure.at.seconds)) plus an instant drawn from the seed "
        out += "within one heartbeat interval (\(DurationFormat.seconds(setup.cluster.policy.heartbeatInterval.seconds))); the lab's crashes and stalls "
        out += "are drawn from the seed. Intervals are 95 % (Student's t for means, Wilson for shares of seeds).\n\n"
        out += SeedStudy.table(figures).rendered() + "\n"
        out += "- Outputs equal to the sequential oracle: baseline \(Self.share(exactOutputs.baseline)), crash \(Self.share(exactOutputs.crash)), "
        out += "lab chaos \(Self.share(exactOutputs.chaos)).\n"
        out += "- " + whereTheCrashStruck(worker: worker.description, workerTimeout: setup.cluster.policy.workerTimeout, taskTimeout: setup.cluster.policy.taskTimeout) + "\n"
        let fixed = figures.filter(\.isSeedIndependent)
        if !fixed.isEmpty {
            out += "- The same in every seed: \(fixed.map { "`\($0.name)`" }.joined(separator: ", ")) — the run draws nothing from its seed that moves it, "
            out += "so its single-seed verdict above carries no seed-to-seed noise.\n"
        }
        for figure in figures {
            guard let verdict = figure.claimVerdict else { continue }
            out += "- `\(figure.name)` against the claimed \(figure.claimText ?? ""): \(verdict)"
            out += Self.untestedNote(claims.first { $0.claim == Self.claimJudged[figure.name] }?.changedSettings ?? []) + ".\n"
        }
        out += "- The lab-chaos job succeeded in \(Self.share(chaosSucceeded))"
        if let first = chaosFailures.first {
            out += "; it failed with seed(s) \(chaosFailures.map { String($0.seed) }.joined(separator: ", ")) — with seed \(first.seed): \(first.reason). "
            out += "The experiment's own seed is one sample: under these fault rates the job's fate is itself a matter of the seed"
        }
        return out + ".\n\n"
    }

    /// Where in `worker`'s work the crash struck, seed by seed: mid-task; after its task, the
    /// output lost; after its task, nothing run again; or before it held one. Each kind is said
    /// only when some seed had it, its count from its seeds (every seed not crashed mid-task was
    /// once "after the task had finished: its output died", 22 where 3 lost output).
    func whereTheCrashStruck(worker: String, workerTimeout: Duration, taskTimeout: Duration = .seconds(10)) -> String {
        let kinds: [(seeds: [UInt64], first: String, next: String, why: String)] = [
            (midTaskSeeds, "The crash struck while `\(worker)` ran its task", "it struck while `\(worker)` ran its task",
             midTaskDetection(workerTimeout: workerTimeout, taskTimeout: taskTimeout)),
            (afterTaskSeeds, "The crash struck after `\(worker)`'s task had finished", "it struck after the task had finished",
             "its output died with the worker's disk, and the loss is found as soon as a reducer fails to fetch it, so the task is rescheduled much sooner"),
            (nothingLostSeeds, "The crash struck after `\(worker)`'s task had finished", "it struck after the task had finished",
             "nothing of it was run again, its output already fetched or the job already done"),
            (beforeAnyTaskSeeds, "The crash struck before `\(worker)` held any task", "it struck before `\(worker)` held any task",
             "no work was lost, and the other workers ran the job without it"),
        ]
        var parts: [String] = [], told = 0
        for kind in kinds where !kind.seeds.isEmpty {
            let count = kind.seeds.count
            if parts.isEmpty {
                parts.append("\(kind.first) in \(NumberFormat.integer(count)) of \(NumberFormat.counted(seeds.count, "seed")): \(kind.why).")
            } else {
                let which = told + count == seeds.count ? "In the other \(NumberFormat.integer(count))" : "In \(NumberFormat.counted(count, "seed"))"
                parts.append("\(which) \(kind.next): \(kind.why).")
            }
            told += count
        }
        if told < seeds.count {
            parts.append("\(NumberFormat.counted(seeds.count - told, "seed")) gave no job report to tell.")
        }
        return parts.joined(separator: " ")
    }

    /// What found a mid-task crash's loss, from what ended the lost attempts
    /// (``midTaskDetectedBy``): the task timeout, the worker timeout, or each in so many seeds.
    /// It said "only when the worker's heartbeats have stopped for the worker timeout (15.000 s)"
    /// beside detections after 9.7 s, which the 10 s task timeout had made.
    func midTaskDetection(workerTimeout: Duration, taskTimeout: Duration) -> String {
        let task = "the task timeout (\(DurationFormat.seconds(taskTimeout.seconds)))", worker = "the worker timeout (\(DurationFormat.seconds(workerTimeout.seconds)))"
        let byTask = midTaskDetectedBy.filter { $0 == .timedOut }.count
        let byWorker = midTaskDetectedBy.filter { if case .lost(let reason)? = $0 { reason.hasPrefix("no heartbeat") } else { false } }.count
        let all = midTaskDetectedBy.count
        if all > 0, byTask == all {
            return "its attempt stopped making progress, and the coordinator found that loss when \(task) expired" + (workerTimeout > taskTimeout ? ", before \(worker) could declare the worker dead" : "")
        }
        if all > 0, byWorker == all {
            return "the coordinator finds that loss only when the worker's heartbeats have stopped for \(worker)"
        }
        var ways: [String] = []
        if byTask > 0 { ways.append("by \(task) in \(NumberFormat.integer(byTask))") }
        if byWorker > 0 { ways.append("by \(worker) in \(NumberFormat.integer(byWorker))") }
        let other = all - byTask - byWorker
        if other > 0 { ways.append("otherwise or not at all in \(NumberFormat.integer(other))") }
        return "the coordinator found that loss \(ClaimCheck.list(ways))"
    }

    /// The claim (``ClaimRow/claim``) each figure with a claimed range is held against.
    static let claimJudged = ["baseline makespan": "end-to-end job time", "crash → lost work rescheduled": "failure detected and task rescheduled"]

    /// After a figure's share of seeds, when the file's settings leave its claim untested: that
    /// the seeds ran under them, so the share is no verdict (as the claims experiment's study
    /// says of its detection rows).
    static func untestedNote(_ deviations: [ClaimDeviation]) -> String {
        deviations.isEmpty ? ""
            : " — under the file's \(ClaimDeviation.listed(deviations)), not the claim's settings, so this share of seeds is not the claim's verdict: the claim is *\(ClaimCheck.Verdict.untested.rawValue)*"
    }

    /// `18 of 30 seeds (41.2% … 76.9%)`.
    static func share(_ interval: WilsonInterval) -> String {
        "\(interval.successes) of \(interval.trials) seeds (\(interval.percentRange))"
    }

    /// The study as JSON: with the seeds of each of the four places the crash struck (mid-task;
    /// after the task, its output lost; after it, nothing run again; before any task), which the
    /// report counts — only the mid-task seeds were listed.
    struct Document: Encodable {
        struct Failure: Encodable { var seed: UInt64, reason: String }
        var seeds: [UInt64]
        var exactBaseline: Int, exactCrash: Int, exactChaos: Int
        var midTaskSeeds: [UInt64], afterTaskSeeds: [UInt64], nothingLostSeeds: [UInt64], beforeAnyTaskSeeds: [UInt64]
        var chaosSucceeded: Int, chaosFailures: [Failure]
        var figures: [SeedStudyFigureDocument]
    }

    var document: Document {
        Document(seeds: seeds, exactBaseline: exactOutputs.baseline.successes, exactCrash: exactOutputs.crash.successes,
                 exactChaos: exactOutputs.chaos.successes, midTaskSeeds: midTaskSeeds, afterTaskSeeds: afterTaskSeeds,
                 nothingLostSeeds: nothingLostSeeds, beforeAnyTaskSeeds: beforeAnyTaskSeeds, chaosSucceeded: chaosSucceeded.successes,
                 chaosFailures: chaosFailures.map { .init(seed: $0.seed, reason: $0.reason) }, figures: figures.map { SeedStudyFigureDocument($0) })
    }
}
