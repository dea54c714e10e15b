/// Timestamped backups, their listing, and retention.
extension BackupManager {
    /// Takes a backup now, named after the current virtual time in UTC
    /// (`backups/YYYY-MM-DD-HH-MM-SS/`), of the source as it is at this instant.
    ///
    /// The sync prefix is first made to hold exactly the snapshot (``reconcile(with:)``), then
    /// every file is copied server-side and each copy's ETag checked against the snapshot's MD5;
    /// the manifest is written last, so a backup interrupted at any point has none and is never
    /// listed as complete. A crash of the host stops it after the request in flight: the attempt
    /// fails and its folder is left as an abandoned attempt's.
    ///
    /// Names have one-second resolution: in a second that already has a completed backup this
    /// throws ``BackupError/nameTaken(_:)`` before any request — not an attempt, so neither traced
    /// nor counted among the failed backups.
    @discardableResult
    public func backup() async throws(BackupError) -> BackupRecord {
        let start = simulation.now
        let name = UTCDateTime(virtualNanoseconds: start.nanoseconds, epochUnixSeconds: epochUnixSeconds).backupName
        guard !backups.contains(where: { $0.name == name }) else { throw .nameTaken(name) }
        let incarnation = hostIncarnation
        openWork.backup = OpenWork.Backup(incarnation: incarnation, start: start)
        do {
            let record = try await takeBackup(named: name)
            openWork.backup = nil
            simulation.observeSpan(.backup, client.node.name, "backup", from: start, detail: record.name, outcome: "ok", value: Int64(record.bytes))
            simulation.observeGauge(.backup, client.node.name, "last backup bytes", Double(record.bytes))
            return record
        } catch {
            // Settled at the host's crash (``settleOpenWork()``), counted and traced then.
            guard openWork.backup?.incarnation == incarnation else { throw error }
            openWork.backup = nil
            stats.failedBackups += 1
            simulation.observeSpan(.backup, client.node.name, "backup", from: start, outcome: "failed: \(error)")
            throw error
        }
    }

    private func takeBackup(named name: String) async throws(BackupError) -> BackupRecord {
        let takenAt = simulation.now.nanoseconds
        let incarnation = hostIncarnation
        let snapshot = source
        try await reconcile(with: snapshot, since: incarnation)
        for path in snapshot.paths {
            guard let file = snapshot.files[path] else { continue }
            let request = CopyObjectRequest(sourceBucket: configuration.bucket, sourceKey: configuration.syncPrefix + path,
                                            destinationBucket: configuration.bucket, destinationKey: configuration.backupKey(name, path: path))
            let copy = try await storing(since: incarnation) { () async throws(ObjectStoreClientError) in try await self.client.copyObject(request) }
            guard copy.eTag == file.eTag else { throw .copyMismatch(path: path, expected: file.eTag, found: copy.eTag) }
        }
        let manifest = BackupManifest(snapshot).bytes
        _ = try await storing(since: incarnation) { () async throws(ObjectStoreClientError) in
            try await self.client.putObject(bucket: self.configuration.bucket, key: self.configuration.manifestKey(name), body: manifest)
        }
        let record = BackupRecord(name: name, takenAt: takenAt, completedAt: simulation.now.nanoseconds, source: snapshot)
        backups.append(record)
        stats.backupsCreated += 1
        return record
    }

    /// Every backup folder in the bucket, oldest first, and whether each has its manifest. Throws
    /// when a request fails after retries — the listing, or a folder's manifest check (the checks
    /// stop there): a listing is whole or not given.
    public func listBackups() async throws(BackupError) -> [BackupListing] {
        var listings: [BackupListing] = []
        for folder in try await checkedBackupFolders(stoppingAtAFailedCheck: true) {
            switch folder.manifest {
            case .found: listings.append(BackupListing(name: folder.name, time: folder.time, isComplete: true))
            case .missing: listings.append(BackupListing(name: folder.name, time: folder.time, isComplete: false))
            case .failed(let error): throw .store(error)
            }
        }
        return listings
    }

    /// A backup folder found in the bucket, and what asking for its manifest found.
    struct CheckedFolder {
        /// What one manifest check found.
        enum ManifestCheck {
            case found, missing
            /// The check failed after the client's retries: the manifest may or may not be there.
            case failed(ObjectStoreClientError)
        }

