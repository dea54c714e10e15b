import Reports
import Simulator

/// One row of the seed 001 claims table: what the seed claims, what the simulation measured,
/// the criterion, the verdict, and why — every figure in it comes from the measurements.
public struct ClaimRow: Sendable, Equatable {
    /// The claim, in a few words.
    public var claim: String
    /// The claimed figure.
    public var claimed: String
    /// The simulated figure.
    public var simulated: String
    /// When the claim counts as holding.
    public var criterion: String
    /// Whether it holds in simulation.
    public var holds: Bool
    /// Why the simulated figure is what it is: the cost model, utilisation, the detection path.
    public var why: String
    /// Whether the run measured the claim at all; when not, `holds` is false and the verdict
    /// reads "not measured" (a crash before the worker's first task has no recovery to time).
    public var measured = true

    /// The settings the claim is stated under that the file sets otherwise (empty when it sets
    /// them all as stated): then the runs do not test the claim as stated, and its verdict is
    /// ``ClaimCheck/Verdict/untested``, as the claims experiment's is (``ClaimDeviation``).
    var changedSettings: [ClaimDeviation] = []
    /// What would make it hold, when something is to be said: for a claim the file's settings
    /// leave untested, the settings that would test it as stated.
    public var toHold = ""

    /// Whether it holds, nil when the run did not measure it or did not test it as stated: what
    /// claims.csv (an empty cell) and report.json (`null`) write, so that neither says `false`
    /// where report.md says "not measured", nor `true` where it says "not tested as stated".
    public var measuredHolds: Bool? { measured && changedSettings.isEmpty ? holds : nil }

    /// Whether the file's settings leave the claim untested (``changedSettings``).
    public var testedAsStated: Bool { changedSettings.isEmpty }

    /// The verdict as the report's table writes it.
    public var verdict: String {
        !measured ? "not measured" : !changedSettings.isEmpty ? "**\(ClaimCheck.Verdict.untested.rawValue)**" : holds ? "holds" : "**does not hold**"
    }

    /// The row as the file's settings leave it: unchanged when the file sets every setting in
    /// `deviations`' claim as stated (none differs); otherwise not tested as stated, its why
    /// opened and its ``toHold`` by the claims experiment's words (``ClaimDeviation``). A claim
    /// the run did not measure stays "not measured": there is nothing to flag.
    func stated(under deviations: [ClaimDeviation]) -> ClaimRow {
        guard !deviations.isEmpty, measured else { return self }
        var row = self
        row.changedSettings = deviations
        row.why = ClaimDeviation.whyOpening(deviations) + why
        row.toHold = ClaimDeviation.toHoldOpening(deviations, then: toHold)
        return row
    }
}

/// Builds the claims table from the claims and the measurements.
public enum Seed001ClaimsTable {
    /// One row per claim of seed 001, in the order EXPERIMENTS.md lists them, then the
    /// end-to-end job time from the seed's latency figures — as a file that sets every setting
    /// the claims are stated under as stated would have them.
    public static func rows(_ claims: Seed001Claims, _ m: Seed001Measurements) -> [ClaimRow] {
        rows(claims, m, settings: .asStated(claims))
    }

    /// The rows, each claim flagged *not tested as stated* when `settings` (the file's) changes
    /// one of the settings it depends on (``Seed001StatedSettings``).
    static func rows(_ claims: Seed001Claims, _ m: Seed001Measurements, settings: Seed001StatedSettings) -> [ClaimRow] {
        typealias S = Seed001StatedSettings
        let judged: [(ClaimRow, [S.Setting])] = [
            (parallelism(claims, m), S.parallelism), (perMapper(claims, m), S.perMapper), (withMappers(claims, m), S.withMappers),
            (linear(claims, m), S.linear), (mapTask(claims, m), S.mapTask), (recovery(claims, m), S.recovery),
            (combiner(claims, m), S.combiner), (endToEnd(claims, m), S.endToEnd),
        ]
        return judged.map { row, dependsOn in row.stated(under: settings.deviations(dependsOn, claims: claims)) }
    }

