import Testing
@testable import Scenarios
@testable import Simulator

/// A step of the explicit operations due while their client's node is down — crashed, not yet
/// restarted — does not run, as a cron job due on a host that is down does not: the program that
/// sends the steps went down with the node, so the steps stop there, as they do at a request a
/// crash left unanswered. It was sent from the dead node and waited out the one-hour timeout: the
/// list below ended at 3,610.013 s, "the store did not answer: timeout", with a second request
/// counted as sent and never reaching the store. A step due while the node boots still waits for
/// the boot's end (RestartBootSendsTests).
struct OperationClientDownTests {
    /// A put at 0 s (answered at 13.000048 ms: 1 ms each way, 11 ms in the store and its 5 bytes'
    /// transfer), a wait of 10 s, so the second put is due at 10.013000048 s; the client crashes
    /// at 5 s and is never restarted.
    static func world(_ faults: String) -> String {
        """
        name: ops-client-down
        network: {latency: {constant: 1ms}}
        object_store: {latency: {constant: 11ms}, buckets: [{name: photos}]}
        operations:
          - put: {bucket: photos, key: a.txt, body: hello}
          - wait: 10s
          - put: {bucket: photos, key: b.txt, body: world}
          - get: {bucket: photos, key: a.txt}
        faults:
        \(faults)
        """
    }

    /// Operation 3 is not run: the run ends at its due instant, 10.013000048 s, its failure naming the
    /// client and the instant; the one answer before it kept, and the client sent nothing after
    /// its crash.
    @Test func aStepDueWhileTheClientIsDownIsNotRun() throws {
        let (result, events) = try RestartBootSendsTests.run(Self.world("  - {at: 5s, crash: client}"), file: "ops.yaml")
        #expect(result.failure == nil && !result.passed)
        #expect(result.virtualSeconds == 10.013000048)
        guard case .failure(let failure) = result.operations else { Issue.record("the operations did not stop"); return }
        #expect(failure.located(in: "ops.yaml")
            == "ops.yaml:7:5: operation 3 (put): not run: its client 'client' was down (crashed, not yet restarted) when it was due, at 10.013 s")
        #expect(failure.error == .clientDown("client", at: VirtualInstant(nanoseconds: 10_013_000_048)))
        #expect(failure.answered.map(\.index) == [1] && failure.answered.map(\.result.status) == [200])
        #expect(RestartBootSendsTests.sends(of: "client", in: events) == [0])
        #expect(result.value(of: StoreMetric.operations.metric) == 1)
        #expect(result.value(of: StoreMetric.requests.metric) == 1)
        #expect(StorePart.markdown(result).contains("**Stopped:** ops.yaml:7:5: operation 3 (put): not run: its client 'client' was down (crashed, not yet restarted) when it was due, at 10.013 s; the 1 answer before it is in `results.jsonl`."))
    }

    /// Restarted by then, the client sends the step at the restart's boot end: a restart at 8 s
    /// booting 4 s sends operation 3 at 12 s, and operation 4 after its answer.
    @Test func aStepDueWhileTheClientBootsWaitsForTheBoot() throws {
        let (result, events) = try RestartBootSendsTests.run(Self.world("  - {at: 5s, crash: client}\n  - {at: 8s, restart: client, boot_time: 4s}"),
                                                             file: "ops.yaml")
        #expect(result.failure == nil && result.passed)
        guard case .success(let outcomes) = result.operations else { Issue.record("the operations stopped"); return }
        #expect(outcomes.map(\.result.status) == [200, 200, 200])
        #expect(RestartBootSendsTests.sends(of: "client", in: events) == [0, 12_000_000_000, 12_013_000_048])
    }
}
