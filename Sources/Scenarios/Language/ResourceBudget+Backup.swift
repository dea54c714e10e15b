import Foundation
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
    /// - Each backup copies every file of the source, and retention deletes every file of a
    ///   backup it removes: requests in proportion to the source, which grows by its rounds'
    ///   creations less their deletions, and objects the bucket holds, with the source's snapshot
    ///   each backup's record keeps (``backupCopies(churn:manager:over:spacing:backups:)``).
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
            + Self.stormyBackupRequests(of: scenario, from: manager.firstBackupAt.seconds, to: horizon, spacing: spacing, backups: backups, kept: kept)
        let copies = backup.churn.map { Self.backupCopies(churn: $0, manager: manager, over: horizon, spacing: spacing, backups: backups) }
        if let copies { requests += copies.copies + copies.deletedCopies }
        let linkLatency = ([scenario.defaultLink] + scenario.links.map(\.profile)).map { $0.latency.mean ?? 0 }.min() ?? 0
        let roundTrip = 2 * linkLatency + (scenario.store?.configuration.firstByteLatency.mean ?? 0)
        if roundTrip > 0 { requests = min(requests, span / roundTrip) }
        add(events: 100 * requests, by: "backup.backup_interval")
        if let copies {
            add(events: copies.markerVisits, by: "backup.backup_interval")
            add(bytes: Self.bytesPerHeldCopy * copies.heldVersions + Self.bytesPerSnapshotFile * copies.copies, by: "backup.backup_interval")
        }
    }
}

extension ResourceBudget {
    /// The requests backups failing under the store's error storms (`object_store.storms`, and
    /// `storm:` faults) and the faults that cut the backup host off the store (``storeOutages(of:)``)
    /// add, from `start` to `end` seconds: the manager tries again at every sync while one lasts
    /// (at most one a second: names are to the second), and each attempt lists the sync prefix,
    /// may leave a folder and may get as far as its manifest; after the first failed attempt at
    /// each backup due retention runs a pass — at most one a `spacing` besides the completed
    /// backups' — which lists the folders and checks each one's manifest, the abandoned attempts'
    /// among them, and a failed check no longer ends the pass. An attempt's folder is listed by
    /// every later pass until one past `retention_days` deletes it. Nothing counted these passes
    /// once retention ran after failed attempts (s78).
    ///
    /// Tightened (s80; counted 734,798 where the store answered 67,338): an attempt's folder is
    /// seen only by the passes after it — the pending backup's completion, and two for each
    /// backup due after it — not by all of the run's; a request is tried again only when it
    /// fails (1 + r + … + r^(max_attempts − 1) tries at rate r, as ``expectedTries(of:servers:)``
    /// counts a balancer's); and an attempt leaves a folder only once its listing of the sync
    /// prefix and its first copy are answered ((1 − r^max_attempts)² of them). An outage fails
    /// every request: rate 1. Measured (storm rate 0.5, 2 attempts, 5 files, a sync a second, a
    /// backup an hour, a 6 h storm in 8 h): 8,377 attempts failed, 67,338 requests in all;
    /// counted 1.5 × (2 × 21,601 + 0.5625 × 194,415 + 7 × 26) = 229,114 (734,798 before).
    static func stormyBackupRequests(of scenario: Scenario, from start: Double, to end: Double,
                                     spacing: Double, backups: Double, kept: Double) -> Double {
        guard let backup = scenario.backup, let store = scenario.store else { return 0 }
        let attemptSpacing = max(backup.manager.syncInterval.seconds, 1)
        let maxAttempts = max(store.retry.maxAttempts, 1)
        var spans: [(from: Double, to: Double, rate: Double)] = []
        for storm in store.configuration.errorStorms where storm.errorRate > 0 && storm.length > .zero {
            spans.append((storm.start.seconds, storm.start.seconds + storm.length.seconds, min(storm.errorRate, 1)))
        }
        spans += storeOutages(of: scenario).map { ($0.from, $0.to, 1) }
        var failingPasses = 0.0, longest = 0.0
        var attempts: [(count: Double, from: Double, to: Double, tries: Double, leaving: Double)] = []
        for span in spans {
            let from = max(span.from, start), to = min(span.to, end)
            guard to >= from else { continue }
            let rate = span.rate
            let tries = rate >= 1 ? Double(maxAttempts) : (1 - pow(rate, Double(maxAttempts))) / (1 - rate)
            let answered = 1 - pow(rate, Double(maxAttempts))
            attempts.append((((to - from) / attemptSpacing).rounded(.down) + 1, from, to, tries, answered * answered))
            failingPasses += ((to - from) / spacing).rounded(.down) + 1
            longest = max(longest, to - from)
        }
        guard !attempts.isEmpty else { return 0 }
        failingPasses = min(failingPasses, backups)
        // A folder goes at the first pass past retention whose check succeeds: one a storm's
        // length and a spacing later at most; two passes a spacing (a failed attempt's and a
        // completed backup's).
        let life = Double(backup.manager.retentionDays) * 86_400 + longest + spacing
        let passesSeeing = min(2 * ((life / spacing).rounded(.down) + 1), backups + failingPasses)
        var requests = 0.0
        for attempt in attempts {
            // The passes after an attempt at t: 1 + 2 × (dues in (t, end]) ≤ 3 + 2 (end − t) / spacing,
            // decreasing in t, so over attempts one `attemptSpacing` apart from `from` the sum is at
            // most the first's and the integral over the span ÷ the spacing.
            let first = min(passesSeeing, 3 + 2 * (end - attempt.from) / spacing)
            let integral = 3 * (attempt.to - attempt.from) + ((end - attempt.from) * (end - attempt.from) - (end - attempt.to) * (end - attempt.to)) / spacing
            let seen = min(attempt.count * passesSeeing, first + integral / attemptSpacing)
            requests += attempt.tries * (2 * attempt.count + attempt.leaving * seen)
        }
        let passTries = attempts.map(\.tries).max() ?? 1
        return requests + passTries * failingPasses * (1 + kept)
    }