    static func rate(_ value: Double?) -> String {
        value.map { NumberFormat.fixed($0, decimals: 0, grouping: true) + " events/s" } ?? "—"
    }

    static func micro(_ seconds: Double) -> String { NumberFormat.fixed(seconds * 1e6, decimals: 1) + " µs" }

    static func seconds(_ value: Double?) -> String { DurationFormat.seconds(value) }

    /// Whether `value` is within `claims.tolerance` of `claimed`.
    static func near(_ value: Double?, _ claimed: Double, _ claims: Seed001Claims) -> Bool {
        value.map { abs($0 - claimed) <= claims.tolerance * claimed } ?? false
    }

    static func within(_ claims: Seed001Claims) -> String { "within ±\(NumberFormat.percent(claims.tolerance, decimals: 0)) of the claim" }

    static func parallelism(_ claims: Seed001Claims, _ m: Seed001Measurements) -> ClaimRow {
        let holds = m.peakConcurrentMaps == claims.mappers && m.peakConcurrentReduces == claims.reducers
        let mapSlots = m.workers * m.mapSlotsPerWorker, reduceSlots = m.workers * m.reduceSlotsPerWorker
        var why = "The cluster has \(NumberFormat.counted(m.workers, "worker")) of \(NumberFormat.counted(m.mapSlotsPerWorker, "map slot")) and \(NumberFormat.counted(m.reduceSlotsPerWorker, "reduce slot")) each, "
            + "\(NumberFormat.counted(mapSlots, "map slot")) and \(NumberFormat.counted(reduceSlots, "reduce slot")) in all, and the job has "
            + (m.mapTasks > 0 ? "\(NumberFormat.counted(m.mapTasks, "map task")) and " : "")
            + "R = \(m.reduceTasks) reduce tasks; the timeline shows \(NumberFormat.counted(m.peakConcurrentMaps, "map attempt")) running at one instant "
            + "and at most \(NumberFormat.counted(m.peakConcurrentReduces, "reduce attempt")) at once. "
        why += mapReason(claims, m, slots: mapSlots) + reduceReason(claims, m, slots: reduceSlots)
        if holds { why += "Map tasks and reduce tasks really run in parallel." }
        return ClaimRow(
            claim: "\(claims.mappers) mappers and \(claims.reducers) reducers in parallel", claimed: "\(claims.mappers) map and \(claims.reducers) reduce tasks at once",
            simulated: "\(m.peakConcurrentMaps) map and \(m.peakConcurrentReduces) reduce attempts at once",
            criterion: "peak concurrency in the timeline equals the claim", holds: holds, why: trimmedTrailingSpace(why))
    }

    /// Why fewer (or more) map attempts than claimed ran at once; nothing when as many did.
    static func mapReason(_ claims: Seed001Claims, _ m: Seed001Measurements, slots: Int) -> String {
        let peak = m.peakConcurrentMaps
        if peak > claims.mappers {
            return "That is more than the claimed \(claims.mappers): the \(NumberFormat.counted(slots, "map slot")) let \(peak) map tasks run together. "
        }
        guard peak < claims.mappers else { return "" }
        if m.mapTasks > 0, m.mapTasks < claims.mappers {
            return "The job has only \(NumberFormat.counted(m.mapTasks, "map task")) (one per split of its input), so no more can run at once. "
        }
        if slots < claims.mappers {
            return "At most \(NumberFormat.counted(slots, "map slot")) exist, so no more map tasks can run at once. "
        }
        return "A worker gets work only when it asks — in a heartbeat (every \(seconds(m.heartbeatSeconds))) or right after reporting a finished task — so the map tasks never all ran at one instant. "
    }

