import Reports
import Simulator

extension FaultSchedule {
    /// An instant as the fault list writes it: seconds as every report table writes them, rounded
    /// and grouped (``DurationFormat/seconds(_:grouping:)``) — `3,602.000 s`, `0.182 s` for
    /// 0.181807 s (the list truncated to `t=0.181s` where the Failovers table read `0.182 s`).
    static func instant(_ at: VirtualInstant) -> String {
        DurationFormat.seconds(at.seconds, grouping: true)
    }

    /// A length as the fault list writes it (`1.000 s`, `1,800.000 s`).
    static func length(_ duration: Duration) -> String {
        DurationFormat.seconds(duration.seconds, grouping: true)
    }

    /// A fault as a report lists it, `text` describing it at `at`. One scheduled after the run
    /// ended never happened (a world whose clients stop at `run.duration` ends when their last
    /// answer comes): it is marked as not reached instead of listed as if it struck.
    static func reportLine(_ text: String, at: VirtualInstant, end: VirtualInstant) -> String {
        at > end ? "\(text) (not reached: the run ended at \(instant(end)))" : text
    }

    /// One fault to list: when it strikes, the fault itself when it is a network fault (nil for
    /// a section's own, such as a storm or a wiped disk), and how it reads.
    struct Listed {
        var at: VirtualInstant
        var fault: Fault?
        var text: String
        /// Whether `text` already says all there is — its `for:` folded in from the order the file
        /// wrote it (``asWritten(_:)``) — so the list does not pair it with an undo again.
        var settled = false
        /// Whether it is a written level (or partition) with no end after it in the schedule: the
        /// list says until when it was in force, if another of its target came later.
        var open = false
    }

    /// The report's fault list, `faults` in time order: every fault once. The loader writes a
    /// `slow`, `errors`, `drop_rate`, `latency_spike` or `partition` with `for:` as two schedule
    /// entries — the fault and, `for:` later, its undo (factor 1, rate 0, no extra latency, a
    /// heal) — because that is what the network applies; the report folds the undo back into its
    /// fault, listed as `pause` and `hang` are: "slow s3 ×2.0 for 1.000 s". Faults listed
    /// ``asWritten(_:)`` come folded already; the others (a schedule read in time order, such as
    /// chaos draws) are paired here. The schedule itself is not touched.
    ///
    /// Of the faults after the run's end, the first ``notReachedListed`` are listed and the rest
    /// are counted in one line: chaos draws its faults up to the time limit, an hour past most
    /// worlds' end, and a 30 s world listed 1,260 faults that never struck (a 156 KB report).
    /// One the network ignored — a crash of a node already crashed, a pause of one not up, a hang
    /// of one crashed — is listed with why it changed nothing, as the run's `recorded` faults
    /// without effect say (``noEffect(_:recorded:)``; replayed from `faults` without one):
    /// `2.000 s: crash web1 (no effect: web1 already crashed)`, as `orrery_faults_total` and the
    /// trace leave it out.
    static func reportLines(_ faults: [Listed], end: VirtualInstant, recorded: FaultsWithoutEffect? = nil) -> [String] {
        let ends = undoPairs(faults)
        let effects = noEffect(faults.map { ($0.at, $0.fault) }, recorded: recorded)
        // For each fault written without an end in the schedule, when the next of its target set
        // the level again (found walking back).
        var until: [Int: VirtualInstant] = [:]
        var nextOf: [String: VirtualInstant] = [:]
        for index in faults.indices.reversed() {
            guard let target = faults[index].fault?.lasting?.target else { continue }
            if faults[index].open, let next = nextOf[target] { until[index] = next }
            nextOf[target] = faults[index].at
        }
        var lines: [String] = []
        var notReached = 0
        var unlisted = 0
        var lastUnlisted = end
        for index in faults.indices where !ends.undos.contains(index) {
            let listed = faults[index]
            if listed.at > end {
                notReached += 1
                if notReached > notReachedListed {
                    unlisted += 1
                    lastUnlisted = max(lastUnlisted, listed.at)
                    continue
                }
            }
            var text = listed.text
            if let undo = ends.undoOf[index] {
                text += " for " + length(.nanoseconds(faults[undo].at.nanoseconds - listed.at.nanoseconds))
            } else if let next = until[index] {
                text += " until " + instant(next)
            }
            if listed.at <= end, let reason = effects[index] { text += " (\(reason))" }
            lines.append(reportLine(text, at: listed.at, end: end))
        }
        if unlisted > 0 {
            lines.append("… and \(NumberFormat.counted(unlisted, "more fault")) not reached, the last at \(instant(lastUnlisted)) (the run ended at \(instant(end)))")
        }
        return lines
    }