    /// The spans (seconds) in which a fault cuts the backup host off the store, failing every
    /// request of a sync or backup: a partition that puts them on different sides (until the next
    /// partition or heal), the store's node crashed (until its restart is booted), paused, hung
    /// or slowed, or a latency spike whose two crossings reach the client's timeout. None of them
    /// was counted: a 6-hour partition of the host failed every sync and backup attempt, and
    /// every retention pass after them, as a storm does.
    static func storeOutages(of scenario: Scenario) -> [(from: Double, to: Double)] {
        guard let backup = scenario.backup, let store = scenario.store else { return [] }
        let entries = scenario.faults.entries.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
        let (nextBoot, _, nextUndo) = scheduledEnds(of: entries)
        let seconds = { (instant: VirtualInstant?) in instant.map { VirtualInstant.zero.duration(to: $0).seconds } ?? .infinity }
        var outages: [(from: Double, to: Double)] = []
        for (index, entry) in entries.enumerated() {
            let at = VirtualInstant.zero.duration(to: entry.at).seconds
            switch entry.fault {
            case .partition(let groups, _):
                let side = { (node: NodeID) in groups.firstIndex { $0.contains(node) } ?? -1 }
                guard side(backup.host) != side(store.id) else { continue }
                let end = entries[(index + 1)...].first { if case .partition = $0.fault { true } else if case .heal = $0.fault { true } else { false } }?.at
                outages.append((at, seconds(end)))
            case .crash(let node) where node == store.id: outages.append((at, seconds(nextBoot[index])))
            case .restart(let node, let boot) where node == store.id: outages.append((at, at + boot.seconds))
            case .pause(let node, let length) where node == store.id: outages.append((at, at + length.seconds))
            case .hang(let node, let length) where node == store.id: outages.append((at, length.map { at + $0.seconds } ?? seconds(nextBoot[index])))
            case .slow(let node, let factor) where node == store.id && factor > 1: outages.append((at, seconds(nextUndo[index])))
            case .latencySpike(let extra) where 2 * extra.seconds >= store.clientTimeout.seconds: outages.append((at, seconds(nextUndo[index])))
            default: continue
            }
        }
        return outages
    }
}

extension ResourceBudget {
    /// The most copies of source files a run's abandoned backups may leave in the bucket: each
    /// copy is a request (about 25 µs) and an object held (about 700 bytes). Measured: 15 days of
    /// `scenarios/backup.yaml` at 1,000 bytes a second left 3.2 × 10⁶ copies behind 17,785
    /// abandoned backups, in 81 s and 2.3 GB.
    static let backupMostAbandonedCopies = 1e6

