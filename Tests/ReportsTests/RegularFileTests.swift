import Foundation
import Testing
@testable import Reports
#if canImport(Glibc)
import Glibc
#endif

/// `RegularFile.read` reads a regular file whole and nothing else: never more than its limit (and
/// one chunk) from a file whose size says less than it holds, and says why a path is not read.
@Suite struct RegularFileTests {
    /// `/proc/self/pagemap` says it is a regular file of size 0 and holds 8 bytes for each page of
    /// the address space (256 GB): read to its end, it exhausted memory; now it is refused as soon
    /// as more than the limit, or 16 MiB past its stated size, has arrived.
    @Test func aProcFileLargerThanItsSizeIsRefusedAtTheLimit() throws {
        var status = stat()
        try #require(stat("/proc/self/pagemap", &status) == 0 && status.st_size == 0)
        let clock = ContinuousClock()
        let start = clock.now
        let result = RegularFile.read("/proc/self/pagemap", limit: 4096)
        #expect(clock.now - start < .seconds(2))
        #expect(result.failure == .largerThanItsSize(size: 0, limit: 4096))
        #expect(result.failure?.description == "more than 4,096 bytes when read, though its size says 0 (a file the system makes as it is read, such as one under /proc, or a file still growing)")
        // The scenario limit, as `orrery validate` on a link to it reads: refused, not 256 GB.
        #expect(RegularFile.read("/proc/self/pagemap", limit: RegularFile.scenarioLimit).failure == .largerThanItsSize(size: 0, limit: RegularFile.scenarioLimit))
        // A MapReduce input's 1 GiB limit: refused 16 MiB past its stated size, where it had read
        // 1 GiB (1.25 s, 1.1 GB) before refusing.
        #expect(RegularFile.read("/proc/self/pagemap", limit: RegularFile.inputLimit).failure == .largerThanItsSize(size: 0, limit: RegularFile.growthAllowance))
        // A small /proc file within the limit is read whole, as `cat` reads it.
        let limits = try #require(try? RegularFile.read("/proc/self/limits", limit: 1 << 20).get())
        #expect(String(decoding: limits, as: UTF8.self).hasPrefix("Limit"))
    }

    /// Ordinary files are read byte for byte as `FileManager` reads them, at every size around
    /// the chunk and the limit.
    @Test(arguments: [0, 1, 4095, 4096, RegularFile.chunk - 1, RegularFile.chunk, RegularFile.chunk + 1, 3 * RegularFile.chunk + 17])
    func anOrdinaryFileIsReadByteForByte(size: Int) throws {
        let path = try Self.temporary("bytes")
        defer { unlink(path) }
        // Bytes that vary along the file (a multiplicative hash of each offset), not a short period.
        let bytes = (0..<size).map { offset in UInt8(truncatingIfNeeded: (offset &* 2_654_435_761) >> 13 ^ size) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let read = try RegularFile.read(path, limit: size).get()
        #expect(read == bytes)
        #expect(Data(read) == FileManager.default.contents(atPath: path))
        if size > 0 {
            #expect(RegularFile.read(path, limit: size - 1).failure == .tooLarge(size: size, limit: size - 1))
        }
    }

    /// A missing file, a link to a missing file, a link round a loop, a directory, a pipe (as
    /// `/dev/stdin` is under `cat x.yaml | orrery validate /dev/stdin`) and a device are each said
    /// for what they are; a link to a missing file was "a symbolic link round a loop", and so was
    /// a pipe reached through /proc/self/fd.
    @Test func whatIsNotARegularFileIsSaidForWhatItIs() throws {
        let missing = try Self.temporary("missing")
        #expect(RegularFile.read(missing, limit: 100).failure?.description == "no such file")
        #expect(RegularFile.read(missing + "/below", limit: 100).failure?.description == "no such file")
        let dangling = try Self.temporary("dangling")
        #expect(symlink(missing, dangling) == 0)
        defer { unlink(dangling) }
        #expect(RegularFile.read(dangling, limit: 100).failure?.description == "a symbolic link to a missing file")
        let loop = try Self.temporary("loop")
        #expect(symlink(loop, loop) == 0)
        defer { unlink(loop) }
        #expect(RegularFile.read(loop, limit: 100).failure?.description == "a symbolic link round a loop")
        #expect(RegularFile.read(NSTemporaryDirectory(), limit: 100).failure?.description == "it is a directory")
        #expect(RegularFile.read("", limit: 100).failure?.description == "an empty path names no file")
        #expect(RegularFile.read("/dev/zero", limit: 100).failure?.description == "not a regular file (a device, a pipe or a socket)")
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        #expect(RegularFile.read("/proc/self/fd/\(ends[0])", limit: 100).failure?.description == "not a regular file (a device, a pipe or a socket)")
        let fifo = try Self.temporary("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        #expect(RegularFile.read(fifo, limit: 100).failure?.description == "not a regular file (a device, a pipe or a socket)")
    }

    /// A fresh path in the temporary folder, nothing there yet.
    static func temporary(_ label: String) throws -> String {
        NSTemporaryDirectory() + "orrery-regular-\(label)-\(UInt64.random(in: 0...UInt64.max))"
    }
}

extension Result {
    /// The failure, or nil for a success.
    fileprivate var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
