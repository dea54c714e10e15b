import Foundation
import TestSupport
import Testing
@testable import Scenarios
@testable import Simulator

/// Every run of the claims experiment has its replay command in `runs.csv`: the file the claim
/// read with the `--set`s that make the run's world — one server of three by the whole `servers:`
/// list, the detection runs' health checks by `balancer.health_check` — and that command, loaded
/// as `orrery run` loads it, runs a world with the row's digest.
struct ClaimsReplayTests {
    static let scenarios = packageRoot.appendingPathComponent("scenarios").path

    /// The commands of the shipped files' worlds, in the order the claims run them.
    @Test func theShippedSeedsWorldsHaveTheirCommands() throws {
        let claims = try ClaimsExperiment.load(from: Self.scenarios)
        func commands(_ worlds: [Scenario]) -> [String] {
            worlds.map { RunReplayCommandTests.command($0.file, $0) }
        }
        let seed003 = "orrery run scenarios/seed-003-least-conn.yaml --seed 3"
        #expect(commands(Seed003Claims.worlds(claims.seed003)) == [
            seed003 + " --set 'servers=[{name: nexus-alpha, slots: 1, service_time: {exponential: 10.638ms}}]' --set 'faults=[]'",
            seed003 + " --set 'faults=[]'",
            seed003 + " --set servers.0.speed=0.8404255319148937 --set workload.users=12 --set 'faults=[]'",
            seed003 + " --set workload.users=25 --set 'faults=[]'",
            seed003,
            seed003 + " --set servers.0.speed=0.8404255319148937 --set 'faults=[]'",
            seed003 + " --set run.duration=60s --set 'faults=[{at: 20.3s, crash: nexus-gamma}]'",
            seed003 + " --set run.duration=60s --set 'faults=[{at: 20.3s, restart: nexus-gamma, boot_time: 20s}]'",
            seed003 + " --set run.duration=60s --set balancer.forward_timeout=4s --set 'faults=[{at: 20.3s, crash: nexus-gamma}]'",
            seed003 + " --set run.duration=60s --set 'balancer.health_check={interval: 1s, timeout: 0.5s, rise: 2, fall: 3}' --set 'faults=[{at: 20.3s, crash: nexus-gamma}]'",
        ])
        let seed004 = "orrery run scenarios/seed-004-web-platform.yaml --seed 4"
        // The file's users think 30 s: that point of the sweep sets no think time.
        #expect(commands(Seed004Claims.worlds(claims.seed004)) == [seed004, seed004 + " --set 'faults=[]'"] + [5, 10, 15, 20, 30, 60].map {
            seed004 + " --set run.duration=240s" + ($0 == 30 ? "" : " --set 'workload.think_time={exponential: \($0)s}'") + " --set 'faults=[]'"
        })
    }

    /// Both seeds' edited files (`ClaimsProseFiguresTests`: four servers of their own, a
    /// `count: 4` group) written to a folder and run as the experiment runs them, the deployments
    /// with two users: every row of `runs.csv` has a command, and each replays the row's digest.
    @Test func everyRunsRowReplaysItsDigest() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("claims-replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = ["seed-003-least-conn.yaml", "seed-004-web-platform.yaml"].map { folder.appendingPathComponent($0).path }
        try ClaimsProseFiguresTests.seed003.write(toFile: paths[0], atomically: true, encoding: .utf8)
        try ClaimsProseFiguresTests.seed004.write(toFile: paths[1], atomically: true, encoding: .utf8)
        let deploy = try DeployComparison.loadBase(path: Self.scenarios + "/deploy.yaml").withUsers(2)
        let scenario003 = try StrategyComparison.loadTraffic(path: paths[0]).scenario, scenario004 = try StrategyComparison.loadTraffic(path: paths[1]).scenario
        let claims003 = Seed003Claims.run(scenario003, deploy: deploy, jobs: 2), claims004 = Seed004Claims.run(scenario004, jobs: 2)
        let result = ClaimsResult(seed003: claims003, seed004: claims004,
                                  seedStudy: ClaimsSeedStudy.run(seed003: scenario003, seed004: scenario004, count: 1, jobs: 2, claims: (claims003, claims004)))
        #expect(result.markdown().contains("- seeds: 13 (seed 003), 14 (seed 004); every run of the run tables, the detection chart and the maintenance table lists its digest and the command that replays it in `runs.csv`; the seed study's runs are listed by seed in `seeds.csv` with the command that replays each: the command of the run in `runs.csv` its figure names, with its seed for `--seed`\n"))
        let rows = try Self.replays(csv: result.runsCSV())
        // Seed 003's five runs (four servers: no shared host), seed 004's eight, four deployments, and
        // three detections (the file's 4 s proxy timeout is the claim's: that variant is left out).
        #expect(rows.count == 5 + 8 + 4 + 3)
        #expect(rows.first?.command == "orrery run \(paths[0]) --seed 13 --set 'servers=[{name: n-one, slots: 1, service_time: {exponential: 10.638ms}}]' --set 'faults=[]'")
        #expect(rows.first { $0.command.contains("deploy.yaml") }?.command == "orrery run \(Self.scenarios)/deploy.yaml --seed 3 --set workload.users=2")
        for row in rows {
            #expect(try Self.replayedDigest(row.command) == row.digest, "\(row.command)")
        }
        // `report.json` gives every run the same command as `runs.csv` (all of them have one here).
        struct Document: Decodable { struct Run: Decodable { var digest: String; var replay: String? }; var runs: [Run] }
        let document = try JSONDecoder().decode(Document.self, from: Data(result.json().utf8))
        #expect(document.runs.map(\.digest) == rows.map(\.digest))
        #expect(document.runs.map(\.replay) == rows.map(\.command))
    }

    /// The `digest` and `replay` of every row of `csv`, `replay` its last column.
    static func replays(csv: String) throws -> [(digest: String, command: String)] {
        let rows = csv.split(separator: "\n").map { ExperimentCSVFields.fields(String($0)) }
        let header = try #require(rows.first)
        let digest = try #require(header.firstIndex(of: "digest"))
        #expect(header.last == "replay")
        return rows.dropFirst().map { ($0[digest], $0[$0.count - 1]) }
    }

    /// The digest of the run a replay command makes, loaded as `orrery run FILE --seed N --set …`
    /// loads it (its words read as a POSIX shell reads them).
    static func replayedDigest(_ command: String) throws -> String {
        try replayed(command).digest
    }

    /// The run a replay command makes, loaded as `orrery run FILE --seed N --set …` loads it.
    static func replayed(_ command: String) throws -> TrafficResult {
        let words = try #require(ExperimentCSVFields.shellWords(command))
        try #require(words.count >= 5 && words[0] == "orrery" && words[1] == "run" && words[3] == "--seed")
        var overrides: [ScenarioOverride] = []
        var index = 5
        while index + 1 < words.count, words[index] == "--set" {
            overrides.append(try ScenarioOverride(parsing: words[index + 1]))
            index += 2
        }
        try #require(index == words.count)
        guard case .world(let world) = try ScenarioFile.load(path: words[2], overrides: overrides) else { throw ReplayProblem() }
        guard let seed = UInt64(words[4]) else { throw ReplayProblem() }
        return ScenarioRunner.runTraffic(world, seed: seed)
    }

    struct ReplayProblem: Error {}
}
