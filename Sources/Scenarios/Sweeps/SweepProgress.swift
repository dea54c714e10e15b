/// The sweep's records as they arrive in order: streamed to disk, kept (figures only) for the
/// report of a whole sweep, and the first reason to stop.
///
/// `@unchecked Sendable`: `take` is only called by the sweep's ordered delivery, one call at a
/// time; the other members are read after the sweep returns.
public final class SweepProgress: @unchecked Sendable {
    public let directory: SweepDirectory
    /// Whether the records are kept for a report (a whole sweep's; a shard's report is merge's).
    public let keepsRecords: Bool
    public private(set) var records: [WorldRecord] = []
    /// Records taken.
    public private(set) var count = 0
    /// Records taken whose world failed.
    public private(set) var failed = 0
    /// Why the sweep stopped, once it has: nil while every record is taken.
    public private(set) var stop: SweepStop?

    public init(directory: SweepDirectory, keepsRecords: Bool) {
        self.directory = directory
        self.keepsRecords = keepsRecords
    }

    /// Takes the next world's record, or stops at `mismatch` (what the determinism check said of
    /// it) or at a record that cannot be written; returns whether the sweep goes on, as
    /// ``Sweep/run(_:jobs:verify:deliver:)``'s `deliver` does.
    public func take(_ record: WorldRecord, mismatch: SweepStop?) -> Bool {
        if let mismatch {
            stop = mismatch
            return false
        }
        do { try directory.append(record) } catch {
            stop = .environment("\(error)")
            return false
        }
        count += 1
        if !record.passed { failed += 1 }
        if keepsRecords { records.append(record) }
        return true
    }
}
