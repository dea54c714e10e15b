import Testing
@testable import Scenarios

/// A deploy phase just over its hour was refused as "is at most 3,600.000 s, got 3,600.000 s",
/// two equal figures (s77's F2): the value is quoted as written, as the 100-year and failover
/// caps quote theirs.
struct DeployPhaseCapWrittenTests {
    static func world(_ phase: String) -> String {
        """
        run: {duration: 60s}
        servers: [{name: s, count: 3}]
        balancer: {strategy: least_conn}
        workload: {type: open_loop, rate: 50, clients: 20}
        deploy: {at: 10s, \(phase)}
        """
    }

    @Test(arguments: [(String, String)]([
        ("pause: 3600.000000001s", "d.yaml:5:26: error: 'pause' is at most 3,600.000 s, got 3600.000000001s (at deploy.pause)"),
        ("boot_time: 3600.000000001s", "d.yaml:5:30: error: 'boot_time' is at most 3,600.000 s, got 3600.000000001s (at deploy.boot_time)"),
        ("drain_timeout: 86400.000000001s", "d.yaml:5:34: error: 'drain_timeout' is at most 3,600.000 s, got 86400.000000001s (at deploy.drain_timeout)"),
        ("health_deadline: 60.000001min", "d.yaml:5:36: error: 'health_deadline' is at most 3,600.000 s, got 60.000001min (at deploy.health_deadline)"),
    ]))
    func aPhaseOverItsHourIsQuotedAsWritten(phase: String, message: String) {
        var refusal: String?
        do { _ = try ScenarioLoader.parse(Self.world(phase), file: "d.yaml") } catch { refusal = error.description }
        #expect(refusal == message)
    }
}