    /// Why fewer (or more) reduce attempts than claimed ran at once; nothing when as many did.
    static func reduceReason(_ claims: Seed001Claims, _ m: Seed001Measurements, slots: Int) -> String {
        let peak = m.peakConcurrentReduces
        if peak > claims.reducers {
            return "That is more than the claimed \(claims.reducers) reducers: the \(NumberFormat.counted(slots, "reduce slot")) let \(peak) reduce tasks run together. "
        }
        guard peak < claims.reducers else { return "" }
        if m.reduceTasks < claims.reducers {
            return "The job has only R = \(m.reduceTasks) reduce \(m.reduceTasks == 1 ? "task" : "tasks"), so no more can run at once. "
        }
        if slots < claims.reducers {
            return "At most \(NumberFormat.counted(slots, "reduce slot")) exist, so no more reduce tasks can run at once. "
        }
        let asks = "a worker gets work only when it asks — in a heartbeat or right after reporting a finished task — so "
        var why = m.meanReduceTaskSeconds < m.heartbeatSeconds
            ? "The reduce tasks took \(seconds(m.meanReduceTaskSeconds)) each, less than the \(seconds(m.heartbeatSeconds)) between a worker's heartbeats, and " + asks
            : "A" + asks.dropFirst()
        if m.reduceWorkers == 1 {
            why += peak == 1
                ? "the worker that finished the last map task took every reduce task, one after another, before any other worker asked. "
                : "the worker that finished the last map task took every reduce task, at most \(peak) at once in its \(NumberFormat.counted(m.reduceSlotsPerWorker, "reduce slot")), before any other worker asked. "
        } else {
            why += "the reduce tasks ran on \(NumberFormat.counted(m.reduceWorkers, "worker")) but never more than \(peak) at once. "
        }
        return why
    }

    static func trimmedTrailingSpace(_ text: String) -> String {
        var text = Substring(text)
        while text.last == " " { text.removeLast() }
        return String(text)
    }

    /// How the cost model prices one event, term by term.
    static func costBreakdown(_ m: Seed001Measurements) -> String {
        let c = m.cost
        return "\(micro(c.mapPerRecord.seconds)) per record + \(NumberFormat.fixed(m.bytesPerEvent, decimals: 1)) bytes × \(NumberFormat.fixed(c.mapPerByte.seconds * 1e9, decimals: 0)) ns"
            + " + \(NumberFormat.fixed(m.emittedPerEvent, decimals: 1)) emitted words × \(NumberFormat.fixed(c.mapPerEmittedRecord.seconds * 1e9, decimals: 0)) ns"
            + " + \(NumberFormat.fixed(m.outputBytesPerEvent, decimals: 2)) spilled bytes × \(NumberFormat.fixed(c.spillPerByte.seconds * 1e9, decimals: 0)) ns = \(micro(m.cpuSecondsPerEvent))"
    }

    static func mapTask(_ claims: Seed001Claims, _ m: Seed001Measurements) -> ClaimRow {
        let scale = Double(claims.mapTaskEvents) / max(m.eventsPerMapTask, 1)
        let measured = m.meanMapTaskSeconds * scale
        let cpu = m.cpuSecondsPerEvent * Double(claims.mapTaskEvents)
        let events = NumberFormat.integer(claims.mapTaskEvents)
        return ClaimRow(
            claim: "map task time", claimed: "\(seconds(claims.mapTaskTime.seconds)) per \(events) events",
            simulated: "\(seconds(measured)) per \(events) events",
            criterion: within(claims), holds: near(measured, claims.mapTaskTime.seconds, claims),
            why: "The baseline's map tasks hold \(NumberFormat.fixed(m.eventsPerMapTask, decimals: 0, grouping: true)) events and took \(seconds(m.meanMapTaskSeconds)) on average from assignment to report; "
                + "per \(events) events the cost model's CPU alone is \(events) × \(micro(m.cpuSecondsPerEvent)) = \(seconds(cpu)), and reading the split from the log plus the report's trip to the coordinator make up the other \(seconds(max(0, measured - cpu))).")
    }

