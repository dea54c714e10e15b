import Foundation
import Testing
@testable import Reports

@Suite("AtomicFileWriter")
struct AtomicFileWriterTests {
    @Test("creates missing directories and writes the contents")
    func writesNewFile() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let destination = scratch.url.appendingPathComponent("a/b/report.md")
        try AtomicFileWriter.write("# Report\n", to: destination)
        #expect(try String(contentsOf: destination, encoding: .utf8) == "# Report\n")
        #expect(try scratch.contents() == ["a", "a/b", "a/b/report.md"])
    }

    @Test("replaces existing contents and leaves no temporary file", arguments: [false, true])
    func replacesContents(synchronize: Bool) throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let destination = scratch.url.appendingPathComponent("chart.svg")
        try AtomicFileWriter.write("old contents that are longer", to: destination, synchronize: synchronize)
        try AtomicFileWriter.write("new", to: destination, synchronize: synchronize)
        #expect(try String(contentsOf: destination, encoding: .utf8) == "new")
        #expect(try scratch.contents() == ["chart.svg"])
    }

    @Test("fails when the destination is a directory, leaving it untouched and no temporary file")
    func failsOnDirectory() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let destination = scratch.url.appendingPathComponent("report.md")
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
        try "keep".write(to: destination.appendingPathComponent("inside.txt"), atomically: false, encoding: .utf8)

        #expect(throws: ReportWriteError.self) {
            try AtomicFileWriter.write("new", to: destination)
        }
        #expect(try scratch.contents() == ["report.md", "report.md/inside.txt"])
        #expect(try String(contentsOf: destination.appendingPathComponent("inside.txt"), encoding: .utf8) == "keep")
    }

    @Test("fails when a parent is a file, leaving that file untouched")
    func failsOnFileParent() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let blocker = scratch.url.appendingPathComponent("results")
        try "not a directory".write(to: blocker, atomically: false, encoding: .utf8)

        #expect(throws: ReportWriteError.fileSystem(operation: "create directory", path: blocker.path, code: ENOTDIR)) {
            try AtomicFileWriter.write("x", to: blocker.appendingPathComponent("a1/report.md"))
        }
        #expect(try String(contentsOf: blocker, encoding: .utf8) == "not a directory")
        #expect(try scratch.contents() == ["results"])
    }

    @Test("explains a failure with the operation, path and system message")
    func describesErrors() {
        let error = ReportWriteError.fileSystem(operation: "replace", path: "/r/x.md", code: EISDIR)
        #expect(error.description.hasPrefix("cannot replace \"/r/x.md\": "))
        #expect(error.description.hasSuffix("(errno \(EISDIR))"))
    }

    /// `--metrics /dev/stdout` or `/dev/null` writes into the device; renaming a file over it (as
    /// root, who may) would put a regular file where the device was.
    @Test("writes into a device instead of replacing it, and names a failed write")
    func writesIntoDevices() throws {
        try AtomicFileWriter.write("discarded", to: URL(fileURLWithPath: "/dev/null"))
        #expect(Self.isCharacterDevice("/dev/null"))
        guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
        #expect(throws: ReportWriteError.fileSystem(operation: "write", path: "/dev/full", code: ENOSPC)) {
            try AtomicFileWriter.write("no room", to: URL(fileURLWithPath: "/dev/full"))
        }
        #expect(Self.isCharacterDevice("/dev/full"))
    }

    @Test("replaces the file a symbolic link points to and keeps the link")
    func followsLinks() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let target = scratch.url.appendingPathComponent("data/series.txt")
        try AtomicFileWriter.write("old", to: target)
        let link = scratch.url.appendingPathComponent("latest.txt")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "data/series.txt")
        try AtomicFileWriter.write("new", to: link)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "data/series.txt")
        #expect(try String(contentsOf: target, encoding: .utf8) == "new")
        #expect(try scratch.contents() == ["data", "data/series.txt", "latest.txt"])
    }

    static func isCharacterDevice(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFCHR
    }
}