    /// A backup that can never write its manifest, estimated from the file.
    struct AbandonedBackups: Equatable {
        /// The margin ``neededBytesPerSecond`` leaves.
        static let headroom = 1.25
        /// About the bytes of the manifest once backups start failing.
        var manifestBytes: Double
        /// About the files the source holds then.
        var files: Double
        /// The transfer rate that would write that manifest within the client's timeout, with
        /// ``headroom`` (its size is an estimate, the store's latency varies, and a backup that
        /// fails now and then leaves its copies until retention runs after one that completes).
        var neededBytesPerSecond: Double
        /// When the first backup that cannot write its manifest is due (seconds).
        var from: Double
        /// The least time between two abandoned backups (seconds): the sync interval, or, when
        /// an abandoned backup outlasts it, the first multiple of the interval after its
        /// manifest's attempts (each waiting the timeout) and the client's backoffs between them.
        var spacing: Double
        /// Backups tried and abandoned, one every ``spacing`` from then on.
        var attempts: Double
        /// Copies of source files they leave in the bucket.
        var copies: Double
    }

    /// The backups that would time out writing their manifest, and the copies they would leave.
    ///
    /// A backup copies every file of the source server-side (no transfer: the store's first-byte
    /// latency), then uploads its manifest — a line of about 65 bytes and the digits of its size
    /// for each file (`<md5> <size> data/dir-NN/f-<12 hex digits>.bin`) — which takes its size
    /// over `bytes_per_second`. When that alone is longer than the client's timeout every attempt
    /// times out (the store still writes it: the request was served, the answer came too late),
    /// the backup is abandoned and tried again at the next sync, under a new name, and retention
    /// deletes what it left only once it is `retention_days` old: a copy of every file an
    /// abandoned backup, held that long. The source grows (or shrinks) by its rounds' creations less their
    /// deletions, so the manifest may start failing part-way through the run. Nil when no backup
    /// would fail so.
    ///
    /// An abandoned backup lasts at least its manifest's `max_attempts` attempts, each waiting
    /// the whole timeout, and the client's backoffs between them (each at least `1 − jitter` of
    /// its ceiling); the next sync is the first multiple of the sync interval after it ends. So
    /// the backups abandoned are one a sync only while that is shorter than the interval: with a
    /// 60 s timeout and 6 attempts, a 10 s sync made one every 370 s (measured: 223 in a day,
    /// about 45,000 copies of 200 files, in 0.38 s; 224 estimated), which one a sync had put at
    /// 1.7 × 10⁶ copies and refused.
    static func abandonedBackups(churn: SourceChurn, manager: BackupManager.Configuration, store: ObjectStore.Configuration,
                                 timeout: Duration, retry: RetryPolicy, over span: Duration) -> AbandonedBackups? {
        let start = manager.firstBackupAt.seconds, end = span.seconds
        // A timeout shorter than the store's latency fails a backup at its first request, leaving nothing.
        let latency = store.firstByteLatency.mean ?? 0
        guard start <= end, store.bytesPerSecond > 0, timeout.seconds > latency else { return nil }
        let meanSize = max(1, min(churn.fileSize.mean ?? 4096, Double(1 << 26)))
        let lineBytes = 65 + (log10(meanSize).rounded(.down) + 1)
        let headerBytes = 16.0
        // The files at which the manifest's transfer and the store's mean first-byte latency take
        // the client's timeout.
        let failingFiles = ((timeout.seconds - latency) * store.bytesPerSecond - headerBytes) / lineBytes
        let perSecond = churn.netFilesPerSecond
        func files(at time: Double) -> Double { churn.expectedFiles(at: time) }
        // The part of [start, end] where the source holds at least `failingFiles` (it changes linearly).
        var from = start, to = end
        if perSecond > 0 {
            from = max(start, (failingFiles - Double(churn.initialFiles)) / perSecond)
        } else if perSecond < 0 {
            to = min(end, (failingFiles - Double(churn.initialFiles)) / perSecond)
        }
        guard from <= to, files(at: from) >= failingFiles, files(at: from) > 0 else { return nil }
        let interval = max(manager.syncInterval.seconds, 1e-9)
        let backoffs = (1..<max(retry.maxAttempts, 1)).reduce(0.0) { $0 + retry.ceiling(beforeRetry: $1).seconds * (1 - retry.jitter) }
        let lasting = Double(max(retry.maxAttempts, 1)) * timeout.seconds + backoffs
        let spacing = ((lasting / interval).rounded(.down) + 1) * interval
        let attempts = ((to - from) / spacing).rounded(.down) + 1
        let copies = attempts * (files(at: from) + files(at: to)) / 2
        let manifestBytes = headerBytes + lineBytes * files(at: from)
        return AbandonedBackups(manifestBytes: manifestBytes, files: files(at: from), neededBytesPerSecond: (manifestBytes / (timeout.seconds - latency) * AbandonedBackups.headroom).rounded(.up),
                                from: from, spacing: spacing, attempts: attempts, copies: copies)
    }
}

