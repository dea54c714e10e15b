import Foundation
import Testing
@testable import Scenarios
@testable import Simulator

/// `orrery experiment queue`: the committed file, its runs' exact figures, the report files, and
/// every key refusing bad values with its position.
struct QueueExperimentTests {
    /// The committed file with a 5-seed swarm (the committed report has 200).
    static func committed() throws -> QueueExperimentSpec {
        var spec = try QueueExperiment.load(from: scenarioDirectory).spec
        spec.swarmSeeds = 5
        return spec
    }

    @Test func theCommittedQueueFileLoads() throws {
        let spec = try QueueExperiment.load(from: scenarioDirectory).spec
        #expect(spec.brokers == 3)
        #expect(spec.configuration == QueueConfiguration(replication: 2, acks: .all))
        #expect(spec.topics.map(\.name) == ["T1", "T2"])
        #expect(spec.producers.map(\.targets) == [[.topic("T1"), .topic("T2")], [.topic("T1"), .topic("T2")]])
        #expect(spec.consumers[1].targets == [.partition(TopicPartition("T1", 0)), .partition(TopicPartition("T1", 1)), .topic("T2")])
        #expect(spec.consumers.map(\.group) == ["consumer-1", "consumer-2"])
        #expect(spec.runs.map(\.name) == ["leader crash", "leader crash, acks = leader", "leader crash, 1 copy", "broker cut off", "consumer crash"])
        #expect(spec.swarmSeeds == 200)
        #expect(spec.analysis?.algorithms.count == 6)
    }

