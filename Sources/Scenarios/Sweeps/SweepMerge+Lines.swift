import Foundation
import Reports

extension SweepMerge {
    /// The longest line of `worlds.jsonl` merge reads: 16 MiB, refused at its line before the
    /// rest of the file is read.
    ///
    /// What the largest record a sweep writes can hold, from the limits in the source:
    /// - its fixed fields — position, variant, seed and event count of at most 20 digits each, a
    ///   16-digit digest, the keys — under 300 bytes;
    /// - one value per metric of the manifest, at most the catalogs' 101 metrics
    ///   (`Subsystem.allCases.flatMap(\.metrics)`), each at most 27 bytes
    ///   (`"-2.2250738585072014e-308",`): under 3 KB;
    /// - one `false,` per expectation of its variant: no limit counts expectations, but the
    ///   manifest that names them is at most 16 MiB (`RegularFile.scenarioLimit`) and spends at
    ///   least 16 bytes on each, so at most 1,048,576 of them: 6 MiB;
    /// - its stop reason (`SimulationError` names at most ten tasks) and its problems: for each
    ///   MapReduce job (at most 1,000, `ScenarioLoader.maximumJobs`) "stopped early", quoting the
    ///   stop reason, and "did not finish" — 1.4 MB with 100-character names — or the one
    ///   operation step that could not be sent, which lists the answer of every step before it,
    ///   about 1 KB each.
    ///
    /// All of those at once make 7,680,496 bytes (`SweepMergeHostileTests`); 16 MiB leaves room for
    /// longer names. Only problems that quote a job's output records (whose keys are the input's
    /// own words) or an operation that failed after some 16,000 answered steps can outgrow it, and
    /// are refused like any other over-long line. A record is typically a few hundred bytes; the
    /// limit is there so that a line edited to gigabytes (a 900,000,000-character problem made
    /// merge hold 6 GB) costs one line of at most 16 MiB in memory, not the size of the file.
    static let maximumLineBytes = 16 << 20

    /// Bytes read from the file at a time.
    private static let chunkBytes = 1 << 16

    /// Calls `body` with every non-empty line of the file at `path` (its bytes, without the line
    /// break) and the line's number, counted from 1 over every line, so that numbers are those an
    /// editor shows.
    ///
    /// The file is read in 64 KiB chunks and at most one line is held, so memory is proportional
    /// to the longest line, never to the file: a line longer than ``maximumLineBytes``, or a file
    /// of more than `maximumFileBytes` (checked before reading and again while reading, as the file
    /// may grow), is refused as soon as it is seen.
    ///
    /// - Complexity: O(file size).
    static func forEachLine(in path: String, maximumFileBytes: Int = RegularFile.inputLimit,
                            _ body: (_ line: [UInt8], _ number: Int) throws(Problem) -> Void) throws(Problem) {
        // Non-blocking, so that a FIFO standing in for the file is refused instead of waited on.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw unreadable(path, [ENOENT, ENOTDIR, ELOOP].contains(errno) ? .missing : .unreadable) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw unreadable(path, .unreadable) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw unreadable(path, status.st_mode & S_IFMT == S_IFDIR ? .directory : .notRegular) }
        guard Int(status.st_size) <= maximumFileBytes else { throw unreadable(path, .tooLarge(size: Int(status.st_size), limit: maximumFileBytes)) }

        var chunk = [UInt8](repeating: 0, count: chunkBytes)
        var line: [UInt8] = []
        var number = 1
        var total = 0
        while true {
            let count = chunk.withUnsafeMutableBytes { readBytes(descriptor, into: $0) }
            if count < 0 {
                if errno == EINTR { continue }
                throw unreadable(path, .unreadable)
            }
            if count == 0 { break }
            total += count
            guard total <= maximumFileBytes else { throw unreadable(path, .tooLarge(size: total, limit: maximumFileBytes)) }
            var start = 0
            while start < count {
                let end = chunk[start..<count].firstIndex(of: UInt8(ascii: "\n")) ?? count
                guard line.count + (end - start) <= maximumLineBytes else { throw overLong(path, line: number) }
                line += chunk[start..<end]
                guard end < count else { break }
                if !line.isEmpty { try body(line, number) }
                line.removeAll(keepingCapacity: true)
                number += 1
                start = end + 1
            }
        }
        if !line.isEmpty { try body(line, number) }
    }

    /// `worlds.jsonl` cannot be read at all.
    private static func unreadable(_ path: String, _ problem: RegularFile.Problem) -> Problem {
        Problem("cannot read '\(path)': \(problem) (a shard that did not finish leaves only worlds.jsonl.partial)")
    }

    /// Line `number` of `path` is longer than any world record.
    private static func overLong(_ path: String, line number: Int) -> Problem {
        Problem("\(path):\(number): a line of more than \(maximumLineBytes) bytes, longer than any world record a sweep writes")
    }
}

/// `read(2)`, which `SweepMerge.read(_:)` hides inside the extension.
private func readBytes(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
    read(descriptor, buffer.baseAddress, buffer.count)
}