    /// The recovery claim's criterion: a promise of how long it takes (``ClaimedTimeRange``), so
    /// rescheduling faster than its lower end keeps it — 14 of 30 seeds rescheduled in 3.3 s were
    /// counted outside 5–15 s.
    static func recoveryCriterion(_ claims: Seed001Claims) -> String {
        let promise = ClaimedTimeRange(claims.recoverySeconds)
        return "rescheduled at most \(NumberFormat.trimmed(promise.range.upperBound, maxDecimals: 3)) s after the crash (sooner than \(NumberFormat.trimmed(promise.range.lowerBound, maxDecimals: 3)) s keeps the claim too)"
    }

    static func recovery(_ claims: Seed001Claims, _ m: Seed001Measurements) -> ClaimRow {
        let promise = ClaimedTimeRange(claims.recoverySeconds)
        guard m.crashedWorkerHeldTask else {
            return ClaimRow(
                claim: "failure detected and task rescheduled",
                claimed: promise.text,
                simulated: "no task lost: the crash struck before `\(m.crashedWorker)` held a task",
                criterion: recoveryCriterion(claims), holds: false,
                why: "`\(m.crashedWorker)` crashed at \(seconds(m.crashSeconds)), before it had started any attempt, so it held no task and no map output: "
                    + "nothing was lost, detected or rescheduled, and the other workers ran the job without it. Crash it after its first task starts to measure the claim.",
                measured: false)
        }
        return ClaimRow(
            claim: "failure detected and task rescheduled",
            claimed: promise.text,
            simulated: "detected after \(seconds(m.detectionSeconds)), rescheduled after \(seconds(m.reschedulingSeconds))\(promise.fasterNote(m.reschedulingSeconds))",
            criterion: recoveryCriterion(claims), holds: promise.isKept(by: m.reschedulingSeconds),
            why: recoveryExplanation(m))
    }

    /// Why the lost task was found and rescheduled when it was, from what found it in the run:
    /// the worker timeout (`lost: no heartbeat …`), the task timeout (`timed out`, which came
    /// first once the worker timeout was the seed's 15 s), or something else.
    static func recoveryExplanation(_ m: Seed001Measurements) -> String {
        let silent = m.lastProgressBeforeCrashSeconds.map { $0 > 0.0005 ? " (its last progress \(seconds($0)) before the crash)" : "" } ?? ""
        var why: String
        let countedFailure: Bool
        switch m.lostAttemptOutcome {
        case .timedOut?:
            why = "A crashed worker stops sending heartbeats (every \(seconds(m.heartbeatSeconds))) and its attempt stops making progress. The coordinator, checking every \(seconds(m.monitorSeconds)), "
                + "times out an attempt without progress for the task timeout of \(seconds(m.taskTimeoutSeconds)) and declares a worker dead once silent for the worker timeout of \(seconds(m.workerTimeoutSeconds)); "
                + "here the task timeout came first: the attempt was timed out \(seconds(m.detectionSeconds)) after the crash\(silent)"
                + (m.workerTimeoutSeconds > m.taskTimeoutSeconds ? ", before the worker timeout could declare the worker dead" : "")
            countedFailure = true
        case .lost(let reason)? where reason.hasPrefix("no heartbeat"):
            let low = m.workerTimeoutSeconds - m.heartbeatSeconds, high = m.workerTimeoutSeconds + m.monitorSeconds
            why = "A crashed worker stops sending heartbeats (every \(seconds(m.heartbeatSeconds))); the coordinator declares it dead once it has been silent for the worker timeout of \(seconds(m.workerTimeoutSeconds)) at one of its checks every \(seconds(m.monitorSeconds)), "
                + "so detection falls between \(seconds(low)) and \(seconds(high)) after the crash depending on where in its heartbeat cycle the worker died; here the attempt was declared lost \(seconds(m.detectionSeconds)) after the crash"
            countedFailure = false
        case let outcome?:
            why = "The coordinator ended the crashed worker's attempt (\(outcome)) \(seconds(m.detectionSeconds)) after the crash"
            if case .failed = outcome { countedFailure = true } else { countedFailure = false }
        case nil:
            return "The crashed worker's attempt was never declared lost within the run, so nothing was rescheduled."
        }
        if let rescheduled = m.reschedulingSeconds, let detected = m.detectionSeconds {
            let gap = rescheduled - detected
            why += countedFailure && gap >= m.backoffSeconds
                ? "; a \(m.lostAttemptOutcome == .timedOut ? "timed-out" : "failed") attempt counts against its task, so the task waited the \(seconds(m.backoffSeconds)) backoff before the next worker that asked for work took it, \(seconds(gap)) after the detection"
                : "; the lost task then went to the next worker that asked for work, \(seconds(gap)) later"
        }
        return why + (m.recoverySeconds.map { ", and completed \(seconds($0)) after the crash." } ?? ".")
    }

