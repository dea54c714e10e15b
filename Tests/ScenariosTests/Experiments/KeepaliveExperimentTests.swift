import Foundation
import Testing
@testable import Scenarios
@testable import Simulator

/// A small copy of `scenarios/keepalive.yaml`: 3 servers with a constant 10 ms service, 2 ms one
/// way, 4 users for 2 s, keepalive 32.
let keepaliveExperimentScenario = """
name: ka
seed: 3
run:
  duration: 2s
network:
  latency: 2ms
servers:
  - {name: a, slots: 1, service_time: {constant: 10ms}}
  - {name: b, slots: 1, service_time: {constant: 10ms}}
  - {name: c, slots: 1, service_time: {constant: 10ms}}
balancer:
  strategy: least_conn
  forward_timeout: 10s
  keepalive: {connections: 32}
workload:
  type: closed_loop
  users: 4
  timeout: 60s
"""

/// `orrery experiment keepalive` on the small world above, with a sweep of 10 and 200 users.
struct KeepaliveExperimentTests {
    static let comparison: KeepaliveComparison = {
        let base = try! ScenarioLoader.parse(keepaliveExperimentScenario, file: "ka.yaml")
        return KeepaliveComparison.run(base, jobs: 1, sweepUsers: [10, 200])
    }()

    static func rounded(_ seconds: Double?) -> Double? { seconds.map { ($0 * 1e6).rounded() / 1e6 } }

    @Test func theVariantsChangeOnlyThePoolOrTheTraffic() {
        let names = Self.comparison.variants.map(\.name)
        #expect(names == ["no pooling", "no pooling, TLS", "keepalive 32 (the file)", "seed 004: 64/100/60s", "seed 004, TLS", "keepalive 4", "keepalive 1",
                          "bursty: no pooling", "bursty: keepalive 4", "bursty: seed 004", "bursty: keepalive 1024", "10 users", "200 users"])
        let pools = Self.comparison.variants.compactMap(\.connections)
        #expect(pools.map(\.idleConnections) == [0, 0, 32, 64, 64, 4, 1, 0, 4, 64, 1_024, 64, 64])
        #expect(pools.map(\.requestsPerConnection) == [1_000, 1_000, 1_000, 100, 100, 100, 100, 1_000, 100, 100, 100, 100, 100])
        #expect(pools.map(\.tls) == [false, true, false, false, true, false, false, false, false, false, false, false, false])
    }

    @Test func withoutAPoolEveryForwardSetsUpAConnectionOfOneOrThreeRoundTrips() throws {
        let none = try #require(Self.comparison.variant("no pooling")?.connections)
        let tls = try #require(Self.comparison.variant("no pooling, TLS")?.connections)
        #expect(none.setups == none.forwards && none.setupsPerRequest == 1 && none.closes(.notPooled) == none.setups)
        #expect(tls.setups == tls.forwards)
        #expect(Self.rounded(none.meanSetupSeconds) == 0.004 && Self.rounded(tls.meanSetupSeconds) == 0.012)
    }

    @Test func aWarmPoolSetsUpOneConnectionPerUserAndSavesTheSetup() throws {
        let comparison = Self.comparison
        let file = try #require(comparison.variant("keepalive 32 (the file)"))
        let connections = try #require(file.connections)
        // A warm pool never closes a connection: each server gets as many as the most forwards
        // it had in flight at once (least_conn sends two users to one of the three now and then).
        #expect(connections.setups == 6 && connections.closes(.evicted) == 0 && connections.openAtEnd == 6)
        let peaks = try #require(file.result.balancer?.servers.map(\.peakConnections))
        #expect(connections.servers.map(\.setups) == peaks && connections.servers.map(\.peakOpen) == peaks)
        #expect(connections.reuses == connections.forwards - 6)
        let seed004 = try #require(comparison.variant("seed 004: 64/100/60s")?.connections)
        #expect(seed004.closes(.requestLimit) == seed004.setups - seed004.openAtEnd)
        #expect(try #require(comparison.saved(file)) > 0)
        #expect(comparison.saved(try #require(comparison.variant("no pooling"))) == nil)
    }

    @Test func aPoolSmallerThanTheUsersEvicts() throws {
        let one = try #require(Self.comparison.variant("keepalive 1")?.connections)
        #expect(one.closes(.evicted) > 0 && one.peakIdle == 1)
        #expect(one.setups == one.closes(.evicted) + one.closes(.requestLimit) + one.openAtEnd)
    }

    @Test func theReportIsWrittenFromTheFigures() throws {
        let bundle = Self.comparison.bundle()
        #expect(bundle.files.map(\.path) == ["keepalive/report.md", "keepalive/report.json", "keepalive/variants.csv",
                                             "keepalive/setups.svg", "keepalive/latency.svg", "keepalive/users.svg"])
        let report = Self.comparison.markdown()
        #expect(report.contains("## Seed 004's settings"))
        #expect(report.contains("the floor `keepalive_requests 100` sets is 0.0100"))
        #expect(report.contains("4.000 ms here, against a mean service time of 10.000 ms"))
        #expect(Self.comparison.variantsCSV().split(separator: "\n").count == 1 + 13)
    }

    @Test func theCommittedFileIsSeed003sTrafficWithKeepalive32() throws {
        let base = try KeepaliveComparison.loadBase(path: packageRoot.appendingPathComponent("scenarios/keepalive.yaml").path)
        #expect(base.balancer?.configuration.keepalive == KeepaliveConfiguration(idleConnections: 32))
        #expect(base.servers.count == 3 && base.users == 10)
        #expect(base.defaultLink.latency == .constant(0.002))
    }

    @Test func aFileWithoutKeepaliveIsRefused() throws {
        let text = keepaliveExperimentScenario.replacingOccurrences(of: "  keepalive: {connections: 32}\n", with: "")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("keepalive-without-pool-\(UInt64.random(in: 0...UInt64.max)).yaml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: ScenarioError.self) { try KeepaliveComparison.loadBase(path: path) }
    }

    /// The burst variants run at 60 % of the capacity the service time gives: a service time of a
    /// nanosecond asked for billions of requests a second and ran out of memory. Each variant is
    /// estimated as a world of its own when the file is loaded.
    @Test func aVariantBeyondTheBudgetIsRefusedWhenTheFileIsLoaded() throws {
        let text = keepaliveExperimentScenario.replacingOccurrences(of: "service_time: {constant: 10ms}", with: "service_time: {constant: 1ns}")
        #expect(text != keepaliveExperimentScenario)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("keepalive-fast-\(UInt64.random(in: 0...UInt64.max)).yaml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try KeepaliveComparison.loadBase(path: path)
            Issue.record("a service time of 1ns was accepted")
        } catch {
            #expect(error.description.hasPrefix("\(path):8:3: error: the keepalive experiment's own 'bursty: no pooling' world sends open-loop requests at 1,800,000,000 requests/s (60% of the 3,000,000,000 requests/s that 3 servers with the file's mean service_time of < 0.001 ms complete) with bursts of 4×; this world would need about "), "\(error.description)")
            #expect(error.description.contains(" events over its 2.000 s of virtual time (mostly from its requests, whose rate the file's 3 servers and their mean service_time of < 0.001 ms set)"), "\(error.description)")
        }
    }
}
