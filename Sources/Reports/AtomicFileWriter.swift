import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file so that readers see either the old contents or the new, never a mixture.
///
/// The bytes go to a uniquely named temporary file in the destination's own directory (a
/// rename is only atomic within one file system), which is then renamed over the destination.
/// If any step fails the temporary file is removed and the destination is left as it was, so a
/// crash or a full disk never leaves a half-written report in `results/`.
///
/// ```swift
/// try AtomicFileWriter.write("# A-1\n", to: URL(fileURLWithPath: "results/a1/report.md"))
/// ```
public enum AtomicFileWriter {
    /// Writes `data` to `destination` atomically, creating missing parent directories.
    ///
    /// - Parameters:
    ///   - data: the complete new contents.
    ///   - destination: a file URL; an existing file there is replaced (through any symbolic
    ///     links to it), an existing directory makes the write fail, and an existing device, pipe
    ///     or socket is written into, not replaced.
    ///   - synchronize: whether to `fsync` the file and its directory before returning, for
    ///     durability across power loss; reports can be regenerated, so it is off by default.
    /// - Throws: ``ReportWriteError/fileSystem(operation:path:code:)`` naming the failed step.
    public static func write(_ data: Data, to destination: URL, synchronize: Bool = false) throws(ReportWriteError) {
        var path = destination.path
        var directoryURL = destination.deletingLastPathComponent()
        switch existingKind(of: path) {
        case .none:
            break
        case .regularFile(let resolved):
            // A link to a file stays a link: the file it points to is replaced.
            path = resolved
            directoryURL = URL(fileURLWithPath: resolved).deletingLastPathComponent()
        case .other:
            // A device, a pipe or a socket (`/dev/stdout`, `/dev/null`, a named pipe) is written
            // into: renaming over it would put a file where the device was.
            return try writeInPlace(data, to: path)
        }
        let directory = directoryURL.path
        try createDirectories(directoryURL)

        // A random name keeps concurrent writers apart; O_EXCL turns the unlikely clash into an
        // error instead of two writers sharing one temporary file.
        let temporary = directoryURL.appendingPathComponent(".orrery-write-\(UUID().uuidString).tmp").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .fileSystem(operation: "create", path: temporary, code: errno)
        }
        var failure = writeAll(data, to: descriptor).map { ReportWriteError.fileSystem(operation: "write", path: temporary, code: $0) }
        if failure == nil, synchronize, fsync(descriptor) != 0 {
            failure = .fileSystem(operation: "synchronize", path: temporary, code: errno)
        }
        if close(descriptor) != 0, failure == nil {
            failure = .fileSystem(operation: "close", path: temporary, code: errno)
        }
        if failure == nil, rename(temporary, path) != 0 {
            failure = .fileSystem(operation: "replace", path: path, code: errno)
        }
        if let failure {
            unlink(temporary)
            throw failure
        }
        if synchronize {
            try synchronizeDirectory(directory)
        }
    }

    /// Writes `text` as UTF-8 to `destination` atomically, exactly as the `Data` overload does.
    public static func write(_ text: String, to destination: URL, synchronize: Bool = false) throws(ReportWriteError) {
        try write(Data(text.utf8), to: destination, synchronize: synchronize)
    }

    /// What is at a destination already, following symbolic links.
    private enum ExistingKind {
        /// A regular file, at this path with every link resolved.
        case regularFile(String)
        /// A directory, a device, a pipe or a socket.
        case other
    }

    /// What `path` names, or nil when nothing (or a dangling link) is there.
    private static func existingKind(of path: String) -> ExistingKind? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        guard status.st_mode & S_IFMT == S_IFREG else { return status.st_mode & S_IFMT == S_IFDIR ? nil : .other }
        guard let resolved = realpath(path, nil) else { return .regularFile(path) }
        defer { free(resolved) }
        return .regularFile(String(cString: resolved))
    }

    /// Writes `data` into the device, pipe or socket at `path`: all of it, or an error naming the
    /// step that failed (`/dev/full` refuses with "No space left on device").
    private static func writeInPlace(_ data: Data, to path: String) throws(ReportWriteError) {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .fileSystem(operation: "open", path: path, code: errno) }
        if let code = writeAll(data, to: descriptor) {
            close(descriptor)
            throw .fileSystem(operation: "write", path: path, code: code)
        }
        guard close(descriptor) == 0 else { throw .fileSystem(operation: "close", path: path, code: errno) }
    }

    /// Creates the directory at `url` and any missing ancestors, like `mkdir -p`, reporting
    /// failures as errno values rather than Foundation errors so that the caller sees which
    /// directory failed.
    static func createDirectories(_ url: URL) throws(ReportWriteError) {
        let path = url.path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw .fileSystem(operation: "create directory", path: path, code: ENOTDIR)
            }
            return
        }
        // The recursion ends at the latest at "/", which always exists.
        try createDirectories(url.deletingLastPathComponent())
        // Another writer may create the directory between the check and here; that is success.
        guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
            throw .fileSystem(operation: "create directory", path: path, code: errno)
        }
    }

    /// Writes every byte, retrying short writes and interrupted calls; returns the errno of a
    /// failed write, or nil.
    private static func writeAll(_ data: Data, to descriptor: Int32) -> Int32? {
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> Int32? in
            guard let base = buffer.baseAddress else { return nil }
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
    }

    /// Makes the rename itself durable: without syncing the directory, a power loss can undo it.
    private static func synchronizeDirectory(_ directory: String) throws(ReportWriteError) {
        let descriptor = open(directory, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .fileSystem(operation: "open directory", path: directory, code: errno)
        }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else {
            throw .fileSystem(operation: "synchronize directory", path: directory, code: errno)
        }
    }

    /// The C library's `write(2)`, spelled out because this type's own `write` shadows it.
    private static func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
        #elseif canImport(Musl)
        Musl.write(descriptor, bytes, count)
        #else
        Darwin.write(descriptor, bytes, count)
        #endif
    }
}
