import Foundation
import Testing
@testable import Scenarios
@testable import Simulator

/// The strategy comparison's heterogeneous cells (speeds 2, 1, 1, 0.5 for the four servers of one
/// `count: 4` entry, which no `servers.N.field` path reaches one of) replay by the whole
/// `servers:` list, each server an entry of its own: every cell's command in `results.csv`
/// loads into a world with the cell's digest.
struct StrategiesHeterogeneousReplayTests {
    /// The shipped file's four `s` in one entry, with 5 s of 50 requests/s.
    static let file = """
    name: small-strategies
    seed: 6
    run:
      duration: 5s
    network:
      latency: 0.5ms
    servers:
      - {name: s, count: 4, slots: 4, queue: 200, service_time: {exponential: 8ms}}
    balancer:
      forward_timeout: 1s
      retries: {tries: 2, on: [error, timeout]}
      passive_health: {max_fails: 3, fail_timeout: 10s}
    workload:
      type: open_loop
      rate: 50
      clients: 20
      keys: {zipf: {n: 100, exponent: 0.9}}
      timeout: 5s
    """

    @Test func everyHeterogeneousCellReplaysItsDigest() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strategies-replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("strategies.yaml").path
        try Self.file.write(toFile: path, atomically: true, encoding: .utf8)
        let base = try StrategyComparison.loadBase(path: path)
        let situation = try #require(StrategyComparison.situations(base).first { $0.name == "heterogeneous" })
        let cells = StrategyComparison.strategies.map { StrategyComparison.Cell(strategy: $0, result: ScenarioRunner.runTraffic(situation.world(strategy: $0))) }
        let comparison = StrategyComparison(base: base, situations: [situation], cells: [cells], seedStudy: StrategySeedStudy(seeds: [], p99: []))
        let rows = try ClaimsReplayTests.replays(csv: comparison.resultsCSV())
        let servers = "'servers=[{name: s1, slots: 4, queue: 200, service_time: {exponential: 8ms}, speed: 2, weight: 4}, {name: s2, slots: 4, queue: 200, service_time: {exponential: 8ms}, weight: 2}, {name: s3, slots: 4, queue: 200, service_time: {exponential: 8ms}, weight: 2}, {name: s4, slots: 4, queue: 200, service_time: {exponential: 8ms}, speed: 0.5}]'"
        #expect(rows.map(\.command) == StrategyComparison.strategies.map { strategy in
            "orrery run \(path) --seed 6 --set \(servers)" + (strategy == .weightedRoundRobin ? "" : " --set balancer.strategy=\(strategy.name)")
        })
        for row in rows {
            #expect(try ClaimsReplayTests.replayedDigest(row.command) == row.digest, "\(row.command)")
        }
    }

    /// The report no longer leaves the heterogeneous cells out of the commands it points to.
    @Test func theReportPointsToEveryCellsCommand() {
        #expect(StrategiesProseTests.comparison.markdown().contains("; the digests and the commands that replay each cell alone are in `results.csv`. "))
    }

    /// A replay word with a line break is in POSIX single quotes (dash reads no `$'…'`), the break
    /// as it is; a quote is `'\''`.
    @Test func aControlCharacterIsSingleQuoted() {
        #expect(ShellQuoting.posixQuote("a\nb.yaml") == "'a\nb.yaml'")
        #expect(ShellQuoting.posixQuote("it's\t.yaml") == "'it'\\''s\t.yaml'")
        #expect(ShellQuoting.posixQuote("it's.yaml") == "'it'\\''s.yaml'")
        #expect(ShellQuoting.posixQuote("plain/file.yaml") == "plain/file.yaml")
        #expect(RunReplay.command(file: "dir\n/s.yaml", seed: 6, overrides: [ScenarioOverride(path: "faults", value: "[]")])
                == "orrery run 'dir\n/s.yaml' --seed 6 --set 'faults=[]'")
    }
}
