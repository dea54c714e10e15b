import Reports
import Simulator

extension Seed001ClaimsTable {
    /// Why a sweep point's throughput is below `slots` × the work's own rate: the slots' idle
    /// share, and where it comes from.
    static func idleness(_ point: Seed001Measurements.ScalingPoint, _ m: Seed001Measurements) -> String {
        let workPerSlot = point.busySeconds / Double(max(point.slots, 1))
        let slots = m.mapSlotsPerWorker > 1
            ? "\(NumberFormat.counted(point.slots, "map slot")) (\(NumberFormat.counted(point.mappers, "worker")) × \(m.mapSlotsPerWorker))"
            : NumberFormat.counted(point.slots, "map slot")
        return "the \(slots) were busy \(NumberFormat.percent(point.utilisation)) of the \(seconds(point.mapPhaseSeconds)) map phase — "
            + "\(seconds(workPerSlot)) of work and \(seconds(point.idleSecondsPerSlot)) idle each on average: workers ask for work only in their heartbeats, "
            + "staggered over one \(seconds(m.heartbeatSeconds)) interval, so the last of them starts up to \(seconds(m.heartbeatSeconds * Double(point.mappers - 1) / Double(point.mappers))) after the first, "
            + "and the \(NumberFormat.counted(point.mapTasks, "task")) leave some slots idle at the end of the phase"
    }

    static func perMapper(_ claims: Seed001Claims, _ m: Seed001Measurements) -> ClaimRow {
        let point = m.point(1)
        let perSlot = 1 / m.cpuSecondsPerEvent
        let slots = m.mapSlotsPerWorker
        // The sweep's single mapper is one worker with all its map slots.
        let predicted = perSlot * Double(slots)
        var why = "The cost model charges each event of this input \(costBreakdown(m)) of CPU, so one map slot maps at most \(rate(perSlot))"
        if slots > 1 { why += " and one worker of \(NumberFormat.counted(slots, "map slot")) at most \(rate(predicted))" }
        if let point {
            let shortfall = 1 - point.eventsPerSecond / predicted
            let busy = slots > 1 ? "its \(NumberFormat.counted(slots, "map slot")) were" : "the slot was"
            why += shortfall > 0
                ? "; the measured rate is \(NumberFormat.percent(shortfall)) lower because each map task also reads its split from the log over the network and reports to the coordinator before the next one starts"
                : "; the measured rate reaches that"
            why += " (\(busy) busy \(NumberFormat.percent(point.utilisation)) of the map phase)."
        } else {
            why += "."
        }
        return ClaimRow(
            claim: "events per second, one map worker", claimed: rate(claims.eventsPerSecondPerMapper), simulated: rate(point?.eventsPerSecond),
            criterion: within(claims), holds: near(point?.eventsPerSecond, claims.eventsPerSecondPerMapper, claims), why: why)
    }

    /// A busy slot's rate at `point` against the single worker's: the same, or both figures.
    static func busyRate(_ point: Seed001Measurements.ScalingPoint, _ m: Seed001Measurements) -> String {
        let text = rate(point.eventsPerBusySecond)
        guard let one = m.point(1)?.eventsPerBusySecond, one > 0 else { return text }
        return rate(one) == text ? "\(text), as with one worker" : "\(text) against \(rate(one)) with one worker"
    }

    static func withMappers(_ claims: Seed001Claims, _ m: Seed001Measurements) -> ClaimRow {
        let point = m.point(claims.mappers)
        let one = m.point(1)?.eventsPerSecond ?? 0
        var why = "\(NumberFormat.counted(claims.mappers, "map worker")) × the single worker's \(rate(one)) would be \(rate(Double(claims.mappers) * one)); "
        if let point {
            why += "the sweep reached \(NumberFormat.percent(m.efficiency(claims.mappers) ?? 0)) of that because \(idleness(point, m)). "
            let sameRate = busyRate(point, m).hasSuffix("as with one worker")
            why += "While busy, a slot mapped \(busyRate(point, m))" + (sameRate ? ": the work itself scales." : ".")
        }
        return ClaimRow(
            claim: "events per second, \(claims.mappers) map workers", claimed: rate(claims.eventsPerSecondWithMappers),
            simulated: rate(point?.eventsPerSecond), criterion: within(claims),
            holds: near(point?.eventsPerSecond, claims.eventsPerSecondWithMappers, claims), why: why)
    }

    static func linear(_ claims: Seed001Claims, _ m: Seed001Measurements) -> ClaimRow {
        let efficiency = m.efficiency(claims.linearUpTo)
        let target = 1 - claims.tolerance
        var why = "Nothing in the model is shared between map slots: each charges its own CPU time and transfers, and neither the log nor the coordinator is capacity-limited "
            + "(seed 001 gives its coordinator 1,000 tasks/s, a limit the model does not impose). "
        if let top = m.point(claims.linearUpTo) {
            why += "At \(NumberFormat.counted(claims.linearUpTo, "map worker")) a busy slot mapped \(busyRate(top, m)), and \(idleness(top, m)). "
            if (efficiency ?? 0) >= target {
                why += "That idle time is small against the work per slot, so throughput stays close to linear."
            } else {
                // Efficiency ≈ work ÷ (work + idle) per slot, and the idle part does not shrink with the input.
                let work = top.idleSecondsPerSlot * target / max(claims.tolerance, 1e-9)
                let events = work * Double(top.slots) * top.eventsPerBusySecond
                why += "The idle time per slot does not shrink with the input, so this job is too short for \(NumberFormat.counted(claims.linearUpTo, "map worker")): reaching \(NumberFormat.percent(target, decimals: 0)) of linear "
                    + "needs about \(seconds(work)) of work per slot, some \(NumberFormat.fixed(events, decimals: 0, grouping: true)) events against the sweep's \(NumberFormat.integer(top.events))."
            }
        }
        let linearRate = Double(claims.linearUpTo) * claims.eventsPerSecondPerMapper
        var claimed = "\(rate(linearRate)) at \(claims.linearUpTo) (linear)"
        // The seed's own figure for the limit, quoted as written; it wrote "20 map workers
        // (200K events/sec)" beside 12,500 a worker, and the table printed 20 × 12,500 as its claim.
        if let stated = claims.eventsPerSecondAtLinearLimit {
            claimed = "\(rate(stated)) at \(claims.linearUpTo)"
            if rate(stated) != rate(linearRate) {
                claimed += " (linear from \(rate(claims.eventsPerSecondPerMapper)) a worker would be \(rate(linearRate)): the seed's two figures disagree)"
                why += " The criterion is the efficiency against this run's own single worker, which neither of the seed's figures changes."
            }
        }
        return ClaimRow(
            claim: "linear scaling up to \(claims.linearUpTo) map workers",
            claimed: claimed,
            simulated: "\(rate(m.point(claims.linearUpTo)?.eventsPerSecond)), \(NumberFormat.percent(efficiency ?? 0)) of linear",
            criterion: "efficiency at \(claims.linearUpTo) at least \(NumberFormat.percent(target, decimals: 0))",
            holds: (efficiency ?? 0) >= target, why: why)
    }
}
