import Testing
@testable import Scenarios

/// A node name two subsystems give the world is refused where the name to change is written,
/// naming the other use and its position: one fault would otherwise strike both. Implied names
/// count — servers `web` × 2 are `web1` and `web2`, the cluster's workers `worker-N`, the queue's
/// `broker-N` and `controller`, the client hosts `client-N`, the jobs' `client`.
struct NodeNameClashTests {
    /// A file and the error it must get, as the world loader's own cases are written.
    typealias Case = WorldLoaderTests.Case

    static let cases: [Case] = [
        Case(name: "a store named like a server", yaml: """
            run: {duration: 20s}
            servers: [{name: web, count: 2}]
            workload: {type: open_loop, rate: 10}
            object_store:
              name: web1
              buckets: [{name: out}]
            """, expected: "w.yaml:5:9: error: node 'web1' is both the object store 'web1' (here) and server 'web' with count: 2 (at 2:18); a fault on 'web1' would strike both: give the object store another name (at object_store.name)"),
        Case(name: "servers named like the cluster's workers", yaml: """
            run: {duration: 20s}
            servers: [{name: worker-, count: 2}]
            workload: {type: open_loop, rate: 10}
            mapreduce:
              cluster: {workers: 2}
              jobs: [{name: word-count, reducers: 1, input: {synthetic: {lines: 10}}}]
            """, expected: "w.yaml:2:18: error: node 'worker-1' is both server 'worker-' with count: 2 (here) and MapReduce worker 'worker-1' (the cluster's workers are worker-1 … worker-2) (at 5:22); a fault on 'worker-1' would strike both: give these servers another name (at servers.[0].name)"),
        Case(name: "a store named like a broker", yaml: """
            run: {duration: 20s}
            queue:
              topics: [{name: T, partitions: 2}]
            object_store: {name: broker-1}
            """, expected: "w.yaml:4:22: error: node 'broker-1' is both the object store 'broker-1' (here) and the queue's broker 'broker-1' (its brokers are broker-1 … broker-3) (at 3:3); a fault on 'broker-1' would strike both: give the object store another name (at object_store.name)"),
        Case(name: "a server named like the queue's controller", yaml: """
            run: {duration: 20s}
            servers: [{name: controller}]
            workload: {type: open_loop, rate: 10}
            queue:
              brokers: 2
              topics: [{name: T, partitions: 2}]
            """, expected: "w.yaml:2:18: error: node 'controller' is both server 'controller' (here) and the queue's controller 'controller' (at 5:3); a fault on 'controller' would strike both: give the server another name (at servers.[0].name)"),
        Case(name: "a queue producer named like a client host", yaml: """
            run: {duration: 5s}
            queue:
              topics: [{name: T, partitions: 1}]
              producers: [{name: client-1, to: ["T:*"], messages: 1, rate: 1}]
            servers: [{name: web}]
            workload: {type: open_loop, rate: 1, clients: 2}
            """, expected: "w.yaml:4:22: error: node 'client-1' is both queue producer 'client-1' (here) and client host 'client-1' (the workload's client hosts are client-1 … client-2) (at 6:11); a fault on 'client-1' would strike both: give the queue producer another name (at queue.producers.[0].name)"),
        Case(name: "a log producer named like a worker", yaml: """
            run: {duration: 5s}
            log:
              topics: [{name: t, partitions: 1}]
              producers: [{name: worker-2, topic: t, records: 5, rate: 10}]
            mapreduce:
              cluster: {workers: 2}
              jobs: [{name: word-count, reducers: 1, input: {synthetic: {lines: 10}}}]
            """, expected: "w.yaml:4:22: error: node 'worker-2' is both log producer 'worker-2' (here) and MapReduce worker 'worker-2' (the cluster's workers are worker-1 … worker-2) (at 6:22); a fault on 'worker-2' would strike both: give the log producer another name (at log.producers.[0].name)"),
        Case(name: "a store named like the jobs' client", yaml: """
            mapreduce:
              jobs: [{name: word-count, reducers: 1, input: {synthetic: {lines: 10}}}]
            object_store: {name: client}
            """, expected: "w.yaml:3:22: error: node 'client' is both the object store 'client' (here) and the MapReduce jobs' client 'client' (at 2:9); a fault on 'client' would strike both: give the object store another name (at object_store.name)"),
        Case(name: "the operations' client named like the store", yaml: """
            operations: {client: s3, steps: [list_buckets]}
            """, expected: "w.yaml:1:22: error: node 's3' is both the operations' client 's3' (here) and the object store 's3' (at 1:13); a fault on 's3' would strike both: give the operations' client another name (at operations.client)"),
    ]

    @Test(arguments: cases) func aNameTwoSubsystemsGiveIsRefusedNamingBothUses(_ testCase: Case) {
        #expect(WorldLoaderTests.error(testCase.yaml)?.description == testCase.expected)
    }

    /// Sharing by design stays allowed: servers placed `on:` the cluster's nodes, the backup host
    /// on the coordinator whose data it backs up, and the jobs' and operations' clients on one host.
    @Test func placementsThatShareANodeByDesignAreAccepted() throws {
        let scenario = try ScenarioLoader.parse("""
            run: {duration: 5s}
            servers: [{on: mapreduce.workers}, {name: web}]
            workload: {type: closed_loop, users: 3}
            object_store: {buckets: [{name: out}]}
            operations: [list_buckets]
            mapreduce:
              cluster: {workers: 2}
              jobs: [{name: word-count, reducers: 1, input: {synthetic: {lines: 10}}}]
            backup: {host: coordinator, bucket: backups}
            """, file: "w.yaml")
        #expect(scenario.servers.map(\.id.name) == ["worker-1", "worker-2", "web"])
        #expect(scenario.backup?.host == "coordinator")
    }
}
