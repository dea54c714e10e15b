/// Why a backup, a restore or a listing failed.
public enum BackupError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A request failed for good (after the client's retries).
    case store(ObjectStoreClientError)
    /// A backup with this name exists already (two backups within one second): not attempted.
    case nameTaken(String)
    /// A copied object's ETag differs from the snapshot's MD5: the synced object changed under
    /// the backup, so the backup is abandoned rather than stored wrong.
    case copyMismatch(path: String, expected: String, found: String)
    /// The backup has no manifest (it never completed, or retention is deleting it).
    case incomplete(String)
    /// The manifest could not be read.
    case malformedManifest(String)
    /// A restored file's bytes do not match the manifest's MD5 or size.
    case corrupt(path: String)
    /// The manager's host crashed (or restarted) during the backup: its process, and the
    /// backup with it, stopped after the request in flight.
    case hostCrashed

    public var description: String {
        switch self {
        case .store(let error): "store: \(error)"
        case .nameTaken(let name): "a backup named \(name) exists already"
        case .copyMismatch(let path, let expected, let found): "copy of \(path) has ETag \(found), expected \(expected)"
        case .incomplete(let name): "backup \(name) has no manifest"
        case .malformedManifest(let name): "the manifest of backup \(name) is malformed"
        case .corrupt(let path): "restored \(path) does not match its manifest"
        case .hostCrashed: "the host crashed"
        }
    }
}
