import Testing
@testable import Scenarios

/// `slow`, `hang` and `errors` name only a node that models them — a server, a MapReduce worker
/// (`slow` and `hang`) or the object store — and are refused elsewhere at the node's name, with
/// what the fault does and what to use there instead. They were accepted on any node, listed in
/// the report's faults and counted, and changed nothing.
struct UnmodelledFaultTests {
    typealias Case = WorldLoaderTests.Case

    static let slowNeedsAServiceTime = "'slow' multiplies the service times of a server, a MapReduce worker or the object store; "
    static let slowRemedy = " is none of them and nothing on it has a service time to stretch — use 'pause:' (with 'for:') to stall it, or 'latency_spike:' to slow every link, instead"
    static let hangNeedsRequests = "'hang' holds the requests of a server, a MapReduce worker or the object store and answers them 500 when it ends; "
    static let hangRemedy = " is none of them — use 'pause:' (with 'for:') or 'crash:' instead"
    static let errorsNeedAnAnswerer = "'errors' makes a server or the object store answer a share of its requests with 500; "
    static let errorsRemedy = " is neither — use 'crash:', 'pause:' (with 'for:') or 'drop_rate:' instead"

    static let logWorld = """
        run: {duration: 60s}
        log:
          topics: [{name: t, partitions: 1}]
          producers: [{name: p1, topic: t, records: 10, rate: 10}]

        """
    static let queueWorld = """
        run: {duration: 10s}
        queue:
          brokers: 3
          topics: [{name: T, partitions: 1}]
          producers: [{name: p1, to: ["T:P1"], messages: 10, rate: 10}]
          consumers: [{name: c1, group: g1, from: ["T:*"]}]

        """
    static let balancerWorld = """
        run: {duration: 10s}
        servers: [{name: s, count: 2, service_time: 5ms}]
        balancer: {strategy: round_robin}
        workload: {type: open_loop, rate: 10}

        """
    static let storeWorld = """
        object_store: {buckets: [{name: data}]}
        operations:
          client: ops
          steps: [{put: {bucket: data, key: a, body: x}}]

        """
    static let backupWorld = """
        run: {duration: 10m}
        object_store: {buckets: [{name: data}]}
        backup: {host: box, bucket: data}

        """
    static let clusterWorld = """
        mapreduce:
          cluster: {workers: 2}
          jobs: [{name: word-count, reducers: 1, input: {synthetic: {lines: 10, seed: 1}}}]

        """

