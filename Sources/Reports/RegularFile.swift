import Foundation

/// Reads a file a user names — a scenario file, a MapReduce input, a shard's records, a report
/// the results page shows — only when it is a regular file of at most a given size: a device
/// (`/dev/zero`), a FIFO or a directory would hang or exhaust memory if read whole, and an
/// oversized file is refused before any byte is read.
public enum RegularFile {
    /// The largest scenario file: 16 MiB.
    public static let scenarioLimit = 16 << 20
    /// The largest MapReduce input file: 1 GiB, as for any byte count a file may give.
    public static let inputLimit = 1 << 30
    /// The largest `report.md` or `report.json` the results page reads: 16 MiB. Orrery's own
    /// reports are kilobytes (their tables are capped); a 20 MB hand-made table took 32 s and
    /// 470 MB to render, so a larger file is refused at once.
    public static let reportLimit = 16 << 20

    /// The file's bytes, or why they cannot be read.
    public static func read(_ path: String, limit: Int) -> Result<[UInt8], Problem> {
        // "" is the working directory to the file system ("it is a directory" for `run ''`).
        guard !path.isEmpty else { return .failure(.emptyPath) }
        let attributes: [FileAttributeKey: Any]
        // A symbolic link is judged by what it points to.
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        do { attributes = try FileManager.default.attributesOfItem(atPath: target) } catch {
            return .failure(.missing)
        }
        let type = attributes[.type] as? FileAttributeType
        if type == .typeDirectory { return .failure(.directory) }
        // A link round a loop resolves to itself (a link to a missing file, to nothing there).
        if type == .typeSymbolicLink { return .failure(.linkToNothing) }
        guard type == .typeRegular else { return .failure(.notRegular) }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard size <= limit else { return .failure(.tooLarge(size: size, limit: limit)) }
        guard let data = FileManager.default.contents(atPath: path) else { return .failure(.unreadable) }
        guard data.count <= limit else { return .failure(.tooLarge(size: data.count, limit: limit)) }
        return .success([UInt8](data))
    }

    /// Why a file was not read.
    public enum Problem: Error, CustomStringConvertible {
        case missing, directory, notRegular, unreadable, emptyPath, linkToNothing
        case tooLarge(size: Int, limit: Int)

        public var description: String {
            switch self {
            case .missing: return "no such file"
            case .directory: return "it is a directory"
            case .notRegular: return "not a regular file (a device, a pipe or a socket)"
            case .unreadable: return "permission denied or a read error"
            case .emptyPath: return "an empty path names no file"
            case .linkToNothing: return "a symbolic link round a loop"
            case .tooLarge(let size, let limit): return "\(size) bytes, more than the \(limit) a file may hold"
            }
        }
    }
}
