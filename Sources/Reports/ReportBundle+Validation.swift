import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension ReportBundle {
    /// The longest file-name component most file systems accept, in UTF-8 bytes.
    private static let maximumComponentBytes = 255

    /// Checks every path without touching the disk.
    ///
    /// A path must be relative, `/`-separated, and made of non-empty components other than `.`
    /// and `..`, without backslashes or control characters; no two paths may be equal ignoring
    /// letter case, and no path may be a directory of another.
    /// - Throws: ``ReportWriteError/invalidPath(_:reason:)`` or
    ///   ``ReportWriteError/conflictingPaths(_:_:)`` for the first problem found.
    public func validate() throws(ReportWriteError) {
        for file in files {
            try Self.validate(path: file.path)
        }
        let folded = files.map { $0.path.lowercased() }
        for (index, path) in folded.enumerated() {
            for (otherIndex, other) in folded.enumerated() where otherIndex > index {
                if path == other || other.hasPrefix(path + "/") || path.hasPrefix(other + "/") {
                    throw .conflictingPaths(files[index].path, files[otherIndex].path)
                }
            }
        }
    }

    /// Checks that nothing already on disk is in the way: every existing ancestor of a file is a
    /// directory and no destination is an existing directory.
    func checkDisk(under directory: URL) throws(ReportWriteError) {
        try Self.expectDirectoryOrNothing(at: directory.path)
        for file in files {
            var url = directory
            let components = file.path.split(separator: "/")
            for component in components.dropLast() {
                url.appendPathComponent(String(component), isDirectory: true)
                try Self.expectDirectoryOrNothing(at: url.path)
            }
            let target = destination(of: file, under: directory).path
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: target, isDirectory: &isDirectory), isDirectory.boolValue {
                throw .fileSystem(operation: "replace", path: target, code: EISDIR)
            }
        }
    }

    /// Fails with `ENOTDIR` when `path` exists and is not a directory.
    private static func expectDirectoryOrNothing(at path: String) throws(ReportWriteError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw .fileSystem(operation: "create directory", path: path, code: ENOTDIR)
        }
    }

    /// The syntactic rules for one bundle path.
    private static func validate(path: String) throws(ReportWriteError) {
        if path.isEmpty {
            throw .invalidPath(path, reason: "the path is empty")
        }
        if path.hasPrefix("/") {
            throw .invalidPath(path, reason: "the path must be relative to the output directory")
        }
        if path.contains("\\") {
            throw .invalidPath(path, reason: "use / to separate directories")
        }
        if path.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw .invalidPath(path, reason: "the path contains a control character")
        }
        for component in path.split(separator: "/", omittingEmptySubsequences: false) {
            switch component {
            case "":
                throw .invalidPath(path, reason: "the path has an empty component")
            case ".", "..":
                throw .invalidPath(path, reason: "the path may not contain . or .. components")
            default:
                if component.utf8.count > maximumComponentBytes {
                    throw .invalidPath(path, reason: "a component is longer than \(maximumComponentBytes) bytes")
                }
            }
        }
    }
}
