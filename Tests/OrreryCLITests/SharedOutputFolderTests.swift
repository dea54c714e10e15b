import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Two commands writing one report folder take turns: a run whose folder another process holds
/// waits for it, and writes its files once it is let go — two runs of one scenario into one
/// `--out` left a folder with one run's `report.md` and the other's `report.json`.
struct SharedOutputFolderTests {
    @Test func aRunWaitsForTheProcessWritingItsFolder() throws {
        let dir = try StandardStreamFailureTests.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let folder = dir.appendingPathComponent("out/failing")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Held as another orrery holds it while it writes.
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        try #require(descriptor >= 0 && flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        let process = Process()
        process.executableURL = OrreryProcess.executable
        process.arguments = ["run", "failing.yaml", "--set", "expect=[]", "--out", "out"]
        process.currentDirectoryURL = dir
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: 1.5)
        // The run (a tenth of a second alone) is waiting: nothing of it is in the folder.
        #expect(process.isRunning)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".orrery-write-") }.isEmpty)
        close(descriptor)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().contains("report.md"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".orrery-") }.isEmpty)
    }
}
