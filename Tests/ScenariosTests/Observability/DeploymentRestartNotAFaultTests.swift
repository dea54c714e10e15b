import Foundation
import Testing
import Simulator
@testable import Scenarios

/// A deployment's restarts were counted in `orrery_faults_total{fault="restart"}` and drawn as
/// Perfetto fault instants though the report lists no fault (checker P, `scenarios/deploy.yaml`:
/// 3 and 3, report 0). They are the deployment's: `deployment restart` instants of category
/// `deployment`, in no fault count; the file's own restart is still the one fault.
struct DeploymentRestartNotAFaultTests {
    static let yaml = """
        name: deploy-restarts
        seed: 3
        run: {duration: 20s}
        servers:
          - {name: a, slots: 1, service_time: 2ms}
          - {name: b, slots: 1, service_time: 2ms}
        balancer: {strategy: round_robin, health_check: {interval: 500ms, timeout: 200ms, rise: 1, fall: 1}}
        workload: {type: open_loop, rate: 20, timeout: 1s}
        deploy: {at: 2s, strategy: rolling, drain: true, drain_timeout: 2s, boot_time: 1s, health_deadline: 10s, pause: 1s}
        faults: [{at: 15s, restart: a}]
        """

    @Test func onlyTheFilesRestartIsAFault() throws {
        let run = try ObservabilityFixture.run(yaml: Self.yaml)
        #expect(run.result.faults.count == 1)
        let faults = MapReduceObservabilityTests.lastSamples(run).filter { $0.key.hasPrefix("orrery_faults_total{") }
        #expect(faults == ["orrery_faults_total{fault=\"restart\",node=\"a\"}": 1])
        let instants = try MapReduceObservabilityTests.instants(run)
        let drawn = instants.filter { ["fault", "fault copy", "deployment"].contains($0["cat"] as? String) }
            .map { "\($0["ts"] as! Int) \($0["cat"] as! String) \($0["name"] as! String)" }
        #expect(drawn == [
            "2000000 deployment deployment restart: boots for 1.0 s",
            "4007000 deployment deployment restart: boots for 1.0 s",
            "15000000 fault restart",
        ])
    }
}
