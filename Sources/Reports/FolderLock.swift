import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One writer's exclusive hold on a report folder, from its first staged file to its commit (a
/// sweep's directory: from its first world to its last), so that two processes writing the same
/// folder — two runs of one scenario into one `--out`, two sweeps of one file — never mix their
/// files: the second waits for the first to finish, at most ``patience``, and is refused after.
///
/// It is `flock(2)` on the directory itself, which the kernel lets go when the process ends
/// however it ends, so a killed writer leaves no lock behind; and while it is held, the hidden
/// `.orrery-…` temporaries a killed writer left in the folder can be told from a write under way
/// and removed (``AtomicFileSet``). A file system without `flock` (some network file systems)
/// gives no hold and no refusal: the write goes on as it did before the lock.
///
/// Holds nest on one thread: the set a sweep commits with takes the folder its directory holds
/// already. Two threads of one process wait for each other as two processes do.
public final class FolderLock {
    /// How long a writer waits for another to let go of a folder before it is refused: a commit
    /// takes milliseconds, so a wait this long means a sweep (or a stopped process) holds it.
    public static let patience: Duration = .seconds(10)

    /// The directory, as it was named.
    public let path: String
    private let identity: FileIdentity

    /// One folder held by this process: its descriptor (nil where the file system has no
    /// `flock`), the thread holding it and how many holds it has.
    private struct Held: @unchecked Sendable {
        var descriptor: Int32?
        var owner: pthread_t
        var holds: Int
    }

    private static let held = Mutex<[FileIdentity: Held]>([:])

    /// Takes the folder at `directory`, which must exist, waiting at most `patience` for a
    /// writer that holds it.
    ///
    /// - Throws: ``ReportWriteError/folderBusy(path:patience:)`` when it is still held after
    ///   `patience`; ``ReportWriteError/fileSystem(operation:path:code:)`` when it cannot be opened.
    public init(_ directory: String, patience: Duration = FolderLock.patience) throws(ReportWriteError) {
        path = directory
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .fileSystem(operation: "lock", path: directory, code: errno) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            throw .fileSystem(operation: "lock", path: directory, code: code)
        }
        identity = FileIdentity(status: status)
        let key = identity
        let this = pthread_self()
        let nested = Self.held.withLock { table -> Bool in
            guard var entry = table[key], pthread_equal(entry.owner, this) != 0 else { return false }
            entry.holds += 1
            table[key] = entry
            return true
        }
        if nested {
            close(descriptor)
            return
        }
        let deadline = ContinuousClock.now + patience
        var locked: Int32? = descriptor
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            guard code == EWOULDBLOCK else {
                // No `flock` here: no hold, and no refusal either.
                close(descriptor)
                locked = nil
                break
            }
            guard ContinuousClock.now < deadline else {
                close(descriptor)
                throw .folderBusy(path: directory, patience: patience)
            }
            usleep(20_000)
        }
        Self.held.withLock { table in
            if var entry = table[key] {
                // Another thread of this process let go while this one waited: a hold of its own.
                entry.holds += 1
                table[key] = entry
                if let locked { close(locked) }
            } else {
                table[key] = Held(descriptor: locked, owner: this, holds: 1)
            }
        }
    }

    deinit {
        let key = identity
        Self.held.withLock { table in
            guard var entry = table[key] else { return }
            entry.holds -= 1
            if entry.holds > 0 {
                table[key] = entry
                return
            }
            table[key] = nil
            // Closing the last descriptor lets go of the `flock`.
            if let descriptor = entry.descriptor { close(descriptor) }
        }
    }
}

extension FileIdentity {
    /// The identity of the file `status` describes.
    init(status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }
}
