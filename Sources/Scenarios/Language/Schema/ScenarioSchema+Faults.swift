import Simulator

/// The faults of a world (``ScenarioLoader/parseFaults(_:nodes:mapreduce:store:)``) and of a
/// single MapReduce job (``MapReduceScenarioLoader/parseClusterFaults(_:nodes:)``): one action
/// each, at an instant, with the settings that action takes.
extension ScenarioSchema {
    /// The actions the network carries out, on any node of any subsystem.
    static let networkFaultActions: [SchemaProperty] = [
        .optional("crash", .anyText, "Crash this node."),
        .optional("restart", .anyText, "Boot this node after boot_time (a running node is killed first)."),
        .optional("pause", .anyText, "Freeze this node for 'for'."),
        .optional("slow", .anyText, "Slow this node down by 'factor' (for 'for', if given)."),
        .optional("partition", .list(of: .list(of: .anyText, minimum: 1), minimum: 1),
                  "Split the network into these groups of nodes, each node in one group at most (for 'for', if given)."),
        .optional("heal", .literalTrue, "Heal every partition; written heal: true."),
        .optional("drop_rate", .probability, "Lose this share of every message (for 'for', if given)."),
        .optional("latency_spike", .duration, "Add this latency to every message (for 'for', if given)."),
        .optional("hang", .anyText, "This node stops answering (for 'for', or until it crashes or restarts)."),
        .optional("errors", .anyText, "This node fails a share 'rate' of its requests (for 'for', if given)."),
    ]

    /// A MapReduce worker's local disk wiped while it keeps running.
    static let loseIntermediate = SchemaProperty.optional("lose_intermediate", .anyText, "Wipe this MapReduce worker's local disk.")

    /// An error storm on the object store.
    static let storm = SchemaProperty.optional("storm", .anyText, "Fail a share 'rate' of this object store's requests with 'code' for 'for'.")

    /// The error codes a storm may fail requests with: those answered with 500 or 503.
    static let stormCodes = S3ErrorCode.allCases.filter { $0.httpStatus == 500 || $0.httpStatus == 503 }.map(\.rawValue)

    /// How long a restarted node boots, and what a partition does to requests across it, when
    /// the fault does not say.
    static let defaultBootTime = Duration.zero
    static let defaultPartitionMode = PartitionMode.reject

    /// A fault's instant.
    static let faultInstant = SchemaProperty.required("at", .duration, "When the fault strikes, in virtual time from the start.")

    /// The settings of the network's faults.
    static let networkFaultSettings: [SchemaProperty] = [
        .optional("for", .positiveDuration, "How long the fault lasts; it is undone after."),
        .optional("boot_time", .duration, "restart: how long the node takes to boot; default 0.", default: .duration(defaultBootTime)),
        .optional("factor", .positiveFactor, "slow: how many times slower."),
        .optional("mode", .choice(PartitionMode.self),
                  "partition: what becomes of a request sent across it — reject (refused: the sender learns one latency later; default) or drop (lost: the sender learns only by its timeout).",
                  default: .word(defaultPartitionMode.rawValue)),
    ]

    /// The settings the network's actions cannot do without.
    static let networkFaultNeeds: [SchemaObject.Rule] = [.requiredWith("for", key: "pause"), .requiredWith("factor", key: "slow")]

    /// One of a world's `faults:`. Each setting only beside an action that reads it, by the
    /// loader's own table (``ScenarioLoader/faultSettings``).
    static let worldFault: SchemaObject = {
        let actions = networkFaultActions + [loseIntermediate, storm, zoneOutage]
        return SchemaObject([faultInstant] + actions + networkFaultSettings + [
            .optional("rate", .probability, "errors, storm: the share of requests that fail."),
            .optional("code", .words(stormCodes), "storm: the error code; default ServiceUnavailable.", default: .word(defaultStormCode.rawValue)),
        ], rules: [.exactlyOne(actions.map(\.name))] + networkFaultNeeds + [
            .requiredWith("rate", key: "errors"), .requiredWith("for", key: "storm"), .requiredWith("rate", key: "storm"),
            ScenarioLoader.faultSettings.ruleByPresentKey,
        ])
    }()

    /// One of a single MapReduce job's `faults:`, its settings checked as a world's are
    /// (``MapReduceScenarioLoader/clusterFaultSettings``).
    static let clusterFault: SchemaObject = {
        let actions = networkFaultActions + [loseIntermediate]
        return SchemaObject([faultInstant] + actions + networkFaultSettings + [
            .optional("rate", .probability, "errors: the share of requests that fail."),
        ], rules: [.exactlyOne(actions.map(\.name))] + networkFaultNeeds + [
            .requiredWith("rate", key: "errors"), MapReduceScenarioLoader.clusterFaultSettings.ruleByPresentKey,
        ])
    }()
}