        var name: String
        var time: UTCDateTime
        var manifest: ManifestCheck
    }

    /// Lists the backup folders, oldest first, then asks for each one's manifest; a check that
    /// fails leaves its folder unchecked and, unless `stoppingAtAFailedCheck`, the rest are still
    /// checked. With `stoppingAtAFailedCheck` (a listing, whole or not given) a failed page of the
    /// folder listing throws; else (retention) the folders of the pages before it are checked and
    /// the rest are not known — kept, as a failed check's folder is (``listedBackupFolders()``).
    private func checkedBackupFolders(stoppingAtAFailedCheck: Bool) async throws(BackupError) -> [CheckedFolder] {
        let incarnation = hostIncarnation
        let listed = await listedBackupFolders()
        if let failure = listed.failure, stoppingAtAFailedCheck || listed.prefixes.isEmpty { throw .store(failure) }
        let prefixes = listed.prefixes
        var folders: [CheckedFolder] = []
        for prefix in prefixes {
            let name = String(decoding: prefix.utf8.dropFirst(configuration.backupPrefix.utf8.count).dropLast(), as: UTF8.self)
            guard let time = UTCDateTime(backupName: name) else { continue }
            // A crash ends the checks with the process: the rest are not known.
            guard hostRuns(since: incarnation) else { break }
            do {
                folders.append(CheckedFolder(name: name, time: time, manifest: try await manifestExists(name) ? .found : .missing))
            } catch {
                folders.append(CheckedFolder(name: name, time: time, manifest: .failed(error)))
                if stoppingAtAFailedCheck { break }
            }
        }
        return folders
    }

    /// The backup folders the listing's pages name, page after page (oldest first: the names
    /// are their instants), up to the first page that fails after the client's retries, and that
    /// failure. A page's failure ended the whole retention pass: 2,000 old folders and a failed
    /// second page deleted none of the first page's 1,000. Pages are in name order, so the
    /// folders listed are the oldest; those past the failed page — never seen — stay, to be
    /// judged at the next pass.
    private func listedBackupFolders() async -> (prefixes: [String], failure: ObjectStoreClientError?) {
        var prefixes: [String] = []
        var request = ListObjectsV2Request(prefix: configuration.backupPrefix, delimiter: "/")
        let incarnation = hostIncarnation
        while true {
            let page: ListObjectsV2Output
            do {
                page = try await client.listObjectsV2(bucket: configuration.bucket, request)
            } catch {
                return (prefixes, error)
            }
            prefixes += page.commonPrefixes
            guard page.isTruncated, let token = page.nextContinuationToken, hostRuns(since: incarnation) else { return (prefixes, nil) }
            request.continuationToken = token
        }
    }

