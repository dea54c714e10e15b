import Foundation
import Simulator

extension ScenarioLoader {
    static let experimentKeys = ["experiment", "description", "seed", "servers", "requests", "map", "placement", "variants", "server", "operations", "failover"]

    /// Loads an experiment file (`scenarios/a1.yaml` …) strictly, with positions in every error.
    public static func loadExperiment(path: String) throws(ScenarioError) -> ExperimentSpec {
        try experiment(from: ScenarioDocument.load(path: path))
    }

    /// Parses experiment `text`, reporting positions against `file`.
    public static func parseExperiment(_ text: String, file: String) throws(ScenarioError) -> ExperimentSpec {
        try experiment(from: ScenarioDocument.parse(text, file: file))
    }

    /// The experiment `document` describes.
    static func experiment(from document: ScenarioDocument) throws(ScenarioError) -> ExperimentSpec {
        let root = document.root
        let file = document.file
        // The MapReduce and backup experiments have schemas of their own.
        if root.node["experiment"]?.string == "mapreduce" { return try parseMapReduceExperiment(root) }
        if let backup = try parseBackupExperiment(root, file: file) { return backup }
        let top = try root.mapping(allowed: experimentKeys)
        let nameCursor = try top.required("experiment")
        let name = try nameCursor.string()
        guard let kind = ExperimentSpec.Kind(rawValue: name) else {
            throw nameCursor.error(.invalidValue("unknown experiment '\(name)'; expected one of \(ExperimentSpec.names.joined(separator: ", "))"))
        }
        let serversCursor = try top.required("servers")
        var counts: [Int] = []
        if serversCursor.text != nil {
            counts = [try serversCursor.int(in: 1...1_000)]
        } else {
            for item in try serversCursor.list() { counts.append(try item.int(in: 1...1_000)) }
        }
        guard !counts.isEmpty else { throw serversCursor.error(.invalidValue("at least one server count is needed")) }
        var variants: [ExperimentSpec.Variant] = []
        if let list = top["variants"] {
            for item in try list.list() {
                let fields = try item.mapping(allowed: ["name", "map", "placement"])
                variants.append(.init(label: try fields.required("name").string(),
                                      placement: try parsePlacement(map: fields["map"], placement: fields["placement"], at: item)))
            }
        } else {
            variants = [.init(label: "default", placement: try parsePlacement(map: top["map"], placement: top["placement"], at: top.cursor))]
        }
        guard !variants.isEmpty else { throw top.cursor.error(.invalidValue("'variants' needs at least one placement")) }
        for variant in variants {
            if case .assignment(let configuration) = variant.placement, configuration.virtualServersPerServer * counts.max()! > configuration.slotCount {
                throw top.cursor.error(.invalidValue("variant '\(variant.label)': \(counts.max()!) servers × \(configuration.virtualServersPerServer) virtual servers do not fit in \(configuration.slotCount) slots"))
            }
        }
        if name == "a3", top["failover"] == nil {
            throw top.cursor.error(.missingKey("failover"))
        }
        return ExperimentSpec(
            kind: kind, summary: try top["description"]?.string() ?? "", file: file,
            seed: try top["seed"].map { cursor throws(ScenarioError) in try cursor.uint64() } ?? 1,
            serverCounts: counts, requests: try top["requests"]?.int(in: 1...10_000_000) ?? 10_000, variants: variants,
            server: try top["server"].map { cursor throws(ScenarioError) in try parseExperimentServer(cursor) } ?? ServerConfiguration(slots: 4, queueCapacity: 100_000, serviceTime: .exponential(mean: 0.002)),
            operations: try top["operations"].map { cursor throws(ScenarioError) in try parseOperations(cursor) } ?? [],
            failover: try top["failover"].map { cursor throws(ScenarioError) in try parseFailover(cursor) })
    }

    static func parseExperimentServer(_ cursor: YAMLCursor) throws(ScenarioError) -> ServerConfiguration {
        let fields = try cursor.mapping(allowed: ["slots", "queue", "service_time"])
        return ServerConfiguration(slots: try fields["slots"]?.int(in: 1...100_000) ?? 4, queueCapacity: try fields["queue"]?.int(in: 0...10_000_000) ?? 100_000,
                                   serviceTime: try fields["service_time"]?.durationDistribution() ?? .exponential(mean: 0.002))
    }

    static func parseOperations(_ cursor: YAMLCursor) throws(ScenarioError) -> [ExperimentSpec.Operation] {
        var operations: [ExperimentSpec.Operation] = []
        for item in try cursor.list() {
            if item.text == "rep" {
                operations.append(.rep)
                continue
            }
            let fields = try item.mapping(allowed: ["add", "rm", "route"])
            guard fields.entries.count == 1, let entry = fields.entries.first else {
                throw item.error(.invalidValue("an operation is 'rep' or exactly one of add, rm, route"))
            }
            switch entry.key {
            case "route":
                let route = try entry.value.mapping(allowed: ["path", "request_id"])
                var path = try route.required("path").string()
                if path.hasPrefix("/") { path.removeFirst() }
                operations.append(.route(path: path, requestID: UInt64(try route["request_id"]?.int(atLeast: 0) ?? 123_456)))
            default:
                let body = try entry.value.mapping(allowed: ["n", "hostnames"])
                let nCursor = try body.required("n")
                let n = try nCursor.int()
                // The balancer answers any n with its own message; beyond this many replicas it would only be slow.
                guard n <= 10_000 else { throw nCursor.error(.invalidValue("at most 10000 replicas at once, got \(n)")) }
                var hostnames: [String] = []
                for name in try body["hostnames"]?.list() ?? [] { hostnames.append(try name.string()) }
                operations.append(entry.key == "add" ? .add(n: n, hostnames: hostnames) : .rm(n: n, hostnames: hostnames))
            }
        }
        return operations
    }

    static func parseFailover(_ cursor: YAMLCursor) throws(ScenarioError) -> ExperimentSpec.Failover {
        let fields = try cursor.mapping(allowed: ["rate", "duration", "kill_at", "kill", "heartbeat_interval", "heartbeat_timeout", "misses_before_down", "spawn_delay", "client_timeout", "forward_timeout", "retries"])
        let duration = try fields.required("duration").positiveDuration()
        let killAtCursor = try fields.required("kill_at")
        let killAt = try killAtCursor.duration()
        guard killAt < duration else { throw killAtCursor.error(.invalidValue("the kill must happen before traffic ends at \(duration.formattedSeconds)")) }
        return ExperimentSpec.Failover(
            rate: try fields.required("rate").positive(), duration: duration, killAt: killAt,
            killed: try fields.required("kill").string(),
            heartbeat: ReplicaManager.Configuration(
                interval: try fields["heartbeat_interval"]?.positiveDuration() ?? .seconds(1),
                timeout: try fields["heartbeat_timeout"]?.positiveDuration() ?? .milliseconds(500),
                missesBeforeDown: try fields["misses_before_down"]?.int(atLeast: 1) ?? 2,
                spawnDelay: try fields["spawn_delay"]?.duration() ?? .seconds(2)),
            clientTimeout: try fields["client_timeout"]?.positiveDuration() ?? .seconds(2),
            forwardTimeout: try fields["forward_timeout"]?.positiveDuration() ?? .milliseconds(500),
            retries: try fields["retries"]?.int(atLeast: 0) ?? 1)
    }
}
