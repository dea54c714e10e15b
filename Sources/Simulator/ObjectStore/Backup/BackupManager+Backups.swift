/// Timestamped backups, their listing, and retention.
extension BackupManager {
    /// Takes a backup now, named after the current virtual time in UTC
    /// (`backups/YYYY-MM-DD-HH-MM-SS/`), of the source as it is at this instant.
    ///
    /// The sync prefix is first made to hold exactly the snapshot (``reconcile(with:)``), then
    /// every file is copied server-side and each copy's ETag checked against the snapshot's MD5;
    /// the manifest is written last, so a backup interrupted at any point has none and is never
    /// listed as complete.
    @discardableResult
    public func backup() async throws(BackupError) -> BackupRecord {
        let start = simulation.now
        do {
            let record = try await takeBackup()
            simulation.observeSpan(.backup, client.node.name, "backup", from: start, detail: record.name, outcome: "ok", value: Int64(record.bytes))
            simulation.observeGauge(.backup, client.node.name, "last backup bytes", Double(record.bytes))
            return record
        } catch {
            simulation.observeSpan(.backup, client.node.name, "backup", from: start, outcome: "failed: \(error)")
            throw error
        }
    }

    private func takeBackup() async throws(BackupError) -> BackupRecord {
        let takenAt = simulation.now.nanoseconds
        let name = UTCDateTime(virtualNanoseconds: takenAt, epochUnixSeconds: epochUnixSeconds).backupName
        guard !backups.contains(where: { $0.name == name }) else { throw .nameTaken(name) }
        let snapshot = source
        do throws(BackupError) {
            try await storing { () async throws(ObjectStoreClientError) in try await self.reconcile(with: snapshot) }
            for path in snapshot.paths {
                guard let file = snapshot.files[path] else { continue }
                let request = CopyObjectRequest(sourceBucket: configuration.bucket, sourceKey: configuration.syncPrefix + path,
                                                destinationBucket: configuration.bucket, destinationKey: configuration.backupKey(name, path: path))
                let copy = try await storing { () async throws(ObjectStoreClientError) in try await self.client.copyObject(request) }
                guard copy.eTag == file.eTag else { throw .copyMismatch(path: path, expected: file.eTag, found: copy.eTag) }
            }
            let manifest = BackupManifest(snapshot).bytes
            _ = try await storing { () async throws(ObjectStoreClientError) in
                try await self.client.putObject(bucket: self.configuration.bucket, key: self.configuration.manifestKey(name), body: manifest)
            }
        } catch {
            stats.failedBackups += 1
            throw error
        }
        let record = BackupRecord(name: name, takenAt: takenAt, completedAt: simulation.now.nanoseconds, source: snapshot)
        backups.append(record)
        stats.backupsCreated += 1
        return record
    }

    /// Every backup folder in the bucket, oldest first, and whether each has its manifest.
    public func listBackups() async throws(BackupError) -> [BackupListing] {
        var listings: [BackupListing] = []
        do {
            let folders = try await client.listAllCommonPrefixes(bucket: configuration.bucket, prefix: configuration.backupPrefix)
            for folder in folders {
                let name = String(decoding: folder.utf8.dropFirst(configuration.backupPrefix.utf8.count).dropLast(), as: UTF8.self)
                guard let time = UTCDateTime(backupName: name) else { continue }
                listings.append(BackupListing(name: name, time: time, isComplete: try await manifestExists(name)))
            }
        } catch {
            throw .store(error)
        }
        return listings
    }

    /// Deletes every backup older than ``Configuration/retentionDays`` days (complete or not):
    /// its manifest first, so a half-deleted backup is never taken for a complete one, then its
    /// files. Returns the names deleted; a backup whose deletion fails is left for the next run.
    @discardableResult
    public func applyRetention() async -> [String] {
        let now = simulation.now.nanoseconds
        let cutoff = epochUnixSeconds + now / 1_000_000_000 - Int64(configuration.retentionDays) * 86_400
        guard let listings = try? await listBackups() else { return [] }
        var deleted: [String] = []
        for listing in listings where listing.time.unixSeconds < cutoff {
            do {
                try await client.deleteObject(bucket: configuration.bucket, key: configuration.manifestKey(listing.name))
                for object in try await client.listAllObjects(bucket: configuration.bucket, prefix: configuration.backupFolder(listing.name)) {
                    try await client.deleteObject(bucket: configuration.bucket, key: object.key)
                }
            } catch {
                continue
            }
            deleted.append(listing.name)
            if listing.isComplete { stats.backupsDeleted += 1 } else { stats.incompleteBackupsDeleted += 1 }
            if let index = backups.firstIndex(where: { $0.name == listing.name }) {
                backups[index].deletedAt = simulation.now.nanoseconds
            }
        }
        return deleted
    }

    /// Runs a store request, reporting its failure as a backup error.
    private func storing<Output>(_ request: () async throws(ObjectStoreClientError) -> Output) async throws(BackupError) -> Output {
        do {
            return try await request()
        } catch {
            throw .store(error)
        }
    }

    /// Whether backup `name` has its manifest: a one-key listing rather than a HEAD, so checking
    /// an incomplete backup is an empty answer, not a 404 counted as a failed request.
    private func manifestExists(_ name: String) async throws(ObjectStoreClientError) -> Bool {
        let key = configuration.manifestKey(name)
        let page = try await client.listObjectsV2(bucket: configuration.bucket, ListObjectsV2Request(prefix: key, maxKeys: 1))
        return page.contents.first?.key == key
    }
}
