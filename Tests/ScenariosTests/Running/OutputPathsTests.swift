import Foundation
import Testing
@testable import Scenarios

/// Output paths are checked before anything runs, without Foundation's path calls that trap.
struct OutputPathsTests {
    @Test(arguments: [("a", ""), ("out", ""), ("a/b", "a"), ("a/b/", "a"), ("/x", "/"), ("/tmp/x", "/tmp"), ("./a", "."), ("/", "/"), ("", "")])
    func theParentOfAPathIsItsDirectory(_ path: String, _ parent: String) {
        #expect(OutputPaths.parentDirectory(of: path) == parent)
    }

    @Test func aOneCharacterDirectoryIsUsable() {
        #expect(OutputPaths.problem(outputDirectory: "a", tracePath: "t", names: [("x", "x.yaml")]) == nil)
    }

    @Test func twoRunsWritingOneDirectoryAreRefused() {
        #expect(OutputPaths.problem(outputDirectory: "out", tracePath: nil, names: [("x", "a.yaml"), ("x", "b.yaml")])
            == "'a.yaml' and 'b.yaml' both write reports named 'x' under out; give one of them another name")
    }

    @Test func aFileWhereADirectoryMustGoIsRefused() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("orrery-paths-\(UInt64.random(in: 0...UInt64.max))")
        try Data("x".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(OutputPaths.problem(outputDirectory: file.path, tracePath: nil, names: []) == "--out '\(file.path)': is a file, not a directory")
        #expect(OutputPaths.problem(outputDirectory: "/tmp", tracePath: file.path + "/t.jsonl", names: [])
            == "--trace '\(file.path)/t.jsonl': '\(file.path)' is a file, so nothing can be written under it")
    }

    /// A path under a file system that takes no new directories (`/proc`) is refused before a run,
    /// where the run used to finish and then fail to write; nothing is left behind by the check.
    @Test func aDirectoryThatCannotBeCreatedIsRefusedBeforeTheRun() throws {
        #expect(OutputPaths.problem(outputDirectory: "/proc/orrery-nope/out", tracePath: nil, names: [])
            == "--out '/proc/orrery-nope/out': nothing can be created under '/proc'")
        #expect(OutputPaths.problem(outputDirectory: "/tmp", tracePath: "/proc/t.jsonl", names: [])
            == "--trace '/proc/t.jsonl': nothing can be created under '/proc'")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("orrery-paths-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(OutputPaths.problem(outputDirectory: directory.path + "/a/b", tracePath: directory.path + "/t.jsonl", names: []) == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    /// A scratch directory, removed when `body` returns.
    private func inScratch(_ body: (String) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("orrery-paths-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: directory) }
        try body(directory.path)
    }

    /// What a run would find only when writing, after running: its `<out>/<name>` a file or a
    /// link to nothing, its report a directory, a file the command writes a directory.
    @Test func eachRunsDirectoryAndReportsAreCheckedBeforeTheRun() throws {
        try inScratch { out in
            try Data("x".utf8).write(to: URL(fileURLWithPath: out + "/small"))
            #expect(OutputPaths.problem(outputDirectory: out, tracePath: nil, names: [("fine", "f.yaml"), ("small", "s.yaml")])
                == "'\(out)/small': is a file, not a directory")
            try FileManager.default.createDirectory(atPath: out + "/a2/report.md", withIntermediateDirectories: true)
            #expect(OutputPaths.problem(outputDirectory: out, tracePath: nil, names: [("a2", "experiment a2")])
                == "'\(out)/a2/report.md': is a directory, not a file")
            try FileManager.default.createDirectory(atPath: out + "/sweep/intervals.svg", withIntermediateDirectories: true)
            #expect(OutputPaths.problem(outputDirectory: out + "/sweep", tracePath: nil, names: [], files: ["report.md", "intervals.svg"])
                == "'\(out)/sweep/intervals.svg': is a directory, not a file")
            #expect(symlink("loop", out + "/loop") == 0)
            #expect(OutputPaths.problem(outputDirectory: out + "/loop", tracePath: nil, names: [])
                == "--out '\(out)/loop': is a symbolic link to nothing (dangling, or a loop)")
            #expect(OutputPaths.problem(outputDirectory: out, tracePath: nil, names: [("loop", "l.yaml")])
                == "'\(out)/loop': is a symbolic link to nothing (dangling, or a loop)")
            #expect(OutputPaths.problem(outputDirectory: out + "/loop/deeper", tracePath: nil, names: [])
                == "--out '\(out)/loop/deeper': '\(out)/loop' is a symbolic link to nothing (dangling, or a loop)")
            let entries = try FileManager.default.contentsOfDirectory(atPath: out)
            #expect(entries.sorted() == ["a2", "loop", "small", "sweep"])
        }
    }

    /// A path the system cannot take is refused before any of its directories is made.
    @Test func aPathTooLongIsRefusedBeforeAnythingIsMade() throws {
        try inScratch { out in
            let long = String(repeating: "n", count: 256)
            #expect(OutputPaths.problem(outputDirectory: out + "/a/" + long, tracePath: nil, names: [])
                == "--out '\(out)/a/\(long)': has a name of 256 bytes, at most 255: '\(long.prefix(40))…'")
            let deep = out + String(repeating: "/" + String(repeating: "d", count: 200), count: 21)
            #expect(OutputPaths.problem(outputDirectory: deep, tracePath: nil, names: [])?.contains("is too long") == true)
            let entries = try FileManager.default.contentsOfDirectory(atPath: out)
            #expect(entries.isEmpty)
        }
    }

    @Test func aTraceOrMetricsFileInARunsReportDirectoryIsRefused() {
        #expect(OutputPaths.problem(outputDirectory: "out", tracePath: "out/small/report.md", names: [("small", "s.yaml")])
            == "--trace 'out/small/report.md' lies in 'out/small', where the run writes its reports; name a file outside it")
        #expect(OutputPaths.problem(outputDirectory: "out/", tracePath: nil, metricsPath: "./out/x/../small/m.txt", names: [("small", "s.yaml")])
            == "--metrics './out/x/../small/m.txt' lies in 'out/small', where the run writes its reports; name a file outside it")
        #expect(OutputPaths.problem(outputDirectory: "out", tracePath: "out/small.jsonl", metricsPath: "out/smaller/m.txt", names: [("small", "s.yaml")]) == nil)
    }
}
