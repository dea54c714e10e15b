/// Every experiment Orrery reproduces, with the file it reads and what it shows: the one list
/// `orrery experiment --list`, `--help` and `all` are made from.
public enum ExperimentName: String, CaseIterable, Sendable {
    case a1, a2, a3, a4, mapreduce, backup, claims, strategies

    /// One line for `--list` and the README.
    public var summary: String {
        switch self {
        case .a1: return "10,000 requests over 3 replicas of the assignment's consistent hash map, and why they pile up"
        case .a2: return "N = 2 … 6: the mean load per server and its spread"
        case .a3: return "every balancer operation with good and bad input; a replica killed under load"
        case .a4: return "A-1 and A-2 with modified and real hash functions and other placements"
        case .mapreduce: return "seed 001's word count: timeline, speculation, combiner, scaling, recovery, the seed's claims"
        case .backup: return "seed 000's backup manager for 60 virtual days: sync, backups, a 503 storm, restores, retention"
        case .claims: return "the traffic and failover claims of seeds 003 and 004"
        case .strategies: return "every balancing strategy on identical, heterogeneous, slow and crashing servers"
        }
    }

    /// The scenario files it reads, relative to the scenarios directory.
    public var files: [String] {
        switch self {
        case .claims: return ClaimsExperiment.files
        case .strategies: return [StrategyComparison.file]
        default: return ["\(rawValue).yaml"]
        }
    }
}
