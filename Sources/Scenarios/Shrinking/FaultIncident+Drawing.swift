import Simulator
import Yams

extension FaultIncident {
    /// Every incident of `scenario`'s faults for `seed`, in schedule order: the file's listed
    /// faults, then what the top-level `chaos:` draws node by node, then what `mapreduce.chaos`
    /// draws — a crash with the restarts that end it, a partition without `for:` with the next
    /// heal, a drawn slowdown or partition with its end as one `for:` item, anything else alone
    /// (``FaultPlan``). Written back in this order, the explicit schedule expands to the same
    /// timeline the chaos run applied, less the crashes and pauses that found their node down or
    /// paused and changed nothing.
    ///
    /// - Parameter listed: the file's `faults:` list, if it has one.
    static func incidents(listed: Node?, scenario: Scenario, seed: UInt64) -> [FaultIncident] {
        FaultPlan(listed: listed, scenario: scenario, seed: seed).incidents()
    }
}
