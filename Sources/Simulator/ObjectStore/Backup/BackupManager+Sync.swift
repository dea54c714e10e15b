/// The periodic incremental sync, and the full reconciliation a backup starts with.
extension BackupManager {
    /// Carries every pending change to the store: a file whose MD5 differs from the ETag stored
    /// for it is uploaded, a file gone from the source is deleted from the bucket. Paths whose
    /// request fails (after retries) stay pending for the next sync. A crash of the host stops the
    /// sync there (it has failed); the process after it lists the sync prefix and compares every
    /// file (``relearnSyncPrefix(since:)``), which finds what the dead process had not done. Every sync is one span of
    /// the trace, one with nothing to carry included: each is a sync ``BackupStats/syncs`` counts.
    @discardableResult
    public func sync() async -> SyncReport {
        let start = simulation.now
        guard let report = await carryPendingChanges() else {
            // The host's crash ended it, and counted and traced it then (``settleOpenWork()``).
            return SyncReport(interrupted: true)
        }
        traceSync(report, from: start)
        return report
    }

    /// Carries the pending changes; nil when the host's crash settled the sync (its process is
    /// gone, and it was counted at the crash).
    private func carryPendingChanges() async -> SyncReport? {
        let snapshot = source
        let paths = pending.sorted()
        pending.removeAll()
        var report = SyncReport()
        let incarnation = hostIncarnation
        openWork.sync = OpenWork.Sync(incarnation: incarnation, start: simulation.now, sourceBytes: snapshot.totalBytes)
        for (index, pathKey) in paths.enumerated() {
            // A crash ends the sync with the manager's process (settled at the crash when the
            // manager runs as its host's program; else what it had not done stays pending).
            guard hostRuns(since: incarnation) else {
                guard openWork.sync?.incarnation == incarnation else { return nil }
                pending.formUnion(paths[index...])
                report.interrupted = true
                break
            }
            let path = pathKey.string
            let key = configuration.syncPrefix + path
            let known = remote[pathKey]
            do {
                if let file = snapshot.files[path] {
                    if known == .stored(eTag: file.eTag, size: file.bytes.count) {
                        stats.filesUnchanged += 1
                        continue
                    }
                    try await upload(file, path: path, key: key, since: incarnation)
                    guard openWork.sync?.incarnation == incarnation else { return nil }
                    report.uploaded.append(path)
                    report.bytesUploaded += file.bytes.count
                } else if known != nil {
                    try await remove(path: path, key: key, since: incarnation)
                    guard openWork.sync?.incarnation == incarnation else { return nil }
                    report.deleted.append(path)
                }
            } catch {
                guard openWork.sync?.incarnation == incarnation else { return nil }
                pending.insert(pathKey)
                report.failed.append(path)
            }
            openWork.sync?.report = report
        }
        guard openWork.sync?.incarnation == incarnation else { return nil }
        openWork.sync = nil
        if !hostRuns(since: incarnation) { report.interrupted = true }
        count(report, sourceBytes: snapshot.totalBytes)
        return report
    }

    /// Makes the sync prefix hold exactly `snapshot`: lists it in full (catching anything a lost
    /// answer left behind), uploads what differs by ETag and deletes what the snapshot lacks.
    /// Stops, as the backup it starts does, once the host has crashed since `incarnation`.
    func reconcile(with snapshot: SourceDirectory, since incarnation: UInt64) async throws(BackupError) {
        let listed = try await listSyncPrefix(since: incarnation)
        var stored: [S3ObjectKey: ListedObject] = [:]
        for object in listed { stored[S3ObjectKey(syncedPath(of: object.key))] = object }
        for path in snapshot.paths {
            guard let file = snapshot.files[path] else { continue }
            if let object = stored[S3ObjectKey(path)], object.eTag == file.eTag {
                remote[S3ObjectKey(path)] = .stored(eTag: object.eTag, size: object.size)
            } else {
                try await storing(since: incarnation) { () async throws(ObjectStoreClientError) in
                    try await self.upload(file, path: path, key: self.configuration.syncPrefix + path, since: incarnation)
                }
                stats.filesUploaded += 1
                stats.bytesUploaded += file.bytes.count
            }
        }
        for object in listed where snapshot.files[syncedPath(of: object.key)] == nil {
            try await storing(since: incarnation) { () async throws(ObjectStoreClientError) in
                try await self.remove(path: self.syncedPath(of: object.key), key: object.key, since: incarnation)
            }
            stats.filesDeleted += 1
        }
    }

    /// Every object under the sync prefix, page after page, as a request of the process that
    /// had `incarnation` (``storing(since:_:)``).
    func listSyncPrefix(since incarnation: UInt64) async throws(BackupError) -> [ListedObject] {
        try await storing(since: incarnation) { () async throws(ObjectStoreClientError) in
            try await self.client.listAllObjects(bucket: self.configuration.bucket, prefix: self.configuration.syncPrefix)
        }
    }

    /// The source path an object under the sync prefix mirrors.
    func syncedPath(of key: String) -> String {
        String(decoding: key.utf8.dropFirst(configuration.syncPrefix.utf8.count), as: UTF8.self)
    }

    /// Uploads `file`, noting what the store holds — unless the host has crashed since
    /// `incarnation`: a process that is gone records nothing (a later one may have synced the path).
    private func upload(_ file: SourceDirectory.File, path: String, key: String, since incarnation: UInt64) async throws(ObjectStoreClientError) {
        do {
            let output = try await client.putObject(bucket: configuration.bucket, key: key, body: file.bytes)
            if hostRuns(since: incarnation) { remote[S3ObjectKey(path)] = .stored(eTag: output.eTag, size: file.bytes.count) }
        } catch {
            if hostRuns(since: incarnation) { remote[S3ObjectKey(path)] = .unknown }
            throw error
        }
    }

    /// Deletes the object of `path`, as ``upload(_:path:key:since:)`` uploads.
    private func remove(path: String, key: String, since incarnation: UInt64) async throws(ObjectStoreClientError) {
        do {
            try await client.deleteObject(bucket: configuration.bucket, key: key)
            if hostRuns(since: incarnation) { remote[S3ObjectKey(path)] = nil }
        } catch {
            if hostRuns(since: incarnation) { remote[S3ObjectKey(path)] = .unknown }
            throw error
        }
    }
}
