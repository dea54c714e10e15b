import Simulator

extension ResourceBudget {
    /// The backup manager's backups (``BackupManager``), counted as its syncs are, from the first
    /// backup to the end of `horizon` seconds:
    ///
    /// - After a backup the manager moves the next one on by `backup_interval` at a time until it
    ///   lies ahead: 10 events an interval, as a sync. With 1 ns over an hour that was 3.6 × 10¹²
    ///   turns of one loop, and the run never ended.
    /// - It backs up at a sync (at most once a sync) under a name to the second (at most once a
    ///   second). Retention then lists every backup kept and asks for each one's manifest: about
    ///   100 events a request (measured: 9 µs a request with a thousand backups kept), growing
    ///   with the square of the backups taken — a backup a second for 8 hours was 1.1 million
    ///   requests. The files a backup copies (and retention deletes) are at most those the sync
    ///   before it looks at, counted with the source (`backup.source`).
    /// - It waits for each answer before its next request, so it makes at most one request per
    ///   round trip to the store (two link latencies and the store's first-byte latency).
    mutating func addBackups(of scenario: Scenario, over horizon: Double) {
        guard let backup = scenario.backup else { return }
        let manager = backup.manager
        let span = horizon - manager.firstBackupAt.seconds
        guard span >= 0 else { return }
        add(events: 10 * span / max(manager.backupInterval.seconds, 1e-9), by: "backup.backup_interval")
        let spacing = max(manager.backupInterval.seconds, manager.syncInterval.seconds, 1)
        let backups = (span / spacing).rounded(.down) + 1
        let kept = (Double(manager.retentionDays) * 86_400 / spacing).rounded(.down) + 1
        let listed = backups <= kept ? backups * (backups + 1) / 2 : kept * (kept + 1) / 2 + (backups - kept) * kept
        // A backup's own: the listing it reconciles, its manifest and retention's listing.
        var requests = 3 * backups + listed
        let linkLatency = ([scenario.defaultLink] + scenario.links.map(\.profile)).map { $0.latency.mean ?? 0 }.min() ?? 0
        let roundTrip = 2 * linkLatency + (scenario.store?.configuration.firstByteLatency.mean ?? 0)
        if roundTrip > 0 { requests = min(requests, span / roundTrip) }
        add(events: 100 * requests, by: "backup.backup_interval")
    }
}
