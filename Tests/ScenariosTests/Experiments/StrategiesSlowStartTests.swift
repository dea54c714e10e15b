import Foundation
import Testing
@testable import Scenarios
@testable import Simulator

/// A base file with `balancer.slow_start` loads (the default strategy, weighted round robin, reads
/// the slow-start weight), but the comparison swapped every strategy in with it: round_robin,
/// ip_hash and hash ran with a slow_start that does nothing there — a world file with either pair
/// is refused (``ScenarioLoader/slowStartRefusal(_:)``) — and the report did not say. Those cells
/// now run without it, their replay commands remove it, and the header says so from the runs.
struct StrategiesSlowStartTests {
    static let file = """
    name: small-strategies
    seed: 6
    run:
      duration: 5s
    network:
      latency: 0.5ms
    servers:
      - {name: s, count: 3, slots: 4, queue: 200, service_time: {exponential: 8ms}}
    balancer:
      forward_timeout: 1s
      retries: {tries: 2, on: [error, timeout]}
      slow_start: 10s
    workload:
      type: open_loop
      rate: 50
      clients: 20
      keys: {zipf: {n: 100, exponent: 0.9}}
      timeout: 5s
    """

    static let unweighted: [BalancingStrategyKind] = [.roundRobin, .ipHash, .consistentHash(key: .request, balanceFactor: nil)]

    /// Loads `text` as the comparison's base from a file of its own (replay commands read it).
    static func withBase<T>(_ text: String, _ body: (Scenario, String) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strategies-slow-start-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("strategies.yaml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return try body(try StrategyComparison.loadBase(path: path), path)
    }

    @Test func theUnweightedRowsRunWithoutSlowStartAndTheReportSaysSo() throws {
        try Self.withBase(Self.file) { base, path in
            #expect(base.balancer?.configuration.slowStart?.window == .seconds(10))
            let comparison = StrategyComparison.run(base, jobs: 1, seedCount: 2)
            #expect(comparison.slowStartLine == "slow_start (10.000 s) applies to the strategies that use weights; round_robin, ip_hash and hash ran without it")
            #expect(comparison.markdown().contains("; the same for every strategy\n- slow_start (10.000 s) applies to the strategies that use weights; round_robin, ip_hash and hash ran without it\n"))
            for situation in comparison.situations {
                for strategy in StrategyComparison.strategies {
                    let slowStart = situation.world(strategy: strategy).balancer?.configuration.slowStart
                    #expect(slowStart == (Self.unweighted.contains(strategy) ? nil : SlowStart(window: .seconds(10))), "\(situation.name) \(strategy.name)")
                }
            }
            // An unweighted cell is the run of the file without slow_start: the same digest.
            var without = base
            without.balancer?.configuration.slowStart = nil
            let crash = try #require(comparison.situations.firstIndex { $0.name == "crash and back" })
            let plain = StrategyComparison.situations(without)[crash]
            for (column, strategy) in StrategyComparison.strategies.enumerated() where Self.unweighted.contains(strategy) {
                #expect(comparison.cells[crash][column].result.digest == ScenarioRunner.runTraffic(plain.world(strategy: strategy)).digest, "\(strategy.name)")
            }
            // Every cell's replay command loads the file into the cell's world: the unweighted
            // ones remove slow_start (the file with both is refused).
            let rows = try ClaimsReplayTests.replays(csv: comparison.resultsCSV())
            #expect(rows.count == comparison.situations.count * StrategyComparison.strategies.count)
            #expect(rows.prefix(StrategyComparison.strategies.count).map(\.command) == StrategyComparison.strategies.map { strategy in
                "orrery run \(path) --seed 6"
                    + (strategy == .weightedRoundRobin ? "" : " --set balancer.strategy=\(strategy.name)")
                    + (Self.unweighted.contains(strategy) ? " --set balancer.slow_start=null" : "")
            })
            for row in rows.prefix(StrategyComparison.strategies.count) {
                #expect(try ClaimsReplayTests.replayedDigest(row.command) == row.digest, "\(row.command)")
            }
        }
    }

    /// Without slow_start in the file the header has no such line, and every world is the file's balancer.
    @Test func withoutSlowStartNothingIsSaid() throws {
        try Self.withBase(Self.file.replacingOccurrences(of: "  slow_start: 10s\n", with: "")) { base, _ in
            let situation = try #require(StrategyComparison.situations(base).first)
            let cells = StrategyComparison.strategies.map { StrategyComparison.Cell(strategy: $0, result: ScenarioRunner.runTraffic(situation.world(strategy: $0))) }
            let comparison = StrategyComparison(base: base, situations: [situation], cells: [cells], seedStudy: StrategySeedStudy(seeds: [], p99: []))
            #expect(comparison.slowStartLine == nil)
            #expect(StrategyComparison.strategies.allSatisfy { situation.world(strategy: $0).balancer?.configuration == base.balancer?.configuration })
        }
    }
}