    static let cases: [Case] = [
        // A client host is a node only partitions name.
        Case(name: "slow on a client host", yaml: balancerWorld + "faults: [{at: 1s, slow: client, factor: 2}]",
             expected: "w.yaml:5:25: error: 'client' is a client host: only a 'partition' can name it (cut off its requests); the other faults name the world's nodes: s1, s2, balancer (at faults.[0].slow)"),
        Case(name: "slow on the log", yaml: logWorld + "faults: [{at: 1s, slow: log, factor: 1000}]",
             expected: "w.yaml:5:25: error: " + slowNeedsAServiceTime + "'log'" + slowRemedy + " (at faults.[0].slow)"),
        Case(name: "errors on the log", yaml: logWorld + "faults: [{at: 1s, errors: log, rate: 1.0}]",
             expected: "w.yaml:5:27: error: " + errorsNeedAnAnswerer + "'log'" + errorsRemedy + " (at faults.[0].errors)"),
        Case(name: "hang on a log producer", yaml: logWorld + "faults: [{at: 1s, hang: p1, for: 5s}]",
             expected: "w.yaml:5:25: error: " + hangNeedsRequests + "'p1'" + hangRemedy + " (at faults.[0].hang)"),
        Case(name: "errors on a queue broker", yaml: queueWorld + "faults:\n  - {at: 1s, errors: broker-1, rate: 1.0, for: 3s}",
             expected: "w.yaml:8:22: error: " + errorsNeedAnAnswerer + "'broker-1'" + errorsRemedy + " (at faults.[0].errors)"),
        Case(name: "slow on the queue's controller", yaml: queueWorld + "faults:\n  - {at: 1s, slow: controller, factor: 10}",
             expected: "w.yaml:8:20: error: " + slowNeedsAServiceTime + "'controller'" + slowRemedy + " (at faults.[0].slow)"),
        Case(name: "hang on a queue consumer", yaml: queueWorld + "faults:\n  - {at: 1s, hang: c1}",
             expected: "w.yaml:8:20: error: " + hangNeedsRequests + "'c1'" + hangRemedy + " (at faults.[0].hang)"),
        Case(name: "hang on the balancer", yaml: balancerWorld + "faults: [{at: 1s, hang: balancer, for: 2s}]",
             expected: "w.yaml:5:25: error: " + hangNeedsRequests + "'balancer'" + hangRemedy + " (at faults.[0].hang)"),
        Case(name: "slow on the balancer", yaml: balancerWorld + "faults: [{at: 1s, slow: balancer, factor: 3}]",
             expected: "w.yaml:5:25: error: " + slowNeedsAServiceTime + "'balancer'" + slowRemedy + " (at faults.[0].slow)"),
        Case(name: "errors on the operations' client", yaml: storeWorld + "faults: [{at: 1s, errors: ops, rate: 0.5}]",
             expected: "w.yaml:5:27: error: " + errorsNeedAnAnswerer + "'ops'" + errorsRemedy + " (at faults.[0].errors)"),
        Case(name: "hang on the backup host", yaml: backupWorld + "faults: [{at: 1s, hang: box, for: 1s}]",
             expected: "w.yaml:4:25: error: " + hangNeedsRequests + "'box'" + hangRemedy + " (at faults.[0].hang)"),
        Case(name: "slow on the MapReduce coordinator", yaml: clusterWorld + "faults: [{at: 1s, slow: coordinator, factor: 4}]",
             expected: "w.yaml:4:25: error: " + slowNeedsAServiceTime + "'coordinator'" + slowRemedy + " (at faults.[0].slow)"),
        Case(name: "slow on the cluster's log", yaml: clusterWorld + "faults: [{at: 1s, slow: log, factor: 4}]",
             expected: "w.yaml:4:25: error: " + slowNeedsAServiceTime + "'log'" + slowRemedy + " (at faults.[0].slow)"),
        // The cluster's own messages stay for `hang` and `errors` on its nodes.
        Case(name: "hang on the MapReduce coordinator", yaml: clusterWorld + "faults: [{at: 1s, hang: coordinator, for: 5s}]",
             expected: "w.yaml:4:25: error: 'hang' holds the requests of a server, a MapReduce worker or the object store and answers them 500 when it ends; 'coordinator' is none of them — use 'pause:' (with 'for:') or 'crash:' instead (at faults.[0].hang)"),
        Case(name: "errors on a MapReduce worker", yaml: clusterWorld + "faults: [{at: 1s, errors: worker-1, rate: 0.5}]",
             expected: "w.yaml:4:27: error: 'errors' makes a server or the object store answer a share of its requests with 500; 'worker-1' is neither — a MapReduce worker's failures are whole: use 'crash:', 'pause:' (with 'for:') or 'hang:' instead (at faults.[0].errors)"),
        // The coordinator cannot be hung either: its message offers what it can take.
        Case(name: "errors on the MapReduce coordinator", yaml: clusterWorld + "faults: [{at: 1s, errors: coordinator, rate: 0.5}]",
             expected: "w.yaml:4:27: error: 'errors' makes a server or the object store answer a share of its requests with 500; 'coordinator' is neither — use 'crash:', 'pause:' (with 'for:') or 'drop_rate:' instead (at faults.[0].errors)"),
    ]

    @Test(arguments: cases) func aFaultOnANodeThatDoesNotModelItIsRefusedAtTheName(_ testCase: Case) {
        #expect(WorldLoaderTests.error(testCase.yaml)?.description == testCase.expected)
    }

    /// A queue experiment's runs are refused alike: its brokers, controller and clients model none of the three.
    @Test func aQueueRunRefusesErrorsOnABroker() {
        let yaml = "experiment: queue\nqueue:\n  topics: [{name: T1, partitions: 2}]\nruns: [{name: r, faults: [{at: 1s, errors: broker-2, rate: 1.0}]}]\n"
        #expect(experimentError(yaml)?.description
            == "x.yaml:4:44: error: " + Self.errorsNeedAnAnswerer + "'broker-2'" + Self.errorsRemedy + " (at runs.[0].faults.[0].errors)")
    }

    /// The nodes that model them still take them: the store all three, a worker `slow` and `hang`,
    /// a server all three (one placed `on:` the coordinator too).
    @Test func theNodesThatModelThemTakeThem() throws {
        #expect(WorldLoaderTests.error(Self.storeWorld + """
            faults: [{at: 1s, slow: s3, factor: 10, for: 2s}, {at: 2s, hang: s3, for: 1s}, {at: 3s, errors: s3, rate: 1.0, for: 1s}]
            """) == nil)
        #expect(WorldLoaderTests.error(Self.clusterWorld + "faults: [{at: 1s, slow: worker-1, factor: 4, for: 2s}, {at: 2s, hang: worker-2, for: 1s}]") == nil)
        #expect(WorldLoaderTests.error(Self.balancerWorld + """
            faults: [{at: 1s, slow: s1, factor: 4, for: 2s}, {at: 2s, hang: s2, for: 1s}, {at: 3s, errors: s1, rate: 0.5, for: 1s}]
            """) == nil)
        #expect(WorldLoaderTests.error("""
            run: {duration: 10s}
            servers: [{on: mapreduce.coordinator, service_time: 2ms}]
            workload: {type: open_loop, rate: 5}
            balancer: {strategy: round_robin}
            """ + "\n" + Self.clusterWorld + "faults: [{at: 1s, errors: coordinator, rate: 0.5, for: 1s}, {at: 2s, hang: coordinator, for: 1s}, {at: 3s, slow: coordinator, factor: 2}]") == nil)
    }
}
