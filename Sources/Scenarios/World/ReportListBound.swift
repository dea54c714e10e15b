/// How many entries of a list that grows with the run — a job's attempts and recoveries, the
/// queue's controller decisions, the backups taken — a composed world's report.json lists at
/// most. A world of many virtual days under chaos would otherwise write them all (the results
/// page leaves a report.json over 16 MiB unread); past the bound the list holds its first entries
/// in order — the queue's partitions hold report.md's notable ones first
/// (`QueueFigures+NotablePartitions`) — and a sibling `…LeftOut` count says how many more there
/// were (the CSV files, where a world writes them, keep every one).
enum ReportListBound {
    /// Entries a list keeps at most.
    static let most = 1_000

    /// The first ``most`` of `items`, and how many were left out (nil when none were, so that the
    /// key is absent from the JSON).
    static func split<Element>(_ items: [Element]) -> (listed: [Element], leftOut: Int?) {
        items.count <= most ? (items, nil) : (Array(items.prefix(most)), items.count - most)
    }
}
