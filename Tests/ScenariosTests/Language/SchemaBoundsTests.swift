import Testing
@testable import Scenarios

/// The schema states the bounds the loader checks, from the loader's own constants: a duration of
/// at most an hour or a day, a period of at least 1 ms, a 256 MiB generated body, a factor, a
/// name. A duration written with a unit is bounded in the description, which a pattern cannot do.
struct SchemaBoundsTests {
    /// The number alternative of the shape at `path` (a property, or a `$ref` to a definition).
    static func numberBounds(_ path: [String]) -> [String: Any]? {
        guard var shape = SchemaTests.value(SchemaTests.schema, path) as? [String: Any] else { return nil }
        if let reference = shape["$ref"] as? String {
            shape = SchemaTests.value(SchemaTests.schema, reference.split(separator: "/").dropFirst().map(String.init)) as? [String: Any] ?? [:]
        }
        return (shape["anyOf"] as? [[String: Any]])?.first { $0["type"] as? String == "number" } ?? (shape["type"] as? String == "number" ? shape : nil)
    }

    static let world = SchemaTests.world + ["properties"]
    static let a3Failover = ["then", "allOf", "2", "then", "properties", "failover", "properties"]

    @Test(arguments: [
        (world + ["deploy", "properties", "drain_timeout"], nil, ScenarioSchema.longestDeploymentPhase.seconds),
        (world + ["deploy", "properties", "boot_time"], nil, 3_600),
        (world + ["deploy", "properties", "pause"], nil, 3_600),
        (world + ["deploy", "properties", "health_deadline"], nil, 3_600),
        (["then", "allOf", "6", "then", "properties", "duration"], nil, ScenarioSchema.queueLongestRun.seconds),
        (a3Failover + ["duration"], nil, ScenarioSchema.longestFailoverSpan.seconds),
        (a3Failover + ["heartbeat_timeout"], nil, 3_600),
        (a3Failover + ["client_timeout"], nil, 3_600),
        (a3Failover + ["heartbeat_interval"], 0.001, YAMLCursor.maximumSeconds),
        (world + ["workload", "properties", "timeout"], YAMLCursor.shortestPeriod.seconds, YAMLCursor.maximumSeconds),
        (["$defs", "balancer", "properties", "health_check", "properties", "interval"], 0.001, YAMLCursor.maximumSeconds),
        (["$defs", "cluster", "properties", "policy", "properties", "heartbeat_interval"], 0.001, YAMLCursor.maximumSeconds),
        (["$defs", "keepalive", "properties", "timeout"], nil, ScenarioLoader.maximumKeepaliveTimeout.seconds),
        (["$defs", "operation", "anyOf", "1", "properties", "put", "properties", "size"], nil, Double(OperationStepParser.maximumGeneratedBody)),
        (["then", "allOf", "4", "then", "properties", "straggler", "properties", "factor"], nil, YAMLCursor.maximumFactor),
    ] as [([String], Double?, Double)])
    func theNumberAlternativeHasTheLoadersBounds(path: [String], minimum: Double?, maximum: Double) {
        let bounds = Self.numberBounds(path)
        #expect(bounds?["maximum"] as? Double == maximum, "\(path.joined(separator: "/"))")
        if let minimum { #expect(bounds?["minimum"] as? Double == minimum, "\(path.joined(separator: "/"))") }
    }

    @Test func boundedDurationsSayTheirBoundInTheirDescription() {
        let definitions = SchemaTests.schema["$defs"] as? [String: Any] ?? [:]
        for (name, bound) in [("duration_up_to_1h", "at most 1h"), ("positive_duration_up_to_1h", "at most 1h"), ("positive_duration_up_to_1d", "at most 1d"),
                              ("period", "at least 1ms"), ("byte_count_up_to_256MiB", "at most 256MiB")] {
            let description = (definitions[name] as? [String: Any])?["description"] as? String ?? ""
            #expect(description.contains(bound), "\(name): \(description)")
        }
    }

    /// The loader refuses what the schema's numbers refuse.
    @Test func theLoaderRefusesWhatTheSchemaBounds() {
        let balanced = HostileInputTests.traffic + "balancer: {}\n"
        #expect(HostileInputTests.error(balanced + "deploy: {at: 1s, drain_timeout: 3601}\n")
            == "h.yaml:6:33: error: 'drain_timeout' is at most 3,600.000 s, got 3601 (at deploy.drain_timeout)")
        #expect(HostileInputTests.error(HostileInputTests.traffic.replacingOccurrences(of: "users: 1}", with: "users: 1, timeout: 0.0009}"))
            == "h.yaml:4:50: error: must be at least 1ms, got 0.0009 (at workload.timeout)")
        #expect(HostileInputTests.error("name: o\noperations: [{create_bucket: b}, {put: {bucket: b, key: k, size: 268435457}}]\n")
            == "h.yaml:2:66: error: a generated body is at most 256 MiB in a world (at operations.[1].put.size)")
    }

    /// A name is text of the name's pattern, or a whole number or boolean (read as its text); a
    /// number such as `.5` is not offered, since its text is not a name.
    @Test func aNameIsItsPatternOrAWholeNumber() {
        let alternatives = SchemaTests.value(SchemaTests.schema, ["$defs", "name", "anyOf"]) as? [[String: Any]] ?? []
        #expect(alternatives.map { "\($0["type"] ?? "")" } == ["string", "integer", "boolean"])
        #expect(alternatives.first?["pattern"] as? String == "^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,99}$")
        #expect(HostileInputTests.error("name: .5\n" + HostileInputTests.traffic) == "h.yaml:1:7: error: a scenario's name must not start with '.' (at name)")
        #expect(HostileInputTests.error("name: 2024\n" + HostileInputTests.traffic) == nil)
    }

    @Test func aStragglersFactorIsAFactor() throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("scenarios/mapreduce.yaml"), encoding: .utf8)
        guard let range = text.range(of: #"factor: [0-9.]+"#, options: .regularExpression) else {
            Issue.record("scenarios/mapreduce.yaml names no straggler factor")
            return
        }
        let error = HostileInputTests.error(text.replacingCharacters(in: range, with: "factor: 1e300")) ?? ""
        #expect(error.hasSuffix("error: a factor is at most 1,000,000, got 1e300 (at straggler.factor)"), "\(error)")
    }
}