extension ResourceBudget {
    /// Uploads that time out and are stored all the same, estimated from the file.
    struct TimedOutUploads: Equatable {
        /// The largest file whose transfer fits in the client's timeout.
        var fittingBytes: Double
        /// The share of files larger than that.
        var share: Double
        /// Attempts that time out and still leave a version.
        var attempts: Double
        /// About the bytes of each.
        var meanBytes: Double
        /// How long a version is held (the run, or the noncurrent versions' expiry and a night).
        var heldFor: Double
        /// What they hold at once.
        var bytes: Double
    }

    /// The versions that uploads timing out leave in a versioned bucket.
    ///
    /// A file larger than the client's timeout × `bytes_per_second` is never acknowledged: every
    /// attempt times out, yet the store, which serves what it received, stores it — a new version
    /// each time. The manager retries it (`max_attempts` a sync) and sends it again at every sync
    /// while it stays pending (a sync that outlasts its interval delays the next one), and the
    /// noncurrent versions stay
    /// until the lifecycle rule expires them (a pass every midnight) or for the whole run. With
    /// a lognormal file size the share of such files and their mean size are exact; a file
    /// saturates at 64 MiB. Measured: 7 days of 64 KiB files at 10 KiB a second timed out 110,824
    /// attempts and held 14.1 GB of noncurrent versions (estimated 110,000 and 13.8 GB); 5 days of
    /// `scenarios/backup.yaml` at 5,000 bytes a second, 36,771 and 1.24 GB (estimated 1.5 GB for
    /// those 5 days). Nil when none would.
    static func timedOutUploads(churn: SourceChurn, manager: BackupManager.Configuration, store: ObjectStore.Configuration,
                                timeout: Duration, maxAttempts: Int, over span: Duration) -> TimedOutUploads? {
        guard manager.versioning, span > .zero else { return nil }
        let most = Double(1 << 26)
        let fitting = timeout.seconds * store.bytesPerSecond
        guard fitting < most else { return nil }
        let share: Double, meanBytes: Double
        if case .lognormal(let mu, let sigma) = churn.fileSize, sigma > 0 {
            // P(X > c) = Φ(−z) and E[X | X > c] = e^(μ + σ²/2) Φ(σ − z) / Φ(−z), z = (ln c − μ) / σ.
            func normalCDF(_ x: Double) -> Double { 0.5 * erfc(-x / 2.squareRoot()) }
            let z = (log(max(fitting, 1)) - mu) / sigma
            share = normalCDF(-z)
            meanBytes = share > 0 ? min(exp(mu + sigma * sigma / 2) * normalCDF(sigma - z) / share, most) : 0
        } else {
            let mean = min(churn.fileSize.mean ?? most, most)
            (share, meanBytes) = mean > fitting ? (1, mean) : (0, 0)
        }
        guard share > 0, meanBytes > 0 else { return nil }
        let heldFor = min(span.seconds, manager.noncurrentVersionExpirationDays.map { Double($0 + 1) * 86_400 } ?? .infinity)
        let weights = churn.createWeight + churn.modifyWeight + churn.deleteWeight + churn.rewriteWeight
        let perRound = weights > 0 ? Double(churn.changesPerRound) * (churn.createWeight - churn.deleteWeight) / weights : 0
        let files = max(0, Double(churn.initialFiles) + perRound * span.seconds / max(churn.interval.seconds, 1e-9) / 2)
        // The files that fail are sent at every sync, `max_attempts` times each, every attempt
        // lasting the timeout; a sync that outlasts the interval makes the next start at the
        // first multiple of the interval after it ends.
        let failing = share * files * Double(maxAttempts)
        let interval = max(manager.syncInterval.seconds, 1e-9)
        let period = ((failing * timeout.seconds / interval).rounded(.down) + 1) * interval
        let attempts = failing * heldFor / period
        return TimedOutUploads(fittingBytes: fitting, share: share, attempts: attempts, meanBytes: meanBytes, heldFor: heldFor,
                               bytes: attempts * meanBytes)
    }
}

