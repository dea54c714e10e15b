import Foundation
import Testing
@testable import Scenarios

/// The world's sections refer to each other by name; every dangling reference, and every
/// expectation that cannot be measured, is refused where it is written.
struct WorldLoaderTests {
    static func error(_ yaml: String) -> ScenarioError? {
        do {
            _ = try ScenarioLoader.parse(yaml, file: "w.yaml")
            return nil
        } catch {
            return error
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var yaml: String
        var expected: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a server on a cluster the world lacks", yaml: """
            servers: [{on: mapreduce.workers}]
            workload: {type: open_loop, rate: 1}
            run: {duration: 1s}
            """, expected: "w.yaml:1:16: error: 'mapreduce.workers' refers to the mapreduce section, which this scenario does not have (at servers.[0].on)"),
        Case(name: "an unknown cluster node", yaml: """
            mapreduce: {cluster: {workers: 2}, jobs: [{name: word-count, reducers: 1, input: {synthetic: {lines: 10}}}]}
            servers: [{on: mapreduce.worker-3}]
            workload: {type: open_loop, rate: 1}
            run: {duration: 1s}
            """, expected: "w.yaml:2:16: error: unknown MapReduce node 'worker-3'; did you mean 'mapreduce.worker-1'? (at servers.[0].on)"),
        Case(name: "a job reading a topic the log lacks", yaml: """
            log: {topics: [{name: events, partitions: 2}]}
            mapreduce:
              jobs: [{name: word-count, reducers: 1, input: {topic: event}}]
            """, expected: "w.yaml:3:57: error: unknown topic 'event'; did you mean 'events'? (at mapreduce.jobs.[0].input.topic)"),
        Case(name: "a job writing to a bucket the store lacks", yaml: """
            object_store: {buckets: [{name: results}]}
            mapreduce:
              jobs: [{name: word-count, reducers: 1, input: {synthetic: {lines: 10}}, output: {bucket: result}}]
            """, expected: "w.yaml:3:92: error: unknown bucket 'result'; did you mean 'results'? (at mapreduce.jobs.[0].output.bucket)"),
        Case(name: "a job through a balancer the world lacks", yaml: """
            mapreduce:
              jobs: [{name: word-count, reducers: 1, input: {synthetic: {lines: 10}}, via: gateway}]
            """, expected: "w.yaml:2:80: error: job 'job-1' is submitted through the balancer, but this scenario has none; add a 'balancer' or 'gateway' section with a server on mapreduce.coordinator (at mapreduce.jobs.[0].via)"),
        Case(name: "a storm on a store the world lacks", yaml: """
            mapreduce:
              jobs: [{name: word-count, reducers: 1, input: {synthetic: {lines: 10}}}]
            faults: [{at: 1s, storm: s3, for: 1m, rate: 0.5}]
            """, expected: "w.yaml:3:26: error: a storm fails object-store requests; this scenario has no object_store section (at faults.[0].storm)"),
        Case(name: "a crash of a node no section has", yaml: """
            object_store: {buckets: [{name: results}]}
            operations: [list_buckets]
            faults: [{at: 1s, crash: coordinator}]
            """, expected: "w.yaml:3:26: error: unknown node 'coordinator'; known nodes: s3, client (at faults.[0].crash)"),
        Case(name: "a metric of a section the world lacks", yaml: """
            object_store: {buckets: [{name: results}]}
            operations: [list_buckets]
            expect: [mapreduce.failed_jobs == 0]
            """, expected: "w.yaml:3:10: error: 'mapreduce.failed_jobs' measures the mapreduce section, which this scenario does not have (at expect.[0])"),
        Case(name: "a bare metric two sections measure", yaml: """
            servers: [{on: mapreduce.coordinator}]
            workload: {type: open_loop, rate: 1}
            run: {duration: 1s}
            mapreduce:
              jobs: [{name: word-count, reducers: 1, input: {synthetic: {lines: 10}}}]
            expect: [retries == 0]
            """, expected: "w.yaml:6:10: error: 'retries' is measured by several sections; write balancer.retries or mapreduce.retries (at expect.[0])"),
        Case(name: "a duration without a unit", yaml: """
            mapreduce:
              jobs: [{name: word-count, reducers: 1, input: {synthetic: {lines: 10}}}]
            expect: [mapreduce.makespan < 10]
            """, expected: "w.yaml:3:10: error: 'mapreduce.makespan' is a duration: give the threshold a unit, e.g. 10ms or 10s (at expect.[0])"),
        Case(name: "a duration beyond a century", yaml: """
            mapreduce:
              jobs: [{name: word-count, reducers: 1, submit_at: 1e10s, input: {synthetic: {lines: 10}}}]
            """, expected: "w.yaml:2:53: error: a duration is at most 100 years of virtual time (3,155,760,000 s), got 1e10s (at mapreduce.jobs.[0].submit_at)"),
        Case(name: "an empty world", yaml: """
            seed: 1
            expect: []
            """, expected: "w.yaml:1:1: error: a scenario needs at least one of: servers and workload, mapreduce, log, queue, object_store, backup, operations"),
        Case(name: "a backup without a store", yaml: """
            backup: {host: app}
            """, expected: "w.yaml:1:9: error: a backup manager writes to the object store; add an 'object_store' section (at backup)"),
        Case(name: "a backup that would turn a versioned bucket's versioning off", yaml: """
            object_store: {buckets: [{name: vault, versioning: true}]}
            backup: {bucket: vault, versioning: false}
            """, expected: "w.yaml:2:37: error: bucket 'vault' is versioned from the start (object_store.buckets), and S3 cannot turn versioning off; drop one of the two (at backup.versioning)"),
        Case(name: "a name with a slash", yaml: """
            name: runs/escape
            object_store: {buckets: [{name: results}]}
            """, expected: "w.yaml:1:7: error: a scenario's name may hold only ASCII letters, digits, '-', '_' and '.', since it names the report's directory; got 'runs/escape' (at name)"),
        Case(name: "a name that cannot be a directory", yaml: """
            name: ../escape
            object_store: {buckets: [{name: results}]}
            """, expected: "w.yaml:1:7: error: a scenario's name must not start with '.' (at name)"),
    ]

    @Test(arguments: cases)
    func aBadWorldIsRefusedWhereTheProblemIs(_ testCase: Case) {
        #expect(Self.error(testCase.yaml)?.description == testCase.expected)
    }

    @Test func everyCommittedScenarioLoadsThroughTheOneFrontDoor() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scenarios")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".yaml") }.sorted()
        #expect(names.count >= 16)
        for name in names {
            let file = try ScenarioFile.load(path: directory.appendingPathComponent(name).path)
            #expect(file.file.hasSuffix(name))
        }
        guard case .world(let platform) = try ScenarioFile.load(path: directory.appendingPathComponent("seed-000-platform.yaml").path) else {
            Issue.record("seed 000 is a world")
            return
        }
        #expect(platform.subsystems == [.balancer, .mapreduce, .store, .backup])
        #expect(platform.servers.map(\.id.name) == ["coordinator", "worker-1", "worker-2", "worker-3", "worker-4"])
        #expect(platform.servers.map(\.weight) == [10, 5, 5, 5, 5])
    }
}
