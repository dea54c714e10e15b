/// One of `count` equal parts of a sweep, so that a cluster scheduler's array job can run a sweep
/// on many machines: shard `index` (1-based) runs the worlds whose position in the sweep, counted
/// from zero, leaves remainder `index − 1` when divided by `count` — every variant and every seed
/// range is spread over all shards.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    /// 1 … count.
    public let index: Int
    public let count: Int

    /// The most shards a sweep may be split into.
    public static let maximumCount = 100_000

    public init(index: Int, count: Int) throws(OverrideProblem) {
        guard (1...Self.maximumCount).contains(count) else {
            throw OverrideProblem("a sweep is split into 1 … \(Self.maximumCount) shards, got \(count)")
        }
        guard (1...count).contains(index) else { throw OverrideProblem("shard \(index) of \(count) does not exist: shards are numbered 1 … \(count)") }
        self.index = index
        self.count = count
    }

    /// Reads `i/n`.
    public init(parsing text: String) throws(OverrideProblem) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw OverrideProblem("expected a shard as i/n (e.g. 2/8, numbered from 1), got '\(text.excerpt)'")
        }
        try self.init(index: index, count: count)
    }

    /// The shard a cluster scheduler's array job selects for this process, with `count` shards:
    /// `JOB_COMPLETION_INDEX` (a Kubernetes Indexed Job, 0-based) or else `SLURM_ARRAY_TASK_ID`
    /// counted from `SLURM_ARRAY_TASK_MIN` (a Slurm array job, whatever its first index); nil
    /// when neither is set.
    public static func fromEnvironment(_ environment: [String: String], count: Int) throws(OverrideProblem) -> Shard? {
        if let text = environment["JOB_COMPLETION_INDEX"] {
            guard let zeroBased = Int(text), zeroBased >= 0 else { throw OverrideProblem("JOB_COMPLETION_INDEX is not an index: '\(text.excerpt)'") }
            return try Shard(zeroBased: zeroBased, count: count, source: "JOB_COMPLETION_INDEX \(zeroBased)")
        }
        if let text = environment["SLURM_ARRAY_TASK_ID"] {
            let minimumText = environment["SLURM_ARRAY_TASK_MIN"] ?? "0"
            // Slurm's array indexes are 0 or more; a negative minimum made the difference
            // overflow (and name a shard that is not the one selected).
            guard let id = Int(text), id >= 0 else {
                throw OverrideProblem("SLURM_ARRAY_TASK_ID is not an index: '\(text.excerpt)' (Slurm's indexes are 0 … \(Int.max))")
            }
            guard let minimum = Int(minimumText), minimum >= 0 else {
                throw OverrideProblem("SLURM_ARRAY_TASK_MIN is not an index: '\(minimumText.excerpt)' (Slurm's indexes are 0 … \(Int.max))")
            }
            guard id >= minimum else {
                throw OverrideProblem("SLURM_ARRAY_TASK_ID \(id) is below SLURM_ARRAY_TASK_MIN \(minimum)")
            }
            return try Shard(zeroBased: id - minimum, count: count,
                             source: "SLURM_ARRAY_TASK_ID \(id) (from SLURM_ARRAY_TASK_MIN \(minimum))")
        }
        return nil
    }

    /// Shard `zeroBased + 1` of `count`, which a scheduler's variable (`source`) selected.
    private init(zeroBased: Int, count: Int, source: String) throws(OverrideProblem) {
        guard zeroBased < count else {
            _ = try Shard(index: 1, count: count)
            throw OverrideProblem("\(source) selects shard \(zeroBased) counted from 0, but there are \(count) shards (0 … \(count - 1))")
        }
        try self.init(index: zeroBased + 1, count: count)
    }

    /// Whether the world at `position` (0-based, in the sweep's order) is this shard's.
    public func contains(_ position: Int) -> Bool { position % count == index - 1 }

    /// `i/n`.
    public var description: String { "\(index)/\(count)" }
}
