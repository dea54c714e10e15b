/// Restoring a backup into a fresh source directory.
extension BackupManager {
    /// Reads backup `name` back: its manifest, then every file, each checked against the
    /// manifest's MD5 and size. The result is a new directory; the live source is not touched.
    public func restore(_ name: String) async throws(BackupError) -> SourceDirectory {
        let start = simulation.now
        do {
            let restored = try await read(name)
            stats.restores += 1
            simulation.observeSpan(.backup, client.node.name, "restore", from: start, detail: name, outcome: "ok", value: Int64(restored.totalBytes))
            return restored
        } catch {
            stats.failedRestores += 1
            simulation.observeSpan(.backup, client.node.name, "restore", from: start, detail: name, outcome: "failed: \(error)")
            throw error
        }
    }

    private func read(_ name: String) async throws(BackupError) -> SourceDirectory {
        let manifestBytes: [UInt8]
        do {
            manifestBytes = try await client.getObject(bucket: configuration.bucket, key: configuration.manifestKey(name)).body
        } catch let error where error.code == .noSuchKey {
            throw .incomplete(name)
        } catch {
            throw .store(error)
        }
        guard let manifest = BackupManifest(bytes: manifestBytes) else { throw .malformedManifest(name) }
        var restored = SourceDirectory()
        for entry in manifest.entries {
            let output: GetObjectOutput
            do {
                output = try await client.getObject(bucket: configuration.bucket, key: configuration.backupKey(name, path: entry.path))
            } catch {
                throw .store(error)
            }
            let file = SourceDirectory.File(output.body)
            guard file.eTag == entry.eTag, output.body.count == entry.size else { throw .corrupt(path: entry.path) }
            restored.write(output.body, to: entry.path)
        }
        return restored
    }
}
