import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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

    /// How many bytes one `read` asks for: a multiple of 8, as `/proc/self/pagemap` requires.
    static let chunk = 1 << 16

    /// How many bytes past its stated size a file may give when read: 16 MiB. A file the system
    /// makes as it is read says its size is 0 (`/proc/cpuinfo`, `/proc/kallsyms` at ~10 MB are
    /// read whole), and one still being written grows while it is read; `/proc/self/pagemap` gives
    /// 256 GB, which a MapReduce input's 1 GiB limit alone read for 1.25 s and 1.1 GB before
    /// refusing it.
    static let growthAllowance = 16 << 20

    /// The file's bytes, or why they cannot be read.
    ///
    /// The file is opened once and judged by `fstat` on what was opened, so the file checked is
    /// the file read. Its bytes are read in chunks until its end or until more than `limit` have
    /// arrived, or more than ``growthAllowance`` past its stated size: a file under /proc says its
    /// size is 0 and `/proc/self/pagemap` holds 256 GB, which reading to the end took until memory
    /// ran out.
    public static func read(_ path: String, limit: Int) -> Result<[UInt8], Problem> {
        // "" is the working directory to the file system ("it is a directory" for `run ''`).
        guard !path.isEmpty else { return .failure(.emptyPath) }
        // A symbolic link is judged by what it points to. A device is never opened (opening one
        // may act: a tape rewinds, a terminal becomes the controlling one).
        var status = stat()
        guard stat(path, &status) == 0 else { return .failure(problem(statErrno: errno, path: path)) }
        if let problem = problem(type: status.st_mode) { return .failure(problem) }
        guard Int(status.st_size) <= limit else { return .failure(.tooLarge(size: Int(status.st_size), limit: limit)) }
        // O_NONBLOCK: a FIFO put in the file's place since `stat` is opened without waiting for a
        // writer, and refused below.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(problem(statErrno: errno, path: path)) }
        defer { close(descriptor) }
        guard fstat(descriptor, &status) == 0 else { return .failure(.unreadable) }
        if let problem = problem(type: status.st_mode) { return .failure(problem) }
        let statedSize = Int(status.st_size)
        guard statedSize <= limit else { return .failure(.tooLarge(size: statedSize, limit: limit)) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(statedSize + 1)
        var buffer = [UInt8](repeating: 0, count: chunk)
        let readable = min(limit, statedSize + growthAllowance)
        while bytes.count <= readable {
            let count = buffer.withUnsafeMutableBytes { readChunk(descriptor, $0.baseAddress, chunk) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.unreadable)
            }
            if count == 0 { return .success(bytes) }
            bytes.append(contentsOf: buffer[..<count])
        }
        return .failure(.largerThanItsSize(size: statedSize, limit: readable))
    }

    /// Why `stat` or `open` failed with `code`: a link round a loop, a link to a missing file, a
    /// missing file, or a file that cannot be read.
    private static func problem(statErrno code: Int32, path: String) -> Problem {
        switch code {
        case ELOOP: return .linkRoundALoop
        case ENOENT, ENOTDIR:
            var link = stat()
            if lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK { return .linkToMissing }
            return .missing
        case EACCES, EPERM, EIO: return .unreadable
        case ENXIO: return .notRegular // a socket, or a device with nothing behind it
        default: return .missing
        }
    }

    /// Why a file of mode `mode` is not read, or nil for a regular file.
    private static func problem(type mode: mode_t) -> Problem? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: .directory
        default: .notRegular
        }
    }

    /// Why a file was not read.
    public enum Problem: Error, Equatable, CustomStringConvertible {
        case missing, directory, notRegular, unreadable, emptyPath
        /// A symbolic link whose chain of links comes back to itself (or is too long to follow).
        case linkRoundALoop
        /// A symbolic link to a file that does not exist.
        case linkToMissing
        case tooLarge(size: Int, limit: Int)
        /// A file whose stated size is `size` that gave more than `limit` bytes when read (the
        /// reader's limit, or ``RegularFile/growthAllowance`` past `size`): a file the system
        /// makes as it is read (under /proc), or one growing while read.
        case largerThanItsSize(size: Int, limit: Int)

        public var description: String {
            switch self {
            case .missing: return "no such file"
            case .directory: return "it is a directory"
            case .notRegular: return "not a regular file (a device, a pipe or a socket)"
            case .unreadable: return "permission denied or a read error"
            case .emptyPath: return "an empty path names no file"
            case .linkRoundALoop: return "a symbolic link round a loop"
            case .linkToMissing: return "a symbolic link to a missing file"
            case .tooLarge(let size, let limit): return "\(NumberFormat.integer(size)) bytes, more than the \(NumberFormat.integer(limit)) a file may hold"
            case .largerThanItsSize(let size, let limit):
                return "more than \(NumberFormat.integer(limit)) bytes when read, though its size says \(NumberFormat.integer(size)) (a file the system makes as it is read, such as one under /proc, or a file still growing)"
            }
        }
    }
}

/// The system's `read` (inside ``RegularFile`` the name is its own).
private func readChunk(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