extension ResourceBudget {
    /// A world's backup manager over a slow store: the versions its timed-out uploads leave
    /// (``timedOutUploads(churn:manager:store:timeout:maxAttempts:over:)``) and the copies its
    /// abandoned backups leave (``abandonedBackups(churn:manager:store:timeout:over:)``, 100
    /// events and ~700 bytes a copy), driven by the store's `bytes_per_second`.
    mutating func addSlowStoreWrites(of scenario: Scenario) {
        guard let backup = scenario.backup, let churn = backup.churn, let store = scenario.store else { return }
        let section = "object_store.bytes_per_second"
        if let timedOut = Self.timedOutUploads(churn: churn, manager: backup.manager, store: store.configuration,
                                               timeout: store.clientTimeout, maxAttempts: store.retry.maxAttempts, over: horizon) {
            add(bytes: timedOut.bytes, by: section)
        }
        if let abandoned = Self.abandonedBackups(churn: churn, manager: backup.manager, store: store.configuration,
                                                 timeout: store.clientTimeout, retry: store.retry, over: horizon) {
            add(events: 100 * abandoned.copies, by: section)
            add(bytes: 700 * abandoned.copies, by: section)
        }
    }
}

extension ResourceBudget {
    /// About the bytes one copy a backup holds in the bucket takes (its version, its key in the
    /// bucket's table and listing index; the bytes themselves are shared with the copied object),
    /// and a delete marker retention leaves in a versioned bucket as much.
    static let bytesPerHeldCopy = 700.0
    /// About the bytes one file of the source snapshot a backup's record keeps for the run takes
    /// (its entry in the path table and the path list; contents and names are shared).
    static let bytesPerSnapshotFile = 80.0

    /// What a world's backups copy, delete and hold in proportion to its source.
    struct BackupCopies: Equatable {
        /// Files copied by every backup, each a request.
        var copies: Double
        /// Files retention deletes with the backups older than `retention_days`, each a request.
        var deletedCopies: Double
        /// Versions the bucket holds at the end: the copies of the backups kept, and, in a
        /// versioned bucket, the deleted copies and their delete markers until the lifecycle rule
        /// expires them (or for the whole run).
        var heldVersions: Double
        /// Delete-marked keys the retention passes' listings of the backup folders step over one
        /// by one (a versioned bucket): every deleted backup's copies, at every pass until they
        /// expire.
        var markerVisits: Double
    }

    /// The backups' work and objects over `horizon` seconds, `backups` of them one `spacing` apart
    /// from `backup.first_backup_at`, each copying the files the source holds then
    /// (``SourceChurn/expectedFiles(at:)``). A backup goes at the first pass more than
    /// `retention_days` after it; its versions stay in a versioned bucket until the lifecycle's
    /// midnight pass after their noncurrent days. Nothing counted them: 3 days of 100 files
    /// changing 5 at a time every 10 s with a backup every 10 minutes copied about 2.8 million
    /// files and ran past 500 s and 4 GB, estimated at 1.8 × 10⁸ events.
    static func backupCopies(churn: SourceChurn, manager: BackupManager.Configuration, over horizon: Double,
                             spacing: Double, backups: Double) -> BackupCopies {
        let first = manager.firstBackupAt.seconds
        /// Backups taken before `time` (at most all of them).
        func taken(before time: Double) -> Double {
            time <= first ? 0 : min(backups, ((time - first) / spacing).rounded(.up))
        }
        /// Files the first `count` backups copy (the source changes linearly between them).
        func copied(_ count: Double) -> Double {
            count <= 0 ? 0 : count * (churn.expectedFiles(at: first) + churn.expectedFiles(at: first + (count - 1) * spacing)) / 2
        }
        let retention = Double(manager.retentionDays) * 86_400
        // Versions a deletion leaves: kept for ever, until the midnight after their noncurrent
        // days, or (unversioned) not at all.
        let versionsLast: Double? = manager.versioning ? manager.noncurrentVersionExpirationDays.map { Double($0 + 1) * 86_400 } : 0
        let copies = copied(backups)
        let deleted = copied(taken(before: horizon - retention))
        let expired = versionsLast.map { copied(taken(before: horizon - retention - $0)) } ?? 0
        // Each backup's retention pass steps over the copies deleted and not yet expired then;
        // summed over at most 10,000 passes, each standing for its share.
        var visits = 0.0
        if manager.versioning, backups > 0 {
            let stride = max(1, (backups / 10_000).rounded(.up))
            var pass = 0.0
            while pass < backups {
                let time = first + pass * spacing
                let expiredThen = versionsLast.map { copied(taken(before: time - retention - $0)) } ?? 0
                visits += stride * (copied(taken(before: time - retention)) - expiredThen)
                pass += stride
            }
        }
        let markers = manager.versioning ? deleted - expired : 0
        return BackupCopies(copies: copies, deletedCopies: deleted, heldVersions: copies - expired + markers, markerVisits: visits)
    }
}
