/// The periodic incremental sync, and the full reconciliation a backup starts with.
extension BackupManager {
    /// Carries every pending change to the store: a file whose MD5 differs from the ETag stored
    /// for it is uploaded, a file gone from the source is deleted from the bucket. Paths whose
    /// request fails (after retries) stay pending for the next sync, and so does every path not
    /// reached when the host crashes (the sync stops there, and has failed). Every sync is one span of
    /// the trace, one with nothing to carry included: each is a sync ``BackupStats/syncs`` counts.
    @discardableResult
    public func sync() async -> SyncReport {
        let start = simulation.now
        let report = await carryPendingChanges()
        simulation.observeSpan(.backup, client.node.name, "sync", from: start,
                               detail: "\(report.uploaded.count) uploaded, \(report.deleted.count) deleted, \(report.failed.count) failed"
                                   + (report.interrupted ? ", host crashed" : ""),
                               outcome: report.succeeded ? "ok" : "incomplete", value: Int64(report.bytesUploaded))
        return report
    }

    private func carryPendingChanges() async -> SyncReport {
        let snapshot = source
        let paths = pending.sorted()
        pending.removeAll()
        var report = SyncReport()
        let incarnation = hostIncarnation
        for (index, pathKey) in paths.enumerated() {
            // A crash ends the sync with the manager's process: what it had not done stays pending.
            guard hostRuns(since: incarnation) else {
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
                    try await upload(file, path: path, key: key)
                    report.uploaded.append(path)
                    report.bytesUploaded += file.bytes.count
                } else if known != nil {
                    try await remove(path: path, key: key)
                    report.deleted.append(path)
                }
            } catch {
                pending.insert(pathKey)
                report.failed.append(path)
            }
        }
        if !hostRuns(since: incarnation) { report.interrupted = true }
        stats.syncs += 1
        stats.sourceBytesAtSyncs += snapshot.totalBytes
        stats.filesUploaded += report.uploaded.count
        stats.filesDeleted += report.deleted.count
        stats.bytesUploaded += report.bytesUploaded
        if report.succeeded { stats.lastSyncAt = simulation.now.nanoseconds } else { stats.failedSyncs += 1 }
        return report
    }

    /// Makes the sync prefix hold exactly `snapshot`: lists it in full (catching anything a lost
    /// answer left behind), uploads what differs by ETag and deletes what the snapshot lacks.
    /// Stops, as the backup it starts does, once the host has crashed since `incarnation`.
    func reconcile(with snapshot: SourceDirectory, since incarnation: UInt64) async throws(BackupError) {
        let listed = try await storing(since: incarnation) { () async throws(ObjectStoreClientError) in
            try await self.client.listAllObjects(bucket: self.configuration.bucket, prefix: self.configuration.syncPrefix)
        }
        var stored: [S3ObjectKey: ListedObject] = [:]
        for object in listed { stored[S3ObjectKey(syncedPath(of: object.key))] = object }
        for path in snapshot.paths {
            guard let file = snapshot.files[path] else { continue }
            if let object = stored[S3ObjectKey(path)], object.eTag == file.eTag {
                remote[S3ObjectKey(path)] = .stored(eTag: object.eTag, size: object.size)
            } else {
                try await storing(since: incarnation) { () async throws(ObjectStoreClientError) in
                    try await self.upload(file, path: path, key: self.configuration.syncPrefix + path)
                }
                stats.filesUploaded += 1
                stats.bytesUploaded += file.bytes.count
            }
        }
        for object in listed where snapshot.files[syncedPath(of: object.key)] == nil {
            try await storing(since: incarnation) { () async throws(ObjectStoreClientError) in
                try await self.remove(path: self.syncedPath(of: object.key), key: object.key)
            }
            stats.filesDeleted += 1
        }
    }

    /// The source path an object under the sync prefix mirrors.
    private func syncedPath(of key: String) -> String {
        String(decoding: key.utf8.dropFirst(configuration.syncPrefix.utf8.count), as: UTF8.self)
    }

    private func upload(_ file: SourceDirectory.File, path: String, key: String) async throws(ObjectStoreClientError) {
        do {
            let output = try await client.putObject(bucket: configuration.bucket, key: key, body: file.bytes)
            remote[S3ObjectKey(path)] = .stored(eTag: output.eTag, size: file.bytes.count)
        } catch {
            remote[S3ObjectKey(path)] = .unknown
            throw error
        }
    }

    private func remove(path: String, key: String) async throws(ObjectStoreClientError) {
        do {
            try await client.deleteObject(bucket: configuration.bucket, key: key)
            remote[S3ObjectKey(path)] = nil
        } catch {
            remote[S3ObjectKey(path)] = .unknown
            throw error
        }
    }
}
