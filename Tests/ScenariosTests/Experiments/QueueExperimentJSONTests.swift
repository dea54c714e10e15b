import Reports
import Testing
@testable import Scenarios
@testable import Simulator

/// `orrery experiment queue`'s report.json gives each run's partitions and controller decisions
/// as a composed world's `queue` gives them (``QueueAudit/PartitionDocument``,
/// ``QueueEvent/Document``), each partition with what every group read of it and its largest lag
/// beside: the experiment's own partition and event documents are gone, and every key they had
/// keeps its value.
struct QueueExperimentJSONTests {
    /// A partition as report.json gave it before (session 73's `Document.Partition`), from the same run.
    struct PartitionBefore: Encodable {
        var partition: String, replicas: [Int], leader: Int?, inSync: [Int], records: Int, lostAcknowledged: Int
        var deliveredByGroup: [String: Int], maximumLagByGroup: [String: Int], duplicatesByGroup: [String: Int]

        init(_ run: QueueRunResult, _ index: Int) {
            let audit = run.audit, log = audit.logs[index]
            (partition, replicas, leader, inSync, records) = (log.partition.description, log.replicas, log.leader, log.inSync, log.records.count)
            lostAcknowledged = audit.lostAcknowledgedByPartition[index]
            deliveredByGroup = Dictionary(uniqueKeysWithValues: run.groups.indices.map { (run.groups[$0], run.deliveredByGroup[$0][index]) })
            maximumLagByGroup = Dictionary(uniqueKeysWithValues: run.groups.indices.map { (run.groups[$0], run.maximumLag[$0][index]) })
            duplicatesByGroup = Dictionary(uniqueKeysWithValues: run.groups.map { ($0, audit.duplicatesByPartition[$0]?[index] ?? 0) })
        }
    }

    /// A controller decision as report.json gave it before (session 73's `Document.Event`).
    struct EventBefore: Encodable {
        var seconds: Double, kind: String, partition: String?, broker: Int
        init(_ event: QueueEvent) { (seconds, kind, partition, broker) = (event.time.seconds, event.kind.rawValue, event.partition?.description, event.broker) }
    }

    /// The committed file's run without faults and its leader crash; no swarm, no placement analysis.
    static func result() throws -> (spec: QueueExperimentSpec, result: QueueResult) {
        var spec = try QueueExperiment.load(from: scenarioDirectory).spec
        spec.runs = [spec.runs[0]]
        spec.swarmSeeds = 0
        spec.analysis = nil
        return (spec, try QueueExperiment.run(spec))
    }

    @Test func partitionsAndEventsKeepTheirKeysAndValuesAndGainTheWorldsOffsets() throws {
        let (spec, result) = try Self.result()
        let runs = try #require(try ReportJSON.object(result.json(spec: spec))["runs"] as? [ReportJSON.Object])
        #expect(runs.map { $0["name"] as? String } == ["no faults", "leader crash"])
        for (run, json) in zip(result.runs, runs) {
            let partitions = try #require(json["partitions"] as? [ReportJSON.Object])
            let before = try ReportJSON.objects(JSONReport.encode(run.audit.logs.indices.map { PartitionBefore(run, $0) }))
            #expect(partitions.count == 4 && before.count == 4)
            for (new, old) in zip(partitions, before) {
                #expect(ReportJSON.changedKeys(from: old, to: new) == [])
                #expect(ReportJSON.addedKeys(from: old, to: new) == ["beyondHighWatermark", "logEndOffset"])
            }
            let events = try #require(json["events"] as? [ReportJSON.Object])
            let eventsBefore = try ReportJSON.objects(JSONReport.encode(run.events.map(EventBefore.init)))
            #expect(events.count == run.events.count)
            for (new, old) in zip(events, eventsBefore) {
                #expect(ReportJSON.changedKeys(from: old, to: new) == [] && ReportJSON.addedKeys(from: old, to: new) == [])
            }
        }
        // Without faults every partition holds its 1,000 records below the high watermark, each group read them all.
        let plain = try #require(runs[0]["partitions"] as? [ReportJSON.Object])
        #expect(plain.map { $0["partition"] as? String } == ["T1:P1", "T1:P2", "T2:P1", "T2:P2"])
        #expect(plain.map { $0["records"] as? Int } == [1_000, 1_000, 1_000, 1_000])
        #expect(plain.map { $0["logEndOffset"] as? Int } == [1_000, 1_000, 1_000, 1_000])
        #expect(plain.map { $0["beyondHighWatermark"] as? Int } == [0, 0, 0, 0])
        #expect(plain[0]["deliveredByGroup"] as? [String: Int] == ["consumer-1": 1_000, "consumer-2": 1_000])
        // The leader crash's three elections are among its decisions.
        let crash = try #require(runs[1]["events"] as? [ReportJSON.Object])
        #expect(crash.filter { $0["kind"] as? String == QueueEvent.Kind.leaderElected.rawValue }.count == 3)
    }
}
