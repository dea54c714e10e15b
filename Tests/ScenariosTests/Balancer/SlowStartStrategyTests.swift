import Testing
@testable import Scenarios
@testable import Simulator

/// `slow_start` with a strategy that reads no slow-start weight was loaded and did nothing
/// (checker D2): nginx refuses it with `hash` and `ip_hash` ("cannot be used along with"), and
/// Orrery's `round_robin` ignores weights altogether. The loader refuses those pairs at
/// `slow_start`; every strategy that uses the weight still loads with it.
struct SlowStartStrategyTests {
    static func world(_ strategy: String) -> String {
        "run: {duration: 1s}\nservers: [{name: s, count: 2}]\nbalancer:\n  strategy: \(strategy)\n  slow_start: 30s\nworkload: {type: open_loop, rate: 10}\n"
    }

    static let needs = "slow_start needs a strategy that uses weights (weighted_round_robin, least_conn, random, least_request, health_based or hash_bounded), so that a recovered server takes a growing share; "

    @Test func roundRobinIsRefusedAtSlowStart() {
        #expect(loadError(Self.world("round_robin"), file: "s.yaml")?.description
            == "s.yaml:5:15: error: \(Self.needs)'round_robin' takes the servers in turn whatever their weights, so slow_start would do nothing (nginx's round robin, which weighs its servers, is 'weighted_round_robin') (at balancer.slow_start)")
    }

    @Test func ipHashIsRefusedAtSlowStart() {
        #expect(loadError(Self.world("ip_hash"), file: "s.yaml")?.description
            == "s.yaml:5:15: error: \(Self.needs)'ip_hash' sends each client host to the server its hash picks by the configured weights, so slow_start would do nothing (nginx refuses slow_start with ip_hash) (at balancer.slow_start)")
    }

    @Test(arguments: ["hash", "{hash: {key: client}}"])
    func aPlainHashIsRefusedAtSlowStart(strategy: String) {
        #expect(loadError(Self.world(strategy), file: "s.yaml")?.description
            == "s.yaml:5:15: error: \(Self.needs)'hash' keeps each key on the server of its point on the ring, so slow_start would do nothing (nginx refuses slow_start with hash); with a balance_factor ('hash_bounded') a recovering server is capped by its slow-start weight (at balancer.slow_start)")
    }

    /// The refusal stands whichever key comes first.
    @Test func slowStartBeforeTheStrategyIsRefusedToo() {
        let text = "run: {duration: 1s}\nservers: [{name: s, count: 2}]\nbalancer: {slow_start: 30s, strategy: round_robin}\nworkload: {type: open_loop, rate: 10}\n"
        #expect(loadError(text, file: "s.yaml")?.description.hasPrefix("s.yaml:3:24: error: \(Self.needs)'round_robin' ") == true)
    }

    @Test(arguments: ["weighted_round_robin", "least_conn", "random", "least_request", "health_based", "hash_bounded",
                      "{hash: {key: client, balance_factor: 1.5}}"])
    func everyWeightedStrategyLoadsWithSlowStart(strategy: String) throws {
        let scenario = try ScenarioLoader.parse(Self.world(strategy), file: "s.yaml")
        let balancer = try #require(scenario.balancer)
        #expect(balancer.configuration.slowStart == SlowStart(window: .seconds(30)))
        #expect(balancer.strategy.usesSlowStartWeight)
    }

    /// The default strategy (`weighted_round_robin`) loads with it.
    @Test func theDefaultStrategyLoadsWithSlowStart() throws {
        let text = Self.world("x").replacingOccurrences(of: "  strategy: x\n", with: "")
        #expect(try ScenarioLoader.parse(text, file: "s.yaml").balancer?.configuration.slowStart == SlowStart(window: .seconds(30)))
    }

    /// The list the message gives is the strategies that use the weight, in the names' order.
    @Test func theListedNamesAreTheWeightedStrategies() throws {
        let weighted = try BalancingStrategyKind.names.filter { name in
            try ScenarioLoader.parseStrategy(YAMLCursor(node: .scalar(.init(name)), file: "s.yaml", path: "strategy")).usesSlowStartWeight
        }
        #expect(weighted == BalancingStrategyKind.slowStartNames)
    }
}
