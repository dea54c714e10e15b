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

    /// Reads `i/n`, each number in plain digits without a sign (``PlainDecimal``: `+2/8` was shard
    /// 2; read as unsigned, so that `-0` is no index either).
    public init(parsing text: String) throws(OverrideProblem) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 2, let leadingZero = parts.lazy.compactMap({ Self.leadingZeroProblem(String($0)) }).first {
            throw OverrideProblem("expected a shard as i/n in the digits 0-9 (e.g. 2/8, numbered from 1): \(leadingZero)")
        }
        guard parts.count == 2, let index = PlainDecimal.parse(parts[0], as: UInt.self).flatMap({ Int(exactly: $0) }), let count = PlainDecimal.parse(parts[1], as: UInt.self).flatMap({ Int(exactly: $0) }) else {
            throw OverrideProblem("expected a shard as i/n in the digits 0-9 (e.g. 2/8, numbered from 1), got '\(text.excerpt)'")
        }
        try self.init(index: index, count: count)
    }

    /// The shard a cluster scheduler's array job selects for this process, with `count` shards:
    /// `JOB_COMPLETION_INDEX` (a Kubernetes Indexed Job, 0-based) or `SLURM_ARRAY_TASK_ID`
    /// counted from `SLURM_ARRAY_TASK_MIN` (a Slurm array job, whatever its first index); nil
    /// when neither is set.
    ///
    /// - Throws: when a variable is not an index or names no shard of `count`, and when both are
    ///   set and select different shards (Kubernetes' used to win without a word; both setting the
    ///   same shard is accepted).
    public static func fromEnvironment(_ environment: [String: String], count: Int) throws(OverrideProblem) -> Shard? {
        try scheduled(environment, count: count)?.shard
    }

    /// The shard ``fromEnvironment(_:count:)`` selects, with the variable that says so
    /// (`JOB_COMPLETION_INDEX 1`), for messages that name it.
    public static func scheduled(_ environment: [String: String], count: Int) throws(OverrideProblem) -> (shard: Shard, source: String)? {
        var selected: [(shard: Shard, source: String)] = []
        if let text = environment["JOB_COMPLETION_INDEX"] {
            if let leadingZero = leadingZeroProblem(text) { throw OverrideProblem("JOB_COMPLETION_INDEX is not an index: \(leadingZero)") }
            guard let zeroBased = PlainDecimal.parse(text, as: UInt.self).flatMap({ Int(exactly: $0) }), zeroBased >= 0 else { throw OverrideProblem("JOB_COMPLETION_INDEX is not an index: '\(text.excerpt)'") }
            let source = "JOB_COMPLETION_INDEX \(zeroBased)"
            selected.append((try Shard(zeroBased: zeroBased, count: count, source: source), source))
        }
        if let text = environment["SLURM_ARRAY_TASK_ID"] {
            let minimumText = environment["SLURM_ARRAY_TASK_MIN"] ?? "0"
            // Slurm's array indexes are 0 or more; a negative minimum made the difference
            // overflow (and name a shard that is not the one selected).
            if let leadingZero = leadingZeroProblem(text) ?? leadingZeroProblem(minimumText) {
                throw OverrideProblem("\(leadingZeroProblem(text) == nil ? "SLURM_ARRAY_TASK_MIN" : "SLURM_ARRAY_TASK_ID") is not an index: \(leadingZero)")
            }
            guard let id = PlainDecimal.parse(text, as: UInt.self).flatMap({ Int(exactly: $0) }), id >= 0 else {
                throw OverrideProblem("SLURM_ARRAY_TASK_ID is not an index: '\(text.excerpt)' (Slurm's indexes are 0 … \(Int.max))")
            }
            guard let minimum = PlainDecimal.parse(minimumText, as: UInt.self).flatMap({ Int(exactly: $0) }), minimum >= 0 else {
                throw OverrideProblem("SLURM_ARRAY_TASK_MIN is not an index: '\(minimumText.excerpt)' (Slurm's indexes are 0 … \(Int.max))")
            }
            guard id >= minimum else {
                throw OverrideProblem("SLURM_ARRAY_TASK_ID \(id) is below SLURM_ARRAY_TASK_MIN \(minimum)")
            }
            // Said as it was found: an unset minimum is not one the environment gave as 0.
            let counted = environment["SLURM_ARRAY_TASK_MIN"] == nil ? "SLURM_ARRAY_TASK_MIN unset: from 0" : "from SLURM_ARRAY_TASK_MIN \(minimum)"
            let source = "SLURM_ARRAY_TASK_ID \(id) (\(counted))"
            selected.append((try Shard(zeroBased: id - minimum, count: count, source: source), source))
        }
        if selected.count == 2, selected[0].shard != selected[1].shard {
            throw OverrideProblem("\(selected[0].source) selects shard \(selected[0].shard) but \(selected[1].source) selects shard \(selected[1].shard): "
                                  + "the two schedulers' array indexes disagree; unset the one that does not belong to this job")
        }
        return selected.first
    }

    /// Why a scheduler's index written in digits has a leading zero (`01`), or nil: refused as
    /// `--shard 01/2` and a file's `017` are, rather than read as 1.
    private static func leadingZeroProblem(_ text: String) -> String? {
        PlainDecimal.isPlain(text, signed: false) ? PlainDecimal.leadingZeroProblem(text) : nil
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
