import Reports
import Foundation
import Simulator

/// `orrery experiment strategies`: every balancing strategy against the same traffic
/// (`scenarios/strategies.yaml`) in four situations, tabulating p99, imbalance, errors and
/// retries — the comparison none of the balancers it models can give a user.
public struct StrategyComparison: Sendable {
    /// A situation the servers are in.
    public struct Situation: Sendable {
        /// Short name, for tables and file names.
        public var name: String
        /// What is different, for the report.
        public var summary: String
        /// The server the situation is about, if one is singled out.
        public var affected: String?
        /// The base scenario changed into this situation.
        public var scenario: Scenario
    }

    /// One strategy in one situation.
    public struct Cell: Sendable {
        /// The strategy.
        public var strategy: BalancingStrategyKind
        /// Its run in the situation.
        public var result: TrafficResult

        /// Requests that did not get a 2xx answer (failed or never answered).
        public var errors: Int { result.issued - result.succeeded }
        /// The busiest server's served requests over the mean.
        public var peakToAverage: Double { BalanceStatistics(counts: result.servers.map(\.served)).peakToAverage }
        /// The busiest server's utilisation.
        public var maximumUtilisation: Double { result.servers.map(\.utilisation).max() ?? 0 }
        /// The share of successful requests answered by `server`.
        public func share(of server: String) -> Double {
            let total = result.servers.reduce(0) { $0 + $1.served }
            return total == 0 ? 0 : Double(result.servers.first { $0.id == server }?.served ?? 0) / Double(total)
        }
    }

    /// Every strategy, in the order the report lists them.
    public static let strategies: [BalancingStrategyKind] = [
        .roundRobin, .weightedRoundRobin, .leastConnections, .random, .leastRequest, .healthBased, .ipHash,
        .consistentHash(key: .request, balanceFactor: nil), .consistentHash(key: .request, balanceFactor: 1.25),
    ]

    /// The traffic, as loaded from the scenario file.
    public var base: Scenario
    /// The situations, in the report's order.
    public var situations: [Situation]
    /// `cells[s][k]`: situation `s`, strategy `k`.
    public var cells: [[Cell]]
    /// The same cells over many seeds.
    public var seedStudy: StrategySeedStudy

    /// Loads the base scenario from `path`: a balancer in front of at least two servers.
    static func loadBase(path: String) throws(ScenarioError) -> Scenario {
        let base = try loadTraffic(path: path)
        let scenario = base.scenario
        guard scenario.balancer != nil else { throw base.error(at: "", .missingKey("balancer")) }
        guard scenario.servers.count >= 2 else {
            throw base.error(at: "servers", .invalidValue("the strategy comparison needs at least two servers, got \(scenario.servers.count)"))
        }
        try checkCrashWindow(base)
        try ScenarioLoader.checkExperimentWorlds(situations(scenario).map { ($0.name, $0.scenario) }, times: strategies.count * SeedStudy.seedCount,
                                                 of: base, experiment: "strategy comparison")
        return scenario
    }

    /// How many times slower the one-slow situation makes its server.
    static let slowFactor = 5

    /// How long the crashed server takes to boot after its restart in the crash-and-back situation.
    static let crashBootTime: Duration = .seconds(1)

    /// When the crash-and-back situation's server crashes (half the run), is restarted, and is
    /// back (three quarters of the run, after ``crashBootTime``): placed by the run's duration, so
    /// that any run long enough holds all three (40 s: 20 s, 29 s, 30 s).
    static func crashWindow(_ duration: Duration) -> (crash: Duration, restart: Duration, back: Duration) {
        let back = duration * 3 / 4
        return (duration / 2, back - crashBootTime, back)
    }

    /// The crash-and-back situation is timed by `run.duration`: a file without one, or with a
    /// request count that could end the run first, or one too short for the server to be down and
    /// back before the end, is refused where it is written (a crash fixed at 20 s was told of in a
    /// 15 s run in which nothing crashed).
    private static func checkCrashWindow(_ base: ExperimentBaseFile) throws(ScenarioError) {
        let run = try base.sections["run"]?.openMapping()
        if let requests = run?["requests"] {
            throw requests.error(.invalidValue("the strategy comparison crashes a server at half run.duration and has it back at three quarters; a request count could end the run before either, so remove run.requests"))
        }
        guard let duration = base.scenario.limits.duration else {
            throw base.error(at: "run", .invalidValue("the strategy comparison crashes a server at half run.duration and has it back at three quarters; set run.duration"))
        }
        let window = crashWindow(duration)
        guard window.restart > window.crash else {
            let at = run?["duration"] ?? base.sections["run"] ?? base.sections.cursor
            let shortest = crashBootTime * 4
            throw at.error(.invalidValue("the strategy comparison crashes a server at half the run (\(DurationFormat.seconds(window.crash.seconds))) and has it back, after a \(DurationFormat.seconds(crashBootTime.seconds)) boot, at three quarters (\(DurationFormat.seconds(window.back.seconds))): a run of \(DurationFormat.seconds(duration.seconds)) leaves it no time down; make run.duration longer than \(DurationFormat.seconds(shortest.seconds))"))
        }
    }