    /// The fault list as a Markdown list, one item a line: each line shown as written
    /// (``MarkdownTable/literal(_:opensBlock:)``), since it holds the names the file gave — a
    /// crash of ``a`b<script>`` was a code span and raw HTML, of `**x**` bold.
    static func markdownList(_ lines: [String]) -> String {
        lines.map { "- \(MarkdownTable.literal($0))\n" }.joined()
    }

    /// How many faults after the run's end a report lists one by one.
    static let notReachedListed = 10

    /// Written faults, `entries` in the order the file wrote them, each listed once: a fault
    /// written with `for:` is followed by its end — the undo the loader appends right after it —
    /// and is listed with that length, whatever its level, so a `slow s` with `factor: 1` and
    /// `for: 1s` is "slow s ×1.0 for 1.000 s", not two faults (its level equals its undo's). The
    /// loaders leave out the end of a window a later one of its target overlaps and outlasts
    /// (``LevelWindows``): that fault has no end after it. Both loaders keep its `for:`
    /// (``FaultSchedule/Entry/writtenLength``, ``MapReduce/ClusterFault/Entry/writtenLength``
    /// for a single-job MapReduce file's), and it is listed as written
    /// (`slow s3 ×5.0 for 2.000 s`, though the later one replaced it at 1.5 s). The
    /// later one keeps its own `for:`; the end of another fault no longer pairs with it, and no end is
    /// listed as a fault of its own (`slow s3 ×1.0` after the run). An undo written by hand
    /// right after a fault of its target reads as that fault's `for:` — it does the same. In the
    /// file's order, not time order: the caller sorts.
    static func asWritten(_ entries: [(at: VirtualInstant, fault: Fault?, text: String, writtenLength: Duration?)]) -> [Listed] {
        var listed: [Listed] = []
        listed.reserveCapacity(entries.count)
        var index = entries.startIndex
        while index < entries.endIndex {
            let (at, fault, text, writtenLength) = entries[index]
            var item = Listed(at: at, fault: fault, text: text, settled: true)
            let next = index + 1
            if let writtenLength {
                // Its end left out of the schedule, its `for:` kept by the loader.
                item.text += " for " + length(writtenLength)
                index += 1
            } else if let start = fault?.lasting, fault != .heal, next < entries.endIndex, let end = entries[next].fault?.lasting,
               end.isUndo, end.target == start.target, entries[next].at > at {
                item.text += " for " + length(.nanoseconds(entries[next].at.nanoseconds - at.nanoseconds))
                index += 2
            } else {
                // A level with no end after it: written without `for:`, or its end left out for a
                // later one of its target that outlasts it. Either way it held until the next.
                item.open = fault?.lasting.map { !$0.isUndo } ?? false
                index += 1
            }
            listed.append(item)
        }
        return listed
    }

    /// Which undo ends which fault, among the faults not ``Listed/settled``. A fault and an undo
    /// of the same target pair only when nothing else of that target comes between: a schedule in
    /// time order no longer says which `for:` wrote an undo, so overlapping faults of one target
    /// (a second `slow s3` before the first ends) keep their entries as applied rather than be
    /// given lengths nobody wrote. An undo with no fault before it (written by hand, `factor: 1`)
    /// stays an entry of its own.
    ///
    /// Partitions do not nest: a partition replaces the one before it, and a heal ends whichever
    /// is in force, so a heal pairs with the latest partition and the earlier one is listed alone.
    private static func undoPairs(_ faults: [Listed]) -> (undoOf: [Int: Int], undos: Set<Int>) {
        var undoOf: [Int: Int] = [:]
        var undos = Set<Int>()
        // Per target: the fault that opened it (nil once another fault overlapped it) and how
        // many faults are still open.
        var open: [String: (start: Int?, depth: Int)] = [:]
        for (index, listed) in faults.enumerated() where !listed.settled {
            guard let lasting = listed.fault?.lasting else { continue }
            let current = open[lasting.target]
            guard lasting.isUndo else {
                open[lasting.target] = lasting.nests ? current.map { (nil, $0.depth + 1) } ?? (index, 1) : (index, 1)
                continue
            }
            guard let current else { continue }
            if current.depth == 1, let start = current.start {
                undoOf[start] = index
                undos.insert(index)
            }
            open[lasting.target] = current.depth == 1 ? nil : (nil, current.depth - 1)
        }
        return (undoOf, undos)
    }
}

