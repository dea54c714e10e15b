import Testing
@testable import Scenarios
@testable import Simulator

/// `health_check: {observe, error_limit, on_error}` in a world: HAProxy's `observe layer4|layer7`,
/// `error-limit` and `on-error`, read with HAProxy's defaults, bounded where they are written,
/// and run.
struct HealthCheckObserveLoadingTests {
    static func world(_ check: String, servers: String = "[{name: s, count: 2, slots: 4, service_time: 2ms}]") -> String {
        """
        name: observe
        seed: 1
        run: {duration: 20s}
        network: {latency: 1ms}
        servers: \(servers)
        balancer:
          strategy: round_robin
          health_check: \(check)
        workload: {type: open_loop, rate: 20, timeout: 3s}
        """
    }

    static func check(_ text: String) throws -> ActiveHealthCheck {
        try #require(try ScenarioLoader.parse(world(text), file: "h.yaml").balancer?.configuration.healthCheck)
    }

    @Test func theKeysAreReadWithHAProxysDefaults() throws {
        #expect(try Self.check("{interval: 2s}").observe == nil)
        #expect(try Self.check("{observe: layer7}").observe == .init(layer: .layer7, errorLimit: 10, onError: .failCheck))
        #expect(try Self.check("{observe: layer4, error_limit: 3, on_error: sudden_death}").observe == .init(layer: .layer4, errorLimit: 3, onError: .suddenDeath))
        for mode in ActiveHealthCheck.ErrorAction.allCases {
            #expect(try Self.check("{observe: layer7, on_error: \(mode.rawValue)}").observe?.onError == mode)
        }
        #expect(try Self.check("{observe: layer7, error_limit: 1000000}").observe?.errorLimit == 1_000_000)
    }

    /// Line 8 is `  health_check: {…}`: its `{` is column 17, so after `interval: 2s, ` a key is
    /// at column 32, and after `observe: layer7, ` as well at 49.
    @Test(arguments: [
        ("{interval: 2s, error_limit: 5}",
         "h.yaml:8:45: error: 'error_limit' acts on the errors of the forwards that 'observe' watches; set 'observe: layer4' or 'observe: layer7' (HAProxy would ignore it) (at balancer.health_check.error_limit)"),
        ("{interval: 2s, on_error: mark_down}",
         "h.yaml:8:42: error: 'on_error' acts on the errors of the forwards that 'observe' watches; set 'observe: layer4' or 'observe: layer7' (HAProxy would ignore it) (at balancer.health_check.on_error)"),
        ("{interval: 2s, observe: layer7, error_limit: 0}",
         "h.yaml:8:62: error: must be 1 … 1,000,000, got 0 (at balancer.health_check.error_limit)"),
        ("{interval: 2s, observe: layer7, error_limit: 1000001}",
         "h.yaml:8:62: error: must be 1 … 1,000,000, got 1,000,001 (at balancer.health_check.error_limit)"),
    ])
    func aBadValueIsRefusedWhereItIs(_ check: String, _ expected: String) {
        #expect(HostileInputTests.error(Self.world(check)) == expected)
    }

    /// A word that is not one of the modes is refused at its line and column (the value of
    /// `observe` at 41, of `on_error` after `observe: layer7, ` at 59), naming the words.
    @Test(arguments: [
        ("{interval: 2s, observe: http}", "h.yaml:8:41:", "layer4, layer7"),
        ("{interval: 2s, observe: layer7, on_error: fail-check}", "h.yaml:8:59:", "fastinter, fail_check, sudden_death, mark_down"),
    ])
    func anUnknownModeIsRefusedWhereItIs(_ check: String, _ position: String, _ words: String) throws {
        let error = try #require(HostileInputTests.error(Self.world(check)))
        #expect(error.hasPrefix(position))
        #expect(error.contains(words))
    }

    /// Two servers, the second answering 500 to everything but its health endpoint: with
    /// `observe: layer7, error_limit: 3, on_error: mark_down` it is marked down by the health
    /// check (and back at its checks, and down again); at layer 4, or without observe, a 500 is
    /// never held against it and nothing is marked.
    @Test func aServerAnsweringFiveHundredsIsMarkedDownOnlyWhenLayerSevenIsObserved() throws {
        let servers = "[{name: good, count: 1, service_time: 2ms}, {name: bad, count: 1, service_time: 2ms, error_rate: 1}]"
        func events(_ check: String) throws -> [(String, String)] {
            let result = ScenarioRunner.run(try ScenarioLoader.parse(Self.world(check, servers: servers), file: "h.yaml"), seed: nil)
            return try #require(result.traffic?.balancer?.events).map { ($0.subject, $0.description) }
        }
        let observed = try events("{interval: 2s, observe: layer7, error_limit: 3, on_error: mark_down}")
        #expect(observed.count >= 2)
        #expect(observed.allSatisfy { $0.0 == "bad" })
        #expect(observed.first?.1 == "marked down (health check)")
        #expect(try events("{interval: 2s, observe: layer4, error_limit: 3, on_error: mark_down}").isEmpty)
        #expect(try events("{interval: 2s}").isEmpty)
    }

    /// HAProxy's `hanafail` (`failed_hana`, counted at every limit reached whatever `on_error`
    /// does): with `error_limit: 1` and `fastinter` — which never fails a check, so round robin
    /// keeps alternating — every 500 of the bad server reaches the limit, so its count is its 5xx
    /// count and the good server's is 0. The report's cell and report.json carry it; a world
    /// whose check does not observe leaves it out of both.
    @Test func theErrorLimitReachedIsCountedAsHAProxysHanafail() throws {
        let servers = "[{name: good, count: 1, service_time: 2ms}, {name: bad, count: 1, service_time: 2ms, error_rate: 1}]"
        func balancer(_ check: String) throws -> (BalancerFigures, TrafficResult) {
            let result = ScenarioRunner.run(try ScenarioLoader.parse(Self.world(check, servers: servers), file: "h.yaml"), seed: nil)
            let traffic = try #require(result.traffic)
            return (try #require(traffic.balancer), traffic)
        }
        let (observed, traffic) = try balancer("{interval: 2s, fastinter: 500ms, observe: layer7, error_limit: 1, on_error: fastinter}")
        let good = try #require(observed.servers.first { $0.hostname == "good" })
        let bad = try #require(observed.servers.first { $0.hostname == "bad" })
        #expect(bad.serverErrors > 100)
        #expect(bad.failedHealthAnalyses == bad.serverErrors)
        #expect(good.failedHealthAnalyses == 0)
        #expect(bad.failedHealthChecks == 0)
        #expect(bad.failedChecksText == "0 / \(bad.healthChecks); error limit reached \(bad.serverErrors)×")
        #expect(traffic.markdown().contains("| \(bad.failedChecksText) |"))
        #expect(traffic.json().contains("\"failedHealthAnalyses\" : \(bad.serverErrors),"))

        let (plain, plainTraffic) = try balancer("{interval: 2s}")
        #expect(plain.servers.allSatisfy { $0.failedHealthAnalyses == nil })
        #expect(!plainTraffic.json().contains("failedHealthAnalyses"))
    }
}
