import Foundation
import Synchronization
import Testing
@testable import Scenarios

/// `orrery run FILE...` checks every file before anything runs, one at a time, keeps none of them
/// loaded (sixteen 16 MiB files held 2.36 GB before the first ran) and loads each again to run it.
struct CheckedScenarioFilesTests {
    static func world(_ name: String) -> String {
        """
        name: \(name)
        seed: 1
        run: {requests: 20}
        servers:
          - {name: s, count: 1, slots: 1, queue: 10, service_time: {constant: 1ms}}
        workload: {type: closed_loop, users: 1, timeout: 1s}
        """
    }

    static func directory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("checked-files-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    final class Loads: Sendable {
        private let loads = Mutex<[Int]>([])
        func add(_ index: Int) { loads.withLock { $0.append(index) } }
        var all: [Int] { loads.withLock { $0 } }
    }

    @Test func everyFileIsCheckedThenEachLoadedAgainWhenItRuns() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let paths = try (1...3).map { index in
            let path = directory.appendingPathComponent("w\(index).yaml").path
            try Self.world("world-\(index)").write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        var seen: [String] = []
        guard var checked = CheckedScenarioFiles.check(paths, report: { Issue.record("\($0)") }, facts: { file in seen.append(file.name); return file.name })
        else { Issue.record("good files refused"); return }
        // The first file, which runs first, is checked last and kept.
        #expect(seen == ["world-2", "world-3", "world-1"])
        #expect(checked.entries.map(\.name) == ["world-1", "world-2", "world-3"])
        #expect(checked.entries.map(\.path) == paths)
        let loads = Loads()
        checked.willLoad = { loads.add($0) }
        // Several files: only the first kept from the check; each other loaded when asked for,
        // the same as checked.
        for index in paths.indices {
            #expect(try checked.load(index).name == "world-\(index + 1)")
            #expect(loads.all == Array(paths.indices.dropFirst().prefix(index)))
        }
    }

    @Test func aSingleFileIsRunAsChecked() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("only.yaml").path
        try Self.world("only").write(toFile: path, atomically: true, encoding: .utf8)
        guard var checked = CheckedScenarioFiles.check([path], report: { Issue.record("\($0)") }, facts: { _ in () })
        else { Issue.record("a good file refused"); return }
        let loads = Loads()
        checked.willLoad = { loads.add($0) }
        #expect(try checked.load(0).name == "only")
        #expect(loads.all == [])
    }

    @Test func aBadFileAmongSeveralRefusesThemAllWithEveryError() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let good = directory.appendingPathComponent("good.yaml").path
        let bad = directory.appendingPathComponent("bad.yaml").path
        let worse = directory.appendingPathComponent("worse.yaml").path
        try Self.world("good").write(toFile: good, atomically: true, encoding: .utf8)
        try Self.world("bad").replacingOccurrences(of: "slots: 1", with: "slots: zero").write(toFile: bad, atomically: true, encoding: .utf8)
        try "name: [".write(toFile: worse, atomically: true, encoding: .utf8)
        var reported: [String] = []
        let checked = CheckedScenarioFiles.check([bad, good, worse], report: { reported.append($0.file) }, facts: { _ in () })
        #expect(checked == nil)
        #expect(reported == [bad, worse])
    }

    @Test func aFileChangedAfterItWasCheckedIsNotRunUnderItsOldName() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = directory.appendingPathComponent("first.yaml").path
        let second = directory.appendingPathComponent("second.yaml").path
        try Self.world("first").write(toFile: first, atomically: true, encoding: .utf8)
        try Self.world("second").write(toFile: second, atomically: true, encoding: .utf8)
        guard let checked = CheckedScenarioFiles.check([first, second], report: { Issue.record("\($0)") }, facts: { _ in () })
        else { Issue.record("good files refused"); return }
        try Self.world("renamed").write(toFile: second, atomically: true, encoding: .utf8)
        #expect(throws: ExperimentFailure.self) { try checked.load(1) }
        do { _ = try checked.load(1) } catch { #expect(error.description.contains("changed after it was checked: it was named 'second', now 'renamed'")) }
        try "name: [".write(toFile: second, atomically: true, encoding: .utf8)
        do { _ = try checked.load(1) } catch { #expect(error.description.contains("changed after it was checked and no longer loads")) }
    }
}