extension Fault {
    /// For a fault that lasts until an undo sets it back (`slow`, `errors`, `drop_rate`,
    /// `latency_spike`, `partition`): what it acts on, whether this is the undo, and whether a
    /// second one of the target before the undo adds to the first (`nests`) or replaces it, as
    /// ``Network/partition(_:)`` replaces the groups in force.
    fileprivate var lasting: (target: String, isUndo: Bool, nests: Bool)? {
        switch self {
        case .slow(let node, let factor): return ("slow \(node)", factor == 1, true)
        case .errors(let node, let rate): return ("errors \(node)", rate == 0, true)
        case .dropRate(let rate): return ("drop rate", rate == 0, true)
        case .latencySpike(let extra): return ("latency spike", extra == .zero, true)
        case .partition: return ("partition", false, false)
        case .heal: return ("partition", true, false)
        case .crash, .restart, .pause, .hang: return nil
        }
    }

    /// The fault as reports write it: its ``description``, but with its lengths as every report
    /// writes seconds (``FaultSchedule/length(_:)``): `restart s2 (boot 1.000 s)`,
    /// `pause s2 for 1.000 s`, `latency spike +0.005 s`, and a level — a slowdown's factor, an
    /// error or drop rate — as a number in prose (``levelText(_:)``): `slow s3 ×2`, not `×2.0`;
    /// `errors s2 rate 1` and `drop rate 0.25`, as the file writes a probability (`rate: 1`), not
    /// `rate 1.0`, and the end of one `drop rate 0`, not `0.0`.
    var reportText: String {
        switch self {
        case .slow(let node, let factor): return "slow \(node) ×\(Self.levelText(factor))"
        case .errors(let node, let rate): return "errors \(node) rate \(Self.levelText(rate))"
        case .dropRate(let rate): return "drop rate \(Self.levelText(rate))"
        case .restart(let node, let boot): return "restart \(node) (boot \(FaultSchedule.length(boot)))"
        case .pause(let node, let duration): return "pause \(node) for \(FaultSchedule.length(duration))"
        case .latencySpike(let extra): return "latency spike +\(Self.spikeText(extra))"
        case .hang(let node, let duration): return "hang \(node)" + (duration.map { " for \(FaultSchedule.length($0))" } ?? "")
        case .crash, .partition, .heal: return description
        }
    }

    /// A latency spike's extra delay, a level like a rate: exactly as the file wrote it, in
    /// seconds with as many decimals as its nanoseconds need (at least the reports' three):
    /// `0.005 s`, `0.0004 s`, `0.001000001 s`. Three decimals wrote `1.000001ms` as `+0.001 s`
    /// (the Perfetto marker read `+0.001000001 s`) and `400us` as `+< 0.001 s`.
    static func spikeText(_ extra: Duration) -> String {
        let (seconds, attoseconds) = extra.components
        let nanoseconds = attoseconds / 1_000_000_000
        var decimals = 3
        var unit: Int64 = 1_000_000
        while decimals < 9 && nanoseconds % unit != 0 {
            decimals += 1
            unit /= 10
        }
        return DurationFormat.seconds(Double(seconds) + Double(nanoseconds) / 1e9, grouping: true, decimals: decimals)
    }