    /// A scenario of servers and clients alone, as the experiments that vary traffic need.
    static func loadTraffic(path: String) throws(ScenarioError) -> ExperimentBaseFile {
        let base = try ExperimentBaseFile.load(path: path)
        let scenario = base.scenario
        guard scenario.subsystems == [.balancer] else {
            let other = ScenarioSchema.worldSubsystemSections.first { base.sections[$0] != nil && !["servers", "workload", "balancer"].contains($0) } ?? "workload"
            throw base.error(at: other, .invalidValue(
                "this experiment varies servers and clients: the file needs a workload and no other subsystem (it has \(scenario.subsystems.map(\.rawValue).joined(separator: ", ")))"))
        }
        return base
    }

    /// The four situations built from `base`.
    static func situations(_ base: Scenario) -> [Situation] {
        let second = base.servers[1].id
        var heterogeneous = base
        let speeds: [Double] = [2, 1, 1, 0.5]
        for index in heterogeneous.servers.indices {
            let speed = speeds[index % speeds.count]
            heterogeneous.servers[index].configuration.speed = speed
            heterogeneous.servers[index].weight = Int(speed * 2)
        }
        let speedList = heterogeneous.servers.map { NumberFormat.trimmed($0.configuration.speed, maxDecimals: 2) }.joined(separator: ", ")
        let weightList = heterogeneous.servers.map { String($0.weight) }.joined(separator: ", ")
        // `loadBase` refuses a file without run.duration; a scenario built in code without one
        // is timed as the shipped file's 40 s.
        let window = crashWindow(base.limits.duration ?? .seconds(40))
        func instant(_ time: Duration) -> String { NumberFormat.trimmed(time.seconds, maxDecimals: 3) + " s" }
        return [
            Situation(name: "identical", summary: "identical servers", affected: nil, scenario: base),
            Situation(name: "heterogeneous", summary: "speeds \(speedList), weights \(weightList) (in proportion)",
                      affected: capacityExtremes(heterogeneous).weakest.first?.id.name, scenario: heterogeneous),
            Situation(name: "one slow", summary: "\(second) \(NumberFormat.cardinal(slowFactor)) times slower for the whole run", affected: second.name,
                      scenario: base.withFaults([.init(at: .zero, fault: .slow(second, factor: Double(slowFactor)))])),
            Situation(name: "crash and back", summary: "\(second) crashes at \(instant(window.crash)) and is back at \(instant(window.back))", affected: second.name,
                      scenario: base.withFaults([.init(at: .after(window.crash), fault: .crash(second)),
                                                 .init(at: .after(window.restart), fault: .restart(second, bootTime: crashBootTime))])),
        ]
    }

    /// The servers with the least and the most capacity (slots × speed) in `scenario`, each in
    /// the file's order (several when they tie): the heterogeneous situation's weakest is the one
    /// its table follows, whichever place the speeds give it.
    static func capacityExtremes(_ scenario: Scenario) -> (weakest: [Scenario.Server], strongest: [Scenario.Server]) {
        let capacities = scenario.servers.map { Double($0.configuration.slots) * $0.configuration.speed }
        guard let low = capacities.min(), let high = capacities.max() else { return ([], []) }
        return (scenario.servers.indices.filter { capacities[$0] == low }.map { scenario.servers[$0] },
                scenario.servers.indices.filter { capacities[$0] == high }.map { scenario.servers[$0] })
    }

    /// Runs every strategy in every situation; the seed study runs the first `seedCount` seeds
    /// of ``SeedStudy/seeds(from:)`` (all of them but in tests; the paired comparisons need two).
    public static func run(_ base: Scenario, jobs: Int = 1, seedCount: Int = SeedStudy.seedCount) -> StrategyComparison {
        let situations = situations(base)
        let runs = situations.flatMap { situation in strategies.map { situation.world(strategy: $0) } }
        let results = ParallelWorlds.map(runs, width: jobs) { ScenarioRunner.runTraffic($0) }
        let cells = situations.indices.map { row in
            strategies.indices.map { column in Cell(strategy: strategies[column], result: results[row * strategies.count + column]) }
        }
        // The other seeds of the study: only each run's p99 is kept.
        let seeds = Array(SeedStudy.seeds(from: base.seed).prefix(max(1, seedCount)))
        let others = Array(seeds.dropFirst())
        let extra = ParallelWorlds.map(runs.count * others.count, width: jobs) { index in
            ScenarioRunner.runTraffic(runs[index / others.count], seed: others[index % others.count]).value(of: .p99)
        }
        let p99 = situations.indices.map { row in
            strategies.indices.map { column in
                let run = row * strategies.count + column
                return [results[run].value(of: .p99)] + extra[run * others.count..<(run + 1) * others.count]
            }
        }
        return StrategyComparison(base: base, situations: situations, cells: cells, seedStudy: StrategySeedStudy(seeds: seeds, p99: p99))
    }
}
