import Simulator

/// The most series a run's OpenMetrics text can hold (``MetricsRecorder``'s series, the client
/// latency summary's five apart), counted from the loaded world before it runs: every family's
/// label values bounded by what the file declares — servers, workers, jobs, partitions, brokers,
/// consumers, groups, fault targets — and by the fixed words the simulator observes (status codes,
/// network errors, balancer events, attempt judgements, controller decisions).
///
/// `--metrics`' up-front check counted five series a server and five more: a queue world of 2,000
/// partitions (end offsets, high watermarks and lags by partition, none of them a server's) passed
/// it, ran, and was refused by the check of what it had gathered (exit 2, nothing written). A
/// world under this bound is never refused after its run for its series.
enum MetricsSeriesBound {
    /// Status codes a client can get: a server's 200 and 500, 400 and 404 (a request it does not
    /// serve), 429 (rate limited), 502, 503 and 504 (the balancer's, a full queue's).
    static let clientStatuses = 8
    /// `timeout`, `unreachable`, `refused`.
    static let networkErrors = 3
    /// The codes a server's `serve` span ends with: 200 and 500.
    static let serverCodes = 2
    /// The judgements of an attempt (`succeeded`, `duplicate`, `failed`, `timed out`, `lost`,
    /// `killed`), of map and reduce attempts.
    static let attemptJudgements = 6
    /// The controller's decisions (``QueueEvent/Kind``: broker dead or back, leader elected,
    /// partition offline, left or joined the in-sync set).
    static let controllerDecisions = 6
    /// A group member removed: `evicted`, `left`, `restarted`, and `moved from <broker>` once a
    /// broker.
    static let memberRemovalsBesidesMoves = 3

    /// The bound for `scenario`.
    static func of(_ scenario: Scenario) -> Int {
        traffic(scenario) + mapReduce(scenario) + log(scenario) + store(scenario) + backup(scenario) + queue(scenario) + faults(scenario)
    }

    /// Clients, servers and the balancer.
    static func traffic(_ scenario: Scenario) -> Int {
        let servers = scenario.servers.count
        // Requests served by code, busy time, requests in service, queue length.
        var series = servers * (serverCodes + 3)
        if scenario.workload != nil { series += clientStatuses + networkErrors }
        if let balancer = scenario.balancer?.configuration {
            // Connections to each server; the pools' open and idle connections.
            series += servers + (balancer.keepalive == nil ? 0 : 2)
            // Each server marked down and up by each health mechanism configured, probed after
            // fail_timeout, drained and put back by a deployment.
            let mechanisms = [balancer.passiveHealth != nil, balancer.healthCheck != nil, balancer.outlierDetection != nil].filter { $0 }.count
            let perServer = 2 * mechanisms + (balancer.passiveHealth == nil ? 0 : 1) + (scenario.deployment == nil ? 0 : 2)
            // The upstream's panic and its end, and the circuit breaker's three transitions.
            series += servers * perServer + 5
        }
        return series
    }

    /// Attempts, fetches and running attempts by worker; jobs; workers lost.
    static func mapReduce(_ scenario: Scenario) -> Int {
        guard let section = scenario.mapreduce else { return 0 }
        let workers = section.cluster.workers, jobs = section.jobs.count
        // Judged (map, reduce) × judgements; judged again (map, reduce) × (failed, killed);
        // fetches ok and failed; bytes fetched; attempts running.
        let perWorker = 2 * attemptJudgements + 2 * 2 + 2 + 1 + 1
        // Finished by outcome (succeeded, failed), tasks completed.
        return workers * perWorker + jobs * 3 + 1
    }

    /// The log's end offset by partition — of the `log:` section's topics and of the topics
    /// MapReduce jobs publish their input to (each partition has a series from the topic's
    /// creation, written or not) —, and its rebalances.
    static func log(_ scenario: Scenario) -> Int {
        let published = scenario.mapreduce?.jobs.reduce(0) { total, job in
            guard case .documents(let input) = job.input, let topic = input.log else { return total }
            return total + topic.partitions
        } ?? 0
        guard scenario.log != nil || published > 0 else { return 0 }
        return (scenario.log?.topics.reduce(0) { $0 + $1.partitions } ?? 0) + published + 1
    }

    /// The store's requests by kind (read, write) and status: 200 and every status an S3 error has.
    static func store(_ scenario: Scenario) -> Int {
        guard scenario.store != nil else { return 0 }
        return 2 * (Set(S3ErrorCode.allCases.map(\.httpStatus)).count + 1)
    }

    /// The backup host's backups and restores (ok, failed), bytes synced and last backup's size.
    static func backup(_ scenario: Scenario) -> Int {
        scenario.backup == nil ? 0 : 6
    }

    /// End offsets and high watermarks by broker and partition (leadership may move to any broker,
    /// and a former leader's series stays), lags by consumer or group and partition, offset
    /// resets by consumer, rebalances and controller events by broker.
    static func queue(_ scenario: Scenario) -> Int {
        guard let section = scenario.queue else { return 0 }
        let brokers = section.brokers, partitions = section.topics.reduce(0) { $0 + $1.partitions }
        let consumers = section.consumers.count, groups = section.groups.count
        let nodes = brokers + 1
        return 2 * brokers * partitions + (consumers + groups) * partitions + consumers
            + nodes + (controllerDecisions + memberRemovalsBesidesMoves + brokers) * nodes
    }

    /// Faults by kind and node: each written fault (the network's and the cluster's) names one,
    /// and chaos, attempt chaos and a deployment's restarts strike the nodes they may.
    static func faults(_ scenario: Scenario) -> Int {
        var struck = Set<String>()
        func note(_ fault: Fault) { if let pair = observed(fault) { struck.insert(pair) } }
        for entry in scenario.faults.entries { note(entry.fault) }
        var series = 0
        if let chaos = scenario.faults.chaos { series += 3 * chaos.nodes.count }
        if let section = scenario.mapreduce {
            for entry in section.faults {
                switch entry.fault {
                case .network(let fault): note(fault)
                case .loseIntermediateData(let node): struck.insert("lose intermediate|\(node.name)")
                }
            }
            let nodes = section.nodes.count
            // Crashes, restarts, pauses, slowdowns and lost intermediate data on any of its nodes, a partition.
            if section.chaos != nil { series += 5 * nodes + 1 }
            if section.cluster.attemptChaos != nil { series += 2 * nodes }
        }
        if scenario.deployment != nil { series += scenario.servers.count }
        return series + struck.count
    }

    /// The fault's series (`kind|node`) as ``MetricsRecorder`` counts it, or nil for one it does
    /// not count (a heal, a level set back).
    static func observed(_ fault: Fault) -> String? {
        switch fault {
        case .crash(let node): return "crash|\(node.name)"
        case .restart(let node, _): return "restart|\(node.name)"
        case .pause(let node, _): return "pause|\(node.name)"
        case .slow(let node, let factor): return factor == 1 ? nil : "slow|\(node.name)"
        case .hang(let node, _): return "hang|\(node.name)"
        case .errors(let node, let rate): return rate == 0 ? nil : "error rate|\(node.name)"
        case .partition: return "partition|network"
        case .heal: return nil
        case .dropRate(let rate): return rate == 0 ? nil : "drop rate|network"
        case .latencySpike(let extra): return extra == .zero ? nil : "latency spike|network"
        }
    }
}
