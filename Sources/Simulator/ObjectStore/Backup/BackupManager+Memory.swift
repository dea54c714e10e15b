/// What a process of the manager knows, and what a restarted one starts from.
extension BackupManager {
    /// Drops what the crashed process had in memory, as a restarted backup program (rclone,
    /// restic, an S3 sync job) has lost it: which paths changed since they reached the store
    /// (``pending``), and its view of the bucket
    /// (``remote``). Called as a restarted process begins; its first sync lists the sync prefix
    /// again (``relearnSyncPrefix(since:)``) before it carries anything.
    ///
    /// Without this the new process carried on from the dead one's memory: the paths a crashed
    /// sync had not done were handed to it, so a path whose upload the crash cut short was
    /// uploaded again although the store had applied it, and the changes made while the host
    /// was down were known to a process that never saw them. What carries
    /// over is what is durable: the bucket, the source directory (the application's files on
    /// disk), and the ``Program`` (schedule and setup).
    func forgetWhatTheCrashedProcessKnew() {
        pending.removeAll()
        remote.removeAll()
    }

    /// Learns the sync prefix from the bucket, as a restarted process must: lists it in full,
    /// notes each object's ETag and size, and makes every path pending that the source or the
    /// bucket has — the next sync compares each file's MD5 with the listed ETag (rclone's full
    /// comparison), uploading what differs and deleting what the source no longer has.
    ///
    /// - Throws: ``BackupError/hostCrashed`` once the host has crashed since `incarnation`; the
    ///   store's error when a page fails after retries (nothing is learnt then: the next sync lists
    ///   again).
    func relearnSyncPrefix(since incarnation: UInt64) async throws(BackupError) {
        let listed = try await listSyncPrefix(since: incarnation)
        remote.removeAll()
        for object in listed {
            let path = S3ObjectKey(syncedPath(of: object.key))
            remote[path] = .stored(eTag: object.eTag, size: object.size)
            pending.insert(path)
        }
        for path in source.paths { pending.insert(S3ObjectKey(path)) }
    }
}
