import Testing
@testable import Scenarios

/// `orrery_faults_total` counts every fault the report lists, once, when it strikes: the checker's
/// `m3-faults.yaml` listed 6 faults and counted 9 — the ends of a slowdown, a drop rate and a
/// pause and a partition's heal were counted as faults, and the store's storm was not.
struct FaultCountMetricsTests {
    static let yaml = """
        name: m3-faults
        run: {duration: 10s}
        servers: [{name: web, count: 2, service_time: 2ms}]
        balancer: {strategy: round_robin}
        workload: {type: open_loop, rate: 20, timeout: 1s}
        object_store: {buckets: [{name: bkt}]}
        operations: [{put: {bucket: bkt, key: k, body: x}}]
        faults:
          - {at: 1s, slow: web1, factor: 2, for: 1s}
          - {at: 2s, pause: web2, for: 1s}
          - {at: 3s, hang: web1, for: 1s}
          - {at: 4s, storm: s3, for: 2s, rate: 0.5, code: ServiceUnavailable}
          - {at: 5s, drop_rate: 0.1, for: 1s}
          - {at: 7s, partition: [[web1]], for: 1s}
          - {at: 8.5s, restart: web2}
        """

    @Test func everyListedFaultIsCountedOnceWhenItStrikes() throws {
        let run = try ObservabilityFixture.run(yaml: Self.yaml)
        #expect(run.result.faults.count == 7)
        let faults = MapReduceObservabilityTests.lastSamples(run).filter { $0.key.hasPrefix("orrery_faults_total{") }
        #expect(faults == [
            "orrery_faults_total{fault=\"slow\",node=\"web1\"}": 1,
            "orrery_faults_total{fault=\"pause\",node=\"web2\"}": 1,
            "orrery_faults_total{fault=\"hang\",node=\"web1\"}": 1,
            "orrery_faults_total{fault=\"storm\",node=\"s3\"}": 1,
            "orrery_faults_total{fault=\"drop rate\",node=\"network\"}": 1,
            "orrery_faults_total{fault=\"partition\",node=\"network\"}": 1,
            // A process restart is one fault: its kill is not a crash of its own.
            "orrery_faults_total{fault=\"restart\",node=\"web2\"}": 1,
        ])
        // The trace shows the storm where it strikes, and the ends as ends.
        let instants = try MapReduceObservabilityTests.instants(run).compactMap { $0["name"] as? String }
        #expect(instants.contains("storm: ServiceUnavailable for 2.000s at rate 0.5"))
        #expect(instants.contains("slow over: service times ×1") && instants.contains("drop rate over: 0"))
        #expect(!instants.contains { $0.hasPrefix("crash") })
    }
}