    static func combiner(_ claims: Seed001Claims, _ m: Seed001Measurements) -> ClaimRow {
        let without = Double(m.shuffledBytesWithoutCombiner)
        let reduction = without > 0 ? 1 - Double(m.shuffledBytesWithCombiner) / without : 0
        let floor = claims.combinerReduction * (1 - claims.tolerance)
        let perTask = Double(m.emittedRecords) / Double(max(m.combinerMapTasks, 1))
        let keysPerTask = Double(m.combinedRecords) / Double(max(m.combinerMapTasks, 1))
        return ClaimRow(
            claim: "combiners cut shuffle data", claimed: NumberFormat.percent(claims.combinerReduction, decimals: 0),
            simulated: "\(NumberFormat.percent(reduction)) (\(NumberFormat.integer(m.shuffledBytesWithoutCombiner)) → \(NumberFormat.integer(m.shuffledBytesWithCombiner)) bytes)",
            criterion: "at least \(NumberFormat.percent(floor)) (the claim less the tolerance)", holds: reduction >= floor,
            why: "A map task emitted \(NumberFormat.fixed(perTask, decimals: 0, grouping: true)) word records on average but held only \(NumberFormat.fixed(keysPerTask, decimals: 0, grouping: true)) distinct words; "
                + "the combiner writes one record per distinct word per task (\(NumberFormat.fixed(perTask / max(keysPerTask, 1), decimals: 1))× fewer), and log lines repeat a small vocabulary of levels, services, paths and message words, "
                + "so the cut grows with the events per task.")
    }

    static func endToEnd(_ claims: Seed001Claims, _ m: Seed001Measurements) -> ClaimRow {
        let range = claims.endToEndSeconds
        let holds = range.contains(m.makespanSeconds) && m.events == claims.endToEndEvents
        let between = max(0, m.makespanSeconds - m.firstAssignmentSeconds - m.mapPhaseSeconds - m.reducePhaseSeconds)
        var why = "The simulated job waits \(seconds(m.firstAssignmentSeconds)) for the first worker to ask for work (heartbeats every \(seconds(m.heartbeatSeconds))), then runs its map phase (\(seconds(m.mapPhaseSeconds))) and reduce phase (\(seconds(m.reducePhaseSeconds)))"
            + (between >= 0.0005 ? " with \(seconds(between)) between them" : "") + ": \(seconds(m.makespanSeconds)) for \(NumberFormat.integer(m.events)) events. "
        why += holds
            ? "That falls in the claimed range."
            : "The cost model charges only the work the seed's own per-task figures describe (a map task's CPU per event, a reduce's CPU per key, transfers); the seed's end-to-end figure must also hold costs it does not break down — process start-up, consumer-group joins, result writes — which the model does not charge."
        return ClaimRow(
            claim: "end-to-end job time", claimed: "\(NumberFormat.trimmed(range.lowerBound, maxDecimals: 3))–\(NumberFormat.trimmed(range.upperBound, maxDecimals: 3)) s for \(NumberFormat.integer(claims.endToEndEvents)) events",
            simulated: "\(seconds(m.makespanSeconds)) for \(NumberFormat.integer(m.events)) events",
            criterion: "within the claimed range, for the claimed input", holds: holds, why: why)
    }
}
