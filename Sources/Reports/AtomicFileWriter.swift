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
/// If any step fails the temporary file (and any directory made for it) is removed and the
/// destination is left as it was, so a crash or a full disk never leaves a half-written report in
/// `results/`. It is an ``AtomicFileSet`` of one file; use a set to write several all or nothing.
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
        let file = AtomicFileSet()
        try file.stage(data, at: destination)
        try file.commit(synchronize: synchronize)
    }

    /// Writes `text` as UTF-8 to `destination` atomically, exactly as the `Data` overload does.
    public static func write(_ text: String, to destination: URL, synchronize: Bool = false) throws(ReportWriteError) {
        try write(Data(text.utf8), to: destination, synchronize: synchronize)
    }

    /// What is at a destination already, following symbolic links.
    enum ExistingKind {
        /// A regular file, at this path with every link resolved.
        case regularFile(String)
        /// A directory, a device, a pipe or a socket.
        case other
    }

    /// What `path` names, or nil when nothing (or a dangling link) is there.
    static func existingKind(of path: String) -> ExistingKind? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        guard status.st_mode & S_IFMT == S_IFREG else { return status.st_mode & S_IFMT == S_IFDIR ? nil : .other }
        guard let resolved = realpath(path, nil) else { return .regularFile(path) }
        defer { free(resolved) }
        return .regularFile(String(cString: resolved))
    }

    /// Writes `data` into the device, pipe or socket at `path`: all of it, or an error naming the
    /// step that failed (`/dev/full` refuses with "No space left on device").
    static func writeInPlace(_ data: Data, to path: String) throws(ReportWriteError) {
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
    ///
    /// - Returns: the directories this call made, outermost first, so that a caller that gives up
    ///   can remove them again.
    @discardableResult
    public static func createDirectories(_ url: URL) throws(ReportWriteError) -> [String] {
        // Canonical first: Foundation takes the last component off `a/..` by adding another `..`,
        // and the recursion below never reached "/".
        let canonical = FileIdentity.canonicalPath(url.path)
        guard canonical == url.path else { return try createDirectories(URL(fileURLWithPath: canonical)) }
        let path = url.path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw .fileSystem(operation: "create directory", path: path, code: ENOTDIR)
            }
            return []
        }
        // The recursion ends at the latest at "/", which always exists.
        var created = try createDirectories(url.deletingLastPathComponent())
        // Another writer may create the directory between the check and here; that is success.
        if mkdir(path, 0o755) == 0 {
            created.append(path)
        } else if errno != EEXIST {
            let code = errno
            for directory in created.reversed() { rmdir(directory) }
            throw .fileSystem(operation: "create directory", path: path, code: code)
        }
        return created
    }

    /// Writes every byte to an open file, retrying short writes and interrupted calls; returns
    /// the errno of a failed write (`ENOSPC` for a full disk), or nil.
    public static func writeAll(_ data: Data, to descriptor: Int32) -> Int32? {
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
    static func synchronizeDirectory(_ directory: String) throws(ReportWriteError) {
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