    @Test func theSeedsTwoProducersAndTwoConsumersShareFourPartitionsEvenly() throws {
        let result = try QueueExperiment.run(Self.committed())
        let plain = result.runs[0]
        #expect(plain.audit.acknowledged == 4_000)
        #expect(plain.audit.logs.map(\.records.count) == [1_000, 1_000, 1_000, 1_000])
        #expect(plain.recordsByProducer == [[500, 500], [500, 500], [500, 500], [500, 500]])
        #expect(plain.deliveredByGroup == [[1_000, 1_000, 1_000, 1_000], [1_000, 1_000, 1_000, 1_000]])
        #expect(plain.audit.duplicates == ["consumer-1": 0, "consumer-2": 0])
        #expect(plain.elections == 0)

        let byName = Dictionary(uniqueKeysWithValues: result.runs.map { ($0.name, $0) })
        // acks = all keeps every acknowledged record through the leader's crash; acks = leader
        // loses one that was still crossing to the follower.
        #expect(byName["leader crash"]?.audit.lostAcknowledged == 0)
        #expect(byName["leader crash"]?.elections == 3)
        #expect(byName["leader crash, acks = leader"]?.audit.lostAcknowledged == 1)
        // With one copy, broker-1's partitions are offline until it returns, and lose nothing.
        let single = try #require(byName["leader crash, 1 copy"])
        // Last heard at the 2 s check, unanswered at 3 s, 4 s and 5 s: the one sent at 5 s times out
        // 1 s later, past the 3 s session timeout; broker-1's three partitions go offline together.
        let offline = single.events.filter { $0.kind == .offline }.map(\.time)
        #expect(offline.count == 3 && Set(offline).count == 1)
        #expect(offline.allSatisfy { $0 > .after(.seconds(6)) && $0 < .after(.milliseconds(6_010)) })
        #expect(single.events.filter { $0.kind == .leaderElected }.map(\.broker) == [1, 1, 1])
        #expect(single.audit.lostAcknowledged == 0)
        #expect(single.audit.acknowledged < 4_000)
        let consumerCrash = try #require(byName["consumer crash"])
        #expect(consumerCrash.audit.duplicates["consumer-1", default: 0] > 0)
        // Faults are listed as every report lists them: a partition and its heal, a crash and
        // the restart, each once.
        #expect(byName["broker cut off"]?.listedFaults == [
            "4.000 s: partition [broker-2] | [broker-1, broker-3, controller, producer-1, producer-2, consumer-1, consumer-2] for 5.000 s",
        ])
        #expect(consumerCrash.listedFaults == ["5.300 s: crash consumer-1", "7.000 s: restart consumer-1 (boot 0.000 s)"])
        #expect(consumerCrash.audit.duplicates == consumerCrash.audit.allowedDuplicates)
        // Every run keeps what its configuration promises (acks = leader promises no durability).
        for run in result.runs { #expect(run.audit.holds(noLoss: run.acks == .all && run.replication >= 2)) }

        let swarm = try #require(result.swarm)
        #expect(swarm.seeds.count == 5)
        #expect(swarm.passed == 5)
    }

    @Test func placementAnalysisMovesAboutTheIdealForRingsRendezvousAndMaglev() throws {
        let analysis = try #require(try QueueExperiment.run(Self.committed()).analysis)
        let ring = try #require(analysis.cells.first { $0.algorithm == "ring" && $0.brokers == 5 })
        #expect(ring.replicasPerBroker.total == 480)
        #expect(abs(Double(ring.added.replicasMoved) - ring.idealAdded) < 0.25 * ring.idealAdded)
        // Removing broker 1 moves what it held, and a few copies more: a partition whose second key
        // had drawn the primary's broker draws again from a different set.
        for cell in analysis.cells where ["ring", "rendezvous", "Maglev"].contains(cell.algorithm) {
            let moved = try #require(cell.removed?.replicasMoved)
            #expect(moved >= cell.idealRemoved && Double(moved) <= 1.15 * Double(cell.idealRemoved))
        }
    }

    @Test func theReportIsTheSameOnEveryReplayAndNamesItsFiles() throws {
        let spec = try Self.committed()
        let first = try QueueExperiment.run(spec).bundle(spec: spec), second = try QueueExperiment.run(spec).bundle(spec: spec)
        #expect(first == second)
        #expect(first.files.map(\.path) == ["queue/report.md", "queue/report.json", "queue/partitions.csv", "queue/partitions.svg",
                                            "queue/swarm.csv", "queue/placement.csv", "queue/placement_movement.svg"])
        let report = String(decoding: first.files[0].contents, as: UTF8.self)
        // Read from the package's absolute path, not `scenarios/queue.yaml`: replayed by running that file.
        #expect(report.hasPrefix("# Seed 002's sharded queue: 2 producers, 2 consumers, 3 brokers\n\n- seed: `2`\n- replay: `orrery run \(ShellQuoting.quote("\(scenarioDirectory)/queue.yaml"))`\n"))
        #expect(report.contains("5 of 5 seeds kept every promise."))
        let json = try JSONSerialization.jsonObject(with: first.files[1].contents) as? [String: Any]
        #expect((json?["runs"] as? [[String: Any]])?.count == 6)
    }

    static let header = "experiment: queue\nqueue:\n  topics: [{name: T1, partitions: 2}]\n"

    static let badFiles: [(name: String, yaml: String, message: String)] = [
        ("unknown key", "experiment: queue\nqueue:\n  topics: [{name: T1, partitions: 2}]\n  replicas: 2\n",
         "x.yaml:4:3: error: unknown key 'replicas' (at queue)"),
        ("too many brokers", "experiment: queue\nqueue:\n  brokers: 65\n  topics: [{name: T1, partitions: 2}]\n",
         "x.yaml:3:12: error: must be 1 … 64, got 65 (at queue.brokers)"),
        ("replication above the brokers", "experiment: queue\nqueue:\n  brokers: 2\n  replication: 3\n  topics: [{name: T1, partitions: 2}]\n",
         "x.yaml:4:16: error: replication 3 needs at least 3 brokers; there are 2 (at queue.replication)"),
        ("unknown acks", header + "  acks: some\n", "x.yaml:4:9: error: expected one of leader, all, got 'some' (at queue.acks)"),
        ("no topics", "experiment: queue\nqueue:\n  topics: []\n", "x.yaml:3:11: error: 1 to 100 topics, got 0 (at queue.topics)"),
        ("zero partitions", "experiment: queue\nqueue:\n  topics: [{name: T1, partitions: 0}]\n",
         "x.yaml:3:35: error: must be 1 … 1,000, got 0 (at queue.topics.[0].partitions)"),
        ("a colon in a topic name", "experiment: queue\nqueue:\n  topics: [{name: 'T:1', partitions: 1}]\n",
         "x.yaml:3:19: error: a name has 1 to 64 ASCII letters, digits, '.', '_' or '-', got 'T:1' (at queue.topics.[0].name)"),
        ("a target on an unknown topic", header + "  producers: [{name: p, to: ['T2:*'], messages: 10, rate: 1}]\n",
         "x.yaml:4:30: error: unknown topic 'T2'; did you mean 'T1'? (at queue.producers.[0].to.[0])"),
        ("a partition beyond the topic", header + "  producers: [{name: p, to: ['T1:P3'], messages: 10, rate: 1}]\n",
         "x.yaml:4:30: error: topic T1 has partitions P1 … P2; got 'P3' (at queue.producers.[0].to.[0])"),
        ("too many messages", header + "  producers: [{name: p, to: ['T1:*'], messages: 1000001, rate: 1}]\n",
         "x.yaml:4:49: error: must be 1 … 1,000,000, got 1,000,001 (at queue.producers.[0].messages)"),
        ("a producer named like a broker", header + "  producers: [{name: broker-1, to: ['T1:*'], messages: 10, rate: 1}]\n",
         "x.yaml:4:22: error: the node name 'broker-1' is taken (brokers are broker-1 … broker-3, and the controller is 'controller') (at queue.producers.[0].name)"),
        ("a zero rate", header + "  producers: [{name: p, to: ['T1:*'], messages: 10, rate: 0}]\n",
         "x.yaml:4:59: error: must be greater than zero, got 0 (at queue.producers.[0].rate)"),
        ("polls beyond the budget", "experiment: queue\nduration: 1d\n" + header.dropFirst(18) + "  consumers: [{name: c, from: ['T1:*'], poll_interval: 1ms}]\n",
         "x.yaml:5:56: error: 8.6 × 10⁷ polls in 86,400.000 s is more than the 5 × 10⁷ a run may have; make the interval longer (at queue.consumers.[0].poll_interval)"),
        ("a run longer than a day", "experiment: queue\nduration: 2d\n" + header.dropFirst(18),
         "x.yaml:2:11: error: a queue run lasts at most 1 day, got 172,800.000 s (at duration)"),
        ("a fault on an unknown node", header + "runs: [{name: r, faults: [{at: 1s, crash: broker-9}]}]\n",
         "x.yaml:4:43: error: unknown node 'broker-9'; did you mean 'broker-1'? (at runs.[0].faults.[0].crash)"),
        ("a run's acks: leader with an idempotent queue", header + "  acks: all\n  idempotent: true\nruns: [{name: r, acks: leader}]\n",
         "x.yaml:6:24: error: acks: leader in a run of a queue with idempotent: true: Kafka refuses an idempotent producer with acks=1; set idempotent: false in the queue section (at runs.[0].acks)"),
        ("a run's replication below min_insync_replicas", header + "  replication: 3\n  min_insync_replicas: 2\nruns: [{name: r, replication: 1}]\n",
         "x.yaml:6:31: error: replication 1 is less than the queue's min_insync_replicas 2: every acks=all append would be refused (at runs.[0].replication)"),
        ("a swarm too large", header + "swarm: {seeds: 10001}\n", "x.yaml:4:16: error: must be 0 … 10,000, got 10,001 (at swarm.seeds)"),
        ("an analysis without algorithms", header + "placement_analysis: {brokers: [3], partitions: 10, algorithms: []}\n",
         "x.yaml:4:64: error: 1 to 16 algorithms, got 0 (at placement_analysis.algorithms)"),
        ("an unknown placement", "experiment: queue\nqueue:\n  placement: rings\n  topics: [{name: T1, partitions: 2}]\n",
         "x.yaml:3:14: error: unknown placement 'rings'; did you mean 'ring'? (at queue.placement)"),
    ]

    @Test(arguments: badFiles.map(\.name))
    func aBadQueueFileIsRefusedWithItsPosition(name: String) throws {
        let testCase = try #require(Self.badFiles.first { $0.name == name })
        #expect(experimentError(testCase.yaml)?.description == testCase.message)
    }
}
