import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Which file a path names, so that two spellings of one file — `victim.yaml` and
/// `./o/../victim.yaml`, a symbolic link and its target, two hard links — are recognised as the
/// same file before a command writes over what it reads.
///
/// Existing files are compared by device and inode (links followed); a path with nothing there
/// yet by its ``canonicalPath(_:)``.
public struct FileIdentity: Hashable, Sendable {
    /// The device the file lives on.
    public var device: UInt64
    /// The file's inode number on that device.
    public var inode: UInt64

    /// The identity of what `path` names, following symbolic links; nil when nothing is there.
    public init?(path: String) {
        guard !path.isEmpty else { return nil }
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }

    /// Whether `first` and `second` name the same file: by device and inode when both exist,
    /// else by canonical path.
    public static func same(_ first: String, _ second: String) -> Bool {
        if let one = FileIdentity(path: first), let other = FileIdentity(path: second) { return one == other }
        return canonicalPath(first) == canonicalPath(second)
    }

    /// `path` made absolute (against the working directory), without `.` and `..`, with the
    /// symbolic links of its longest existing ancestor resolved: the same for every spelling of a
    /// path that does not exist yet, as long as its existing part is spelled through real
    /// directories or links to them.
    public static func canonicalPath(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var components: [Substring] = []
        for component in absolute.split(separator: "/") {
            switch component {
            case ".": continue
            case "..": if !components.isEmpty { components.removeLast() }
            default: components.append(component)
            }
        }
        // The longest existing ancestor, links resolved, then the components not there yet.
        for existing in stride(from: components.count, through: 1, by: -1) {
            guard let resolved = realpath("/" + components[..<existing].joined(separator: "/"), nil) else { continue }
            defer { free(resolved) }
            let base = String(cString: resolved)
            let rest = components[existing...].joined(separator: "/")
            return rest.isEmpty ? base : (base.hasSuffix("/") ? base : base + "/") + rest
        }
        return "/" + components.joined(separator: "/")
    }

    /// Whether `path` is `directory` or lies below it, both taken as ``canonicalPath(_:)``s.
    public static func isInside(_ path: String, _ directory: String) -> Bool {
        let file = canonicalPath(path)
        let folder = canonicalPath(directory)
        return file == folder || file.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }
}
