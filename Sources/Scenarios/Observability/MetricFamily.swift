/// A Prometheus metric family Orrery exports: its name (with its unit, and without the
/// `_total` its counter samples carry), type, unit, help text and label names.
struct MetricFamily: Sendable, Equatable {
    enum Kind: String, Sendable { case counter, gauge, summary }

    let name: String
    let kind: Kind
    /// The unit the name ends in (`seconds`, `bytes`), or empty.
    let unit: String
    let help: String
    let labels: [String]

    static let clientRequests = MetricFamily(name: "orrery_client_requests", kind: .counter, unit: "",
        help: "Requests the clients finished, by outcome: the status code, or the network error (timeout, unreachable, refused).", labels: ["outcome"])
    static let clientLatency = MetricFamily(name: "orrery_client_request_duration_seconds", kind: .summary, unit: "seconds",
        help: "Client-side latency of finished requests; quantiles over each sampling interval.", labels: [])
    static let serverRequests = MetricFamily(name: "orrery_server_requests", kind: .counter, unit: "",
        help: "Requests a server finished serving, by status code.", labels: ["server", "code"])
    static let serverBusy = MetricFamily(name: "orrery_server_busy_seconds", kind: .counter, unit: "seconds",
        help: "Service time a server spent on requests it finished (its slots summed).", labels: ["server"])
    static let serverInService = MetricFamily(name: "orrery_server_requests_in_service", kind: .gauge, unit: "",
        help: "Requests a server is serving now.", labels: ["server"])
    static let serverQueue = MetricFamily(name: "orrery_server_queue_length", kind: .gauge, unit: "",
        help: "Requests waiting in a server's queue.", labels: ["server"])
    static let balancerConnections = MetricFamily(name: "orrery_balancer_connections", kind: .gauge, unit: "",
        help: "Requests the balancer has in flight to each server.", labels: ["balancer", "server"])
    static let balancerPooledConnections = MetricFamily(name: "orrery_balancer_pooled_connections", kind: .gauge, unit: "",
        help: "Connections the balancer's keepalive pools hold open to the servers, all of them and the idle ones.", labels: ["balancer", "state"])
    static let balancerEvents = MetricFamily(name: "orrery_balancer_events", kind: .counter, unit: "",
        help: "Health transitions, probes, circuit-breaker and panic events of the balancer.", labels: ["balancer", "server", "event"])
    static let attempts = MetricFamily(name: "orrery_mapreduce_attempts", kind: .counter, unit: "",
        help: "Task attempts that ended on a worker, by kind and by outcome as the coordinator judged them when they ended (lost: a crash, an unreachable output or input; not counted against max_attempts). A completed map whose output is lost afterwards stays counted as succeeded here, and is counted again in orrery_mapreduce_attempts_rejudged_total.", labels: ["worker", "kind", "outcome"])
    static let rejudgedAttempts = MetricFamily(name: "orrery_mapreduce_attempts_rejudged", kind: .counter, unit: "",
        help: "Completed map attempts the coordinator judged again after their output was lost, by what they became (failed: reducers could not fetch the output, counted against max_attempts; killed: it was lost with its worker, not counted). Their first judgement stays in orrery_mapreduce_attempts_total as succeeded.", labels: ["worker", "kind", "outcome"])
    static let fetches = MetricFamily(name: "orrery_mapreduce_shuffle_fetches", kind: .counter, unit: "",
        help: "Shuffle fetches of map output by reduce attempts.", labels: ["worker", "outcome"])
    static let fetchedBytes = MetricFamily(name: "orrery_mapreduce_shuffle_fetched_bytes", kind: .counter, unit: "bytes",
        help: "Map output bytes fetched by reduce attempts.", labels: ["worker"])
    static let jobs = MetricFamily(name: "orrery_mapreduce_jobs", kind: .counter, unit: "",
        help: "Jobs that finished, by outcome.", labels: ["job", "outcome"])
    static let runningAttempts = MetricFamily(name: "orrery_mapreduce_running_attempts", kind: .gauge, unit: "",
        help: "Attempts running on a worker.", labels: ["worker"])
    static let tasksCompleted = MetricFamily(name: "orrery_mapreduce_tasks_completed", kind: .gauge, unit: "",
        help: "Tasks of a job completed so far (falls when lost map output must be redone).", labels: ["job"])
    static let workersLost = MetricFamily(name: "orrery_mapreduce_workers_lost", kind: .counter, unit: "",
        help: "Workers the coordinator declared lost or found restarted with work lost.", labels: ["coordinator"])
    static let logEndOffset = MetricFamily(name: "orrery_log_end_offset", kind: .gauge, unit: "",
        help: "The next offset of each partition (records appended so far).", labels: ["log", "topic", "partition"])
    static let logRebalances = MetricFamily(name: "orrery_log_rebalances", kind: .counter, unit: "",
        help: "Consumer-group generations started by members joining.", labels: ["log"])
    static let storeRequests = MetricFamily(name: "orrery_store_requests", kind: .counter, unit: "",
        help: "Requests the object store answered, by kind (read: GET, HEAD, LIST; write: PUT, COPY, POST, DELETE) and status.", labels: ["store", "kind", "code"])
    static let backups = MetricFamily(name: "orrery_backups", kind: .counter, unit: "",
        help: "Backups taken, by outcome.", labels: ["host", "outcome"])
    static let syncedBytes = MetricFamily(name: "orrery_backup_synced_bytes", kind: .counter, unit: "bytes",
        help: "Bytes the periodic sync uploaded.", labels: ["host"])
    static let restores = MetricFamily(name: "orrery_backup_restores", kind: .counter, unit: "",
        help: "Restores of a backup, by outcome.", labels: ["host", "outcome"])
    static let lastBackupSize = MetricFamily(name: "orrery_backup_last_size_bytes", kind: .gauge, unit: "bytes",
        help: "Size of the source in the last completed backup.", labels: ["host"])
    static let queueEndOffset = MetricFamily(name: "orrery_queue_end_offset", kind: .gauge, unit: "",
        help: "The next offset of each partition replica a broker leads (records appended so far); a former leader's series ends when another is elected or the partition goes offline, and a new leader's starts at its election.", labels: ["broker", "topic", "partition"])
    static let queueHighWatermark = MetricFamily(name: "orrery_queue_high_watermark", kind: .gauge, unit: "",
        help: "How far each partition is on every in-sync replica (what consumers may read), as its leader knows it; a former leader's series ends as the end offset's does.", labels: ["broker", "topic", "partition"])
    static let queueConsumerLag = MetricFamily(name: "orrery_queue_consumer_lag", kind: .gauge, unit: "",
        help: "Records of a partition beyond a consumer's position, at its last fetch.", labels: ["consumer", "group", "topic", "partition"])
    static let queueConsumerGroupLag = MetricFamily(name: "orrery_queue_consumergroup_lag", kind: .gauge, unit: "",
        help: "Records of a partition a consumer group has yet to process: the partition's high watermark at its leader (its last leader while offline) minus the group's committed offset, from 0 before its first commit (where kafka-exporter exports -1), never below 0 (as kafka-exporter's kafka_consumergroup_lag otherwise). A series starts when a member of the group first fetches the partition or the group first commits it.", labels: ["group", "topic", "partition"])
    static let queueControllerEvents = MetricFamily(name: "orrery_queue_controller_events", kind: .counter, unit: "",
        help: "The controller's decisions — brokers dead and back, leaders elected, partitions offline, in-sync set changes — by the broker they concern, and group members evicted or gone, by their coordinating broker.", labels: ["event", "broker"])
    static let queueOffsetResets = MetricFamily(name: "orrery_queue_offset_resets", kind: .counter, unit: "",
        help: "Positions a consumer was sent back to after a leader truncated its log (out of range, KIP-320).", labels: ["consumer", "group"])
    static let queueRebalances = MetricFamily(name: "orrery_queue_rebalances", kind: .counter, unit: "",
        help: "Consumer-group generations started by members joining or being evicted.", labels: ["coordinator"])
    static let faults = MetricFamily(name: "orrery_faults", kind: .counter, unit: "",
        help: "Faults injected, by fault and node, counted when they strike (their ends — a resume, a heal, a rate or factor set back — are not).", labels: ["fault", "node"])
}