    /// A fault's level as reports write it — a slowdown's factor, an error share or drop rate
    /// (probabilities, which the file writes as 0 … 1): exactly the level that was read, as the
    /// shortest decimal that reads back to the same `Double`, written out in positional digits
    /// and grouped — `2`, `1.5`, `1,000`, `3.142`, `1,000,000`, `0.25`, `1`, `0`,
    /// `0.0000000015` — where the `Double` printed `2.0`, `1000000.0`, `1.0`, `0.0` and
    /// `1.5e-09`. Rounding to nine decimals wrote `rate: 0.9999999996` as `rate 1`, an error on
    /// every answer, which is not what ran. The trace keeps its own (``Fault/description``:
    /// `errors s2 rate 1.0`, `service times × 2.0`), as the digest folds it; the Perfetto trace's
    /// fault markers use these words.
    static func levelText(_ level: Double) -> String {
        guard level.isFinite else { return NumberText.plain(level) }
        let (integer, fraction) = positionalDigits(level.magnitude)
        let grouped = integer.count <= 18 ? NumberFormat.integer(Int64(integer)!) : integer
        return (level < 0 ? "-" : "") + grouped + (fraction.isEmpty ? "" : "." + fraction)
    }

    /// `value`'s shortest round-tripping decimal (Swift's `description`: `1.5e-09`, `1e+16`,
    /// `0.25`) as its whole digits and its decimals without trailing zeros: `("0", "0000000015")`,
    /// `("10000000000000000", "")`, `("0", "25")`.
    private static func positionalDigits(_ value: Double) -> (integer: String, fraction: String) {
        let text = "\(value)"
        let parts = text.split(separator: "e", maxSplits: 1)
        let mantissa = parts[0].split(separator: ".", maxSplits: 1)
        let whole = String(mantissa[0])
        let decimals = mantissa.count > 1 ? String(mantissa[1]) : ""
        let exponent = parts.count > 1 ? Int(parts[1])! : 0
        // The digits with the point after `whole.count + exponent` of them.
        let digits = whole + decimals
        let point = whole.count + exponent
        var integer: String, fraction: String
        if point <= 0 {
            integer = "0"
            fraction = String(repeating: "0", count: -point) + digits
        } else if point >= digits.count {
            integer = digits + String(repeating: "0", count: point - digits.count)
            fraction = ""
        } else {
            integer = String(digits.prefix(point))
            fraction = String(digits.dropFirst(point))
        }
        while fraction.last == "0" { fraction.removeLast() }
        while integer.count > 1, integer.first == "0" { integer.removeFirst() }
        return (integer, fraction)
    }
}

extension MapReduce.ClusterFault {
    /// The fault as reports write it (``Fault/reportText``).
    var reportText: String {
        if case .network(let fault) = self { return fault.reportText }
        return description
    }

    /// The network fault it is, if it is one.
    var networkFault: Fault? {
        if case .network(let fault) = self { return fault }
        return nil
    }
}

extension FaultSchedule.Listed {
    /// A network fault as the report lists it.
    init(_ entry: FaultSchedule.Entry) {
        self.init(at: entry.at, fault: entry.fault, text: "\(FaultSchedule.instant(entry.at)): \(entry.fault.reportText)")
    }

    /// A MapReduce cluster fault as the report lists it: its network faults pair as the
    /// network's do, but for a drawn slowdown or partition whose end was left out for a later one
    /// (``MapReduce/ClusterFault/Entry/writtenLength``), listed with its drawn length:
    /// `43.044 s: partition [coordinator] for 10.680 s`.
    init(_ entry: MapReduce.ClusterFault.Entry) {
        self.init(at: entry.at, fault: entry.fault.networkFault, text: Self.text(entry))
        if let length = entry.writtenLength {
            text += " for " + FaultSchedule.length(length)
            settled = true
        }
    }

    /// How a cluster fault reads, without a length.
    static func text(_ entry: MapReduce.ClusterFault.Entry) -> String {
        "\(FaultSchedule.instant(entry.at)): \(entry.fault.reportText)"
    }
}

extension FaultSchedule {
    /// Network faults in the order the file wrote them, listed ``asWritten(_:)``.
    static func asWritten(_ entries: [Entry]) -> [Listed] {
        asWritten(entries.map { ($0.at, $0.fault, Listed($0).text, $0.writtenLength) })
    }

    /// Cluster faults in the order the file wrote them, listed ``asWritten(_:)``.
    static func asWritten(_ entries: [MapReduce.ClusterFault.Entry]) -> [Listed] {
        asWritten(entries.map { ($0.at, $0.fault.networkFault, Listed.text($0), $0.writtenLength) })
    }
}
