import Testing
@testable import Scenarios
@testable import Simulator

/// A valid scenario with keepalive pools, to break one line at a time.
let keepaliveScenario = """
name: k
run:
  duration: 1s
network:
  latency: 1ms
servers:
  - {name: s, slots: 4, service_time: {constant: 10ms}, connection_limit: 200}
balancer:
  strategy: least_conn
  keepalive:
    connections: 64
    requests: 100
    timeout: 60s
    workers: 4
    tls: true
    connect_timeout: 5s
workload:
  type: closed_loop
  users: 1
expect:
  - connection_setups == 1
"""

struct KeepaliveSectionTests {
    @Test func everyKeepaliveSettingIsRead() throws {
        let scenario = try ScenarioLoader.parse(keepaliveScenario, file: "k.yaml")
        let keepalive = try #require(scenario.balancer?.configuration.keepalive)
        #expect(keepalive == KeepaliveConfiguration(idleConnections: 64, requestsPerConnection: 100, idleTimeout: .seconds(60), workers: 4, tls: true,
                                                    connectTimeout: .seconds(5), connectionLimits: ["s": 200]))
        #expect(scenario.servers.map(\.connectionLimit) == [200])
        #expect(scenario.expectations.map(\.metric) == [BalancerMetric.connectionSetups.metric])
    }

    @Test func keepaliveDefaultsToNginxsSettings() throws {
        let text = "run: {requests: 10}\nservers: [{name: s}]\nbalancer: {keepalive: {connections: 32}}\nworkload: {type: closed_loop, users: 1}\n"
        let keepalive = try #require(try ScenarioLoader.parse(text, file: "d.yaml").balancer?.configuration.keepalive)
        #expect(keepalive == KeepaliveConfiguration(idleConnections: 32, requestsPerConnection: 1_000, idleTimeout: .seconds(60), workers: 1, tls: false,
                                                    connectTimeout: .seconds(60)))
    }

    @Test func withoutKeepaliveConnectionsAreFree() throws {
        let text = "run: {requests: 10}\nservers: [{name: s}]\nbalancer: {}\nworkload: {type: closed_loop, users: 1}\n"
        #expect(try ScenarioLoader.parse(text, file: "d.yaml").balancer?.configuration.keepalive == nil)
    }

    static let badKeepalives: [(from: String, to: String, error: String)] = [
        ("connections: 64", "connections: 100001",
         "k.yaml:11:18: error: must be 0 … 100,000, got 100,001 (at balancer.keepalive.connections)"),
        ("requests: 100", "requests: 0",
         "k.yaml:12:15: error: must be 1 … 1,000,000, got 0 (at balancer.keepalive.requests)"),
        ("timeout: 60s", "timeout: 2d",
         "k.yaml:13:14: error: a keepalive timeout is at most 1 day, got 2d (at balancer.keepalive.timeout)"),
        ("timeout: 60s", "timeout: 0s",
         "k.yaml:13:14: error: must be longer than zero, got 0s (at balancer.keepalive.timeout)"),
        ("workers: 4", "workers: 1025",
         "k.yaml:14:14: error: must be 1 … 1,024, got 1,025 (at balancer.keepalive.workers)"),
        ("tls: true", "tls: yes please",
         "k.yaml:15:10: error: expected true or false, found 'yes please' (at balancer.keepalive.tls)"),
        ("connection_limit: 200", "connection_limit: 0",
         "k.yaml:7:75: error: must be 1 … 1,000,000, got 0 (at servers.[0].connection_limit)"),
        ("    requests: 100", "    request: 100",
         "k.yaml:12:5: error: unknown key 'request'; did you mean 'requests'? (at balancer.keepalive)"),
    ]

    @Test(arguments: badKeepalives.indices)
    func aBadKeepaliveSettingIsReportedWithItsPosition(index: Int) {
        let bad = Self.badKeepalives[index]
        let text = keepaliveScenario.replacingOccurrences(of: bad.from, with: bad.to)
        #expect(text != keepaliveScenario)
        #expect(loadError(text, file: "k.yaml")?.description == bad.error)
    }

    @Test func aConnectionLimitNeedsKeepalive() {
        let withoutKeepalive = "run: {requests: 10}\nservers: [{name: s, connection_limit: 5}]\nbalancer: {}\nworkload: {type: closed_loop, users: 1}\n"
        #expect(loadError(withoutKeepalive, file: "c.yaml")?.description
                == "c.yaml:2:39: error: 'connection_limit' limits the balancer's pooled connections; add 'keepalive' to the balancer (at servers.[0].connection_limit)")
        let withoutBalancer = "run: {requests: 10}\nservers: [{name: s, connection_limit: 5}]\nworkload: {type: closed_loop, users: 1}\n"
        #expect(loadError(withoutBalancer, file: "c.yaml")?.description
                == "c.yaml:2:39: error: 'connection_limit' applies behind a load balancer; add a 'balancer' section (at servers.[0].connection_limit)")
    }

    /// One user, 1 ms one way, 10 ms service, TLS: the first request pays a 6 ms setup; every
    /// later one reuses the connection until keepalive_requests (100) retires it.
    @Test func aRunCountsSetupsAndReusesExactly() throws {
        let scenario = try ScenarioLoader.parse(keepaliveScenario, file: "k.yaml")
        let result = ScenarioRunner.runTraffic(scenario)
        let connections = try #require(result.balancer?.connections)
        #expect(result.completed == connections.forwards)
        #expect(connections.setups == 1 && connections.reuses == connections.forwards - 1)
        #expect(connections.meanSetupSeconds == 0.006)
        #expect(result.value(of: .connectionSetups) == 1)
        #expect(result.passed)
    }
}
