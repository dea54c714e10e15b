import Foundation
import Testing
@testable import Scenarios

/// Output paths are checked before anything runs, without Foundation's path calls that trap.
@Suite struct OutputPathsTests {
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
}