    /// Deletes every backup folder older than ``Configuration/retentionDays`` days (complete or
    /// not): its manifest first, so a half-deleted backup is never taken for a complete one, then
    /// its files. Returns the names whose folders it removed.
    ///
    /// A backup is older than N days when, at the start of the pass, more than N × 86,400 s have
    /// passed since its snapshot instant, compared exactly (a folder the manager completed no
    /// backup in — an abandoned attempt's — by the second its name gives). One exactly N days old
    /// is kept.
    ///
    /// A backup whose manifest is gone is no longer a backup: it is counted deleted (and no longer
    /// kept, offered to restores, or "oldest") as soon as its manifest's DELETE is acknowledged,
    /// or a listing finds the manifest gone. Files a failed request left are removed at a later
    /// pass, as an abandoned attempt's folder is, without counting the backup again. A folder with
    /// no completed backup of that name is an abandoned attempt's (even with a manifest, when the
    /// answer to its PUT was lost), counted in ``BackupStats/incompleteBackupsDeleted``.
    ///
    /// A folder whose manifest check failed (after the client's retries) is kept and judged again
    /// at the next pass, counted in ``BackupStats/foldersKeptUnchecked`` when it was old enough
    /// to go; the other folders are judged as usual. So one failed request under a partial storm
    /// costs that folder's deletion, not the pass — as restic's `forget`/`prune` skip what they
    /// cannot read and never remove a snapshot they could not verify. (The pass gave up at the
    /// first failed check, so under a storm the abandoned attempts' folders piled up.) A page of
    /// the folder listing that fails ends the listing there: the folders of the pages before it
    /// are judged, those after it kept (``listedBackupFolders()``); only a failed first page
    /// leaves a pass nothing to delete.
    ///
    /// With `sparingNewest` (the manager's own passes), the newest backup still kept is kept
    /// whatever its age: after a backup completes it is that backup, minutes old, and while
    /// backups fail for longer than the retention it is the last good one — as restic's
    /// `--keep-within` counts from the latest snapshot and `borg prune` keeps the latest
    /// checkpoint, a failing backup never costs the last restorable copy.
    @discardableResult
    public func applyRetention(sparingNewest: Bool = false) async -> [String] {
        let now = simulation.now.nanoseconds
        let retention = Int64(configuration.retentionDays) * 86_400 * 1_000_000_000
        let incarnation = hostIncarnation
        guard let folders = try? await checkedBackupFolders(stoppingAtAFailedCheck: false) else { return [] }
        let newest = sparingNewest ? backups.last { $0.deletedAt == nil }?.name : nil
        var deleted: [String] = []
        var unchecked: [String] = []
        for folder in folders where folder.name != newest {
            let record = backups.firstIndex { $0.name == folder.name }
            let takenAt = record.map { backups[$0].takenAt } ?? (folder.time.unixSeconds - epochUnixSeconds) * 1_000_000_000
            guard now - takenAt > retention else { continue }
            if case .failed = folder.manifest {
                unchecked.append(folder.name)
                continue
            }
            // A crash ends the pass with the process: it deletes nothing more (its requests
            // would go out as the next process's).
            guard hostRuns(since: incarnation) else { break }
            if let record, case .missing = folder.manifest { retire(record) }
            do {
                try await client.deleteObject(bucket: configuration.bucket, key: configuration.manifestKey(folder.name))
                guard hostRuns(since: incarnation) else { break }
                if let record { retire(record) }
                let objects = try await client.listAllObjects(bucket: configuration.bucket, prefix: configuration.backupFolder(folder.name))
                for object in objects {
                    guard hostRuns(since: incarnation) else { break }
                    try await client.deleteObject(bucket: configuration.bucket, key: object.key)
                }
                guard hostRuns(since: incarnation) else { break }
            } catch {
                continue
            }
            deleted.append(folder.name)
            if record == nil { stats.incompleteBackupsDeleted += 1 }
        }
        if !unchecked.isEmpty {
            stats.foldersKeptUnchecked += unchecked.count
            simulation.observeInstant(.backup, client.node.name, "retention kept unchecked",
                                      detail: unchecked.count == 1 ? unchecked[0] : "\(unchecked.count) folders, \(unchecked[0]) first",
                                      value: Int64(unchecked.count))
        }
        return deleted
    }

    /// Marks the backup at `index` deleted, once: its manifest is gone.
    private func retire(_ index: Int) {
        guard backups[index].deletedAt == nil else { return }
        backups[index].deletedAt = simulation.now.nanoseconds
        stats.backupsDeleted += 1
    }

    /// Runs one store request of a backup, reporting its failure as a backup error, and stops
    /// the backup once the host has crashed since `incarnation` (its process, and the manager
    /// with it, is gone: the request in flight was the last).
    func storing<Output>(since incarnation: UInt64, _ request: () async throws(ObjectStoreClientError) -> Output) async throws(BackupError) -> Output {
        let output: Output
        do {
            output = try await request()
        } catch {
            throw hostRuns(since: incarnation) ? .store(error) : .hostCrashed
        }
        guard hostRuns(since: incarnation) else { throw .hostCrashed }
        return output
    }

    /// Whether backup `name` has its manifest: a one-key listing rather than a HEAD, so checking
    /// an incomplete backup is an empty answer, not a 404 counted as a failed request.
    private func manifestExists(_ name: String) async throws(ObjectStoreClientError) -> Bool {
        let key = configuration.manifestKey(name)
        let page = try await client.listObjectsV2(bucket: configuration.bucket, ListObjectsV2Request(prefix: key, maxKeys: 1))
        return page.contents.first.map { S3ObjectKey($0.key) } == S3ObjectKey(key)
    }
}
