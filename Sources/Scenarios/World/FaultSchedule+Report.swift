import Reports
import Simulator

extension FaultSchedule {
    /// A fault as a report lists it, `text` describing it at `at`. One scheduled after the run
    /// ended never happened (a world whose clients stop at `run.duration` ends when their last
    /// answer comes): it is marked as not reached instead of listed as if it struck.
    static func reportLine(_ text: String, at: VirtualInstant, end: VirtualInstant) -> String {
        at > end ? "\(text) (not reached: the run ended at \(end))" : text
    }

    /// One fault to list: when it strikes, the fault itself when it is a network fault (nil for
    /// a section's own, such as a storm or a wiped disk), and how it reads.
    struct Listed {
        var at: VirtualInstant
        var fault: Fault?
        var text: String
    }

    /// The report's fault list, `faults` in time order: every fault once. The loader writes a
    /// `slow`, `errors`, `drop_rate`, `latency_spike` or `partition` with `for:` as two schedule
    /// entries — the fault and, `for:` later, its undo (factor 1, rate 0, no extra latency, a
    /// heal) — because that is what the network applies; the report folds the undo back into its
    /// fault, listed as `pause` and `hang` are: "slow s3 ×2.0 for 1.000s". The schedule itself
    /// is not touched.
    ///
    /// Of the faults after the run's end, the first ``notReachedListed`` are listed and the rest
    /// are counted in one line: chaos draws its faults up to the time limit, an hour past most
    /// worlds' end, and a 30 s world listed 1,260 faults that never struck (a 156 KB report).
    static func reportLines(_ faults: [Listed], end: VirtualInstant) -> [String] {
        let ends = undoPairs(faults)
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
                text += " for \(listed.at.duration(to: faults[undo].at).formattedSeconds)"
            }
            lines.append(reportLine(text, at: listed.at, end: end))
        }
        if unlisted > 0 {
            lines.append("… and \(NumberFormat.integer(unlisted)) more \(unlisted == 1 ? "fault" : "faults") not reached, the last at \(lastUnlisted) (the run ended at \(end))")
        }
        return lines
    }

    /// How many faults after the run's end a report lists one by one.
    static let notReachedListed = 10

    /// Which undo ends which fault. A fault and an undo of the same target pair only when
    /// nothing else of that target comes between: the schedule no longer says which `for:`
    /// wrote an undo, so overlapping faults of one target (a second `slow s3` before the first
    /// ends) keep their entries as applied rather than be given lengths nobody wrote. An undo
    /// with no fault before it (written by hand, `factor: 1`) stays an entry of its own.
    ///
    /// Partitions do not nest: a partition replaces the one before it, and a heal ends whichever
    /// is in force, so a heal pairs with the latest partition and the earlier one is listed alone.
    private static func undoPairs(_ faults: [Listed]) -> (undoOf: [Int: Int], undos: Set<Int>) {
        var undoOf: [Int: Int] = [:]
        var undos = Set<Int>()
        // Per target: the fault that opened it (nil once another fault overlapped it) and how
        // many faults are still open.
        var open: [String: (start: Int?, depth: Int)] = [:]
        for (index, listed) in faults.enumerated() {
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
}

extension FaultSchedule.Listed {
    /// A network fault as the report lists it.
    init(_ entry: FaultSchedule.Entry) {
        self.init(at: entry.at, fault: entry.fault, text: "\(entry.at): \(entry.fault)")
    }

    /// A MapReduce cluster fault as the report lists it: its network faults pair as the
    /// network's do.
    init(_ entry: MapReduce.ClusterFault.Entry) {
        var fault: Fault?
        if case .network(let network) = entry.fault { fault = network }
        self.init(at: entry.at, fault: fault, text: "\(entry.at): \(entry.fault)")
    }
}
