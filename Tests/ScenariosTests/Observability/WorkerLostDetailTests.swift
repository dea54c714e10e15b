import Foundation
import Testing
@testable import Scenarios

/// The trace's "worker lost" instant read "1 attempts or outputs lost" (C1's F9). Observations
/// fold into no digest, so its wording may change.
struct WorkerLostDetailTests {
    @Test func oneLossIsSingular() throws {
        let run = try ObservabilityFixture.run(yaml: """
            name: wl
            seed: 5
            mapreduce:
              cluster: {workers: 2, cost: {map_per_record: 2ms}, policy: {heartbeat_interval: 500ms, worker_timeout: 2s}}
              jobs: [{name: word-count, reducers: 1, input: {synthetic: {lines: 2000}}, submit_at: 1s}]
            faults:
              - {at: 2s, crash: worker-2}
              - {at: 9s, restart: worker-2}
            """)
        let names = try ObservabilityFixture.events(ObservabilityFixture.perfetto(run)).filter { $0["cat"] as? String == "worker lost" }.compactMap { $0["name"] as? String }
        #expect(names == ["worker lost: worker-2: no heartbeat for 2.000s; 1 attempt or output lost"])
        #expect(run.result.digest == "f7a69f9910ccd681")
    }
}
