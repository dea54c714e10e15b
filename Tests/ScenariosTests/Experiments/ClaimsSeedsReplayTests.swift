import Foundation
import Reports
import TestSupport
import Testing
@testable import Scenarios
@testable import Simulator

/// `seeds.csv` gives every seed of the claims' study the command that replays it alone — the
/// command of the run in `runs.csv` its figure names, with that seed for `--seed` (``RunReplay``,
/// as `runs.csv`) — and each command, loaded as `orrery run` loads it, runs a world whose figure
/// is the row's value. report.json's seed study gives each figure the same commands (`replays`).
struct ClaimsSeedsReplayTests {
    @Test func everySeedsRowReplaysItsValue() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("claims-seeds-replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = ["seed-003-least-conn.yaml", "seed-004-web-platform.yaml"].map { folder.appendingPathComponent($0).path }
        try ClaimsProseFiguresTests.seed003.write(toFile: paths[0], atomically: true, encoding: .utf8)
        try ClaimsProseFiguresTests.seed004.write(toFile: paths[1], atomically: true, encoding: .utf8)
        let scenario003 = try StrategyComparison.loadTraffic(path: paths[0]).scenario, scenario004 = try StrategyComparison.loadTraffic(path: paths[1]).scenario
        let study = ClaimsSeedStudy.run(seed003: scenario003, seed004: scenario004, count: 2, jobs: 2)
        let lines = study.csv(seed003: scenario003, seed004: scenario004).split(separator: "\n").map { ExperimentCSVFields.fields(String($0)) }
        #expect(lines.first == ["figure", "seed", "value", "replay"])
        let rows = lines.dropFirst().map { (figure: $0[0], seed: $0[1], value: $0[2], command: $0[3]) }
        // report.json's seed study carries the same command for every figure and seed.
        let document = study.document(seed003: scenario003, seed004: scenario004)
        let documented = (document.seed003 + document.seed004).flatMap { figure in
            zip(figure.seeds, figure.replays ?? []).map { "\(figure.name)|\($0.0)|\($0.1)" }
        }
        #expect(documented == rows.map { "\($0.figure)|\($0.seed)|\($0.command)" })
        // Seed 003: one server (2 figures), four servers (3), 25 connections (1), two detections; seed 004: 2 + 2; two seeds each.
        #expect(rows.count == (2 + 3 + 1 + 2 + 2 + 2) * 2)
        let oneServer = "orrery run \(paths[0]) --seed %@ --set 'servers=[{name: n-one, slots: 1, service_time: {exponential: 10.638ms}}]' --set 'faults=[]'"
        #expect(rows.prefix(4).map(\.command) == ["13", "14", "13", "14"].map { String(format: oneServer, $0) })
        #expect(rows.filter { $0.figure == "as written: p99" }.map(\.command) == ["14", "15"].map { "orrery run \(paths[1]) --seed \($0)" })
        // The command of the run in `runs.csv` the figure names, with the row's seed.
        let seed003Worlds = Seed003Claims.worlds(scenario003)
        #expect(rows.filter { $0.figure == "host down: detection" }.map(\.command)
                == [13, 14].map { RunReplay.command(file: paths[0], world: seed003Worlds[5], seed: $0) })

        let readers = (ClaimsSeedStudy.seed003Probes(scenario003) + ClaimsSeedStudy.seed004Probes(scenario004)).flatMap { probe in
            probe.figures.map { (name: $0.name, read: $0.read) }
        }
        var replayed: [String: TrafficResult] = [:]
        for row in rows {
            #expect(!row.command.isEmpty, "\(row.figure) \(row.seed)")
            let read = try #require(readers.first { $0.name == row.figure }?.read)
            if replayed[row.command] == nil { replayed[row.command] = try ClaimsReplayTests.replayed(row.command) }
            let result = try #require(replayed[row.command])
            #expect(result.seed == UInt64(row.seed))
            #expect(read(result).map(NumberText.plain) == row.value, "\(row.figure) \(row.seed): \(row.command)")
        }
        #expect(replayed.count == (5 + 2) * 2)
    }
}
