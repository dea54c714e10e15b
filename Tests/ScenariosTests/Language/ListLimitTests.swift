import Reports
import Testing
@testable import Scenarios

/// Every list a file writes has a documented count range, checked when it is loaded and stated as
/// the schema's `maxItems`: 1.29 million expectations took 8.3 s and 519 MB to validate, and a
/// run wrote a 145 MB report.json.
struct ListLimitTests {
    /// `count` copies of `item`, as a flow list.
    static func list(_ item: String, _ count: Int) -> String {
        "[" + Array(repeating: item, count: count).joined(separator: ", ") + "]"
    }

    static let traffic = HostileInputTests.traffic
    static let balanced = traffic + "balancer: {}\n"
    static let zoned = "seed: 1\nrun: {requests: 10}\nservers: [{name: s, zone: a}]\nbalancer: {}\nworkload: {type: closed_loop, users: 1}\n"
        + "zones: {list: [{name: a}, {name: b}], pairs: PAIRS}\n"
    static let store = "name: ops\noperations:\n  - create_bucket: b\n"

    /// A file with `count` items in the list under test.
    static let cases: [(name: String, most: Int, file: @Sendable (Int) -> String, position: String, what: String)] = [
        ("expect", ScenarioSchema.maximumExpectations, { traffic + "expect: " + list("p99 < 1s", $0) + "\n" }, "5:9 (at expect)", "expectations"),
        ("claims", ScenarioSchema.maximumClaims, { traffic + "claims: " + list("{claim: c, holds_if: p99 < 1s}", $0) + "\n" }, "5:9 (at claims)", "claims"),
        ("holds_if", ScenarioSchema.maximumClaimConditions, { traffic + "claims: [{claim: c, holds_if: " + list("p99 < 1s", $0) + "}]\n" },
         "5:31 (at claims.[0].holds_if)", "conditions"),
        ("network.links", ScenarioSchema.maximumLinks, { traffic + "network: {links: " + list("{from: s, to: s}", $0) + "}\n" }, "5:18 (at network.links)", "links"),
        ("zones.pairs", ScenarioSchema.maximumZonePairs,
         { zoned.replacingOccurrences(of: "PAIRS", with: list("{zones: [a, b]}", $0)) }, "6:46 (at zones.pairs)", "zone pairs"),
        ("chaos.nodes", ScenarioSchema.maximumChaosNodes, { traffic + "chaos: {nodes: " + list("s", $0) + "}\n" }, "5:16 (at chaos.nodes)", "nodes"),
        ("deploy.servers", ScenarioLoader.maximumServers, { balanced + "deploy: {at: 1s, servers: " + list("s", $0) + "}\n" }, "6:27 (at deploy.servers)", "servers"),
        ("lifecycle rules", ScenarioSchema.maximumLifecycleRules,
         { store + "  - put_bucket_lifecycle: {bucket: b, rules: " + list("{id: r, expiration_days: 1}", $0) + "}\n" }, "4:46 (at operations.[1].put_bucket_lifecycle.rules)", "rules"),
        ("lifecycle transitions", ScenarioSchema.maximumLifecycleTransitions,
         { store + "  - put_bucket_lifecycle: {bucket: b, rules: [{id: r, transitions: " + list("{days: 30, storage_class: GLACIER}", $0) + "}]}\n" },
         "4:68 (at operations.[1].put_bucket_lifecycle.rules.[0].transitions)", "transitions"),
        ("complete_multipart parts", ScenarioSchema.maximumCompletedParts,
         { store + "  - complete_multipart: {bucket: b, key: k, upload_id: u, parts: " + list("{part: 1, etag: e}", $0) + "}\n" },
         "4:66 (at operations.[1].complete_multipart.parts)", "parts"),
        ("a2 servers", ScenarioSchema.maximumServerCounts, { "experiment: a2\nservers: " + list("3", $0) + "\nrequests: 1\n" }, "2:10 (at servers)", "server counts"),
        ("a4 variants", ScenarioSchema.maximumVariants, { "experiment: a4\nservers: 2\nvariants: " + list("{name: v, placement: jump}", $0) + "\n" }, "3:11 (at variants)", "variants"),
        ("a3 hostnames", ScenarioSchema.maximumReplicasPerOperation,
         { "experiment: a3\nservers: 3\nfailover: {rate: 10, duration: 5s, kill_at: 1s, kill: Server 2}\noperations: [{add: {n: 1, hostnames: " + list("h", $0) + "}}]\n" },
         "4:38 (at operations.[0].add.hostnames)", "hostnames"),
    ]

    @Test(arguments: 0..<cases.count)
    func aListOneLongerThanItsMostIsRefusedWhereItIs(index: Int) {
        let limit = Self.cases[index]
        #expect(HostileInputTests.error(limit.file(limit.most + 1)) == "h.yaml:\(limit.position.prefix { $0 != " " }): error: at most \(NumberFormat.integer(limit.most)) \(limit.what), got \(NumberFormat.integer(limit.most + 1)) \(limit.position.drop { $0 != " " }.dropFirst())",
                "\(limit.name)")
        let atMost = HostileInputTests.error(limit.file(limit.most)) ?? ""
        #expect(!atMost.contains("at most \(limit.most) \(limit.what)"), "\(limit.name): \(atMost)")
    }

    @Test func aThousandExpectationsLoad() throws {
        let scenario = try ScenarioLoader.parse(Self.traffic + "expect: " + Self.list("p99 < 1s", ScenarioSchema.maximumExpectations) + "\n", file: "e.yaml")
        #expect(scenario.expectations.count == 1_000)
    }

    /// Lists read without a file around them: a single job's faults, a distribution's values and
    /// the MapReduce experiment's mapper counts.
    @Test func listsOfSingleJobsDistributionsAndExperimentsAreBounded() throws {
        func cursor(_ text: String) throws -> YAMLCursor { try ScenarioDocument.compose(text, file: "l.yaml") }
        #expect(throws: ScenarioError(file: "l.yaml", line: 1, column: 1, path: "", kind: .invalidValue("at most 100,000 faults, got 100,001"))) {
            try MapReduceScenarioLoader.parseClusterFaults(try cursor(Self.list("{}", ScenarioLoader.maximumFaults + 1)), nodes: [])
        }
        let values = try cursor("{empirical: " + Self.list("1ms", ScenarioSchema.maximumEmpiricalValues + 1) + "}")
        #expect(throws: ScenarioError(file: "l.yaml", line: 1, column: 13, path: "empirical", kind: .invalidValue("at most 100,000 values, got 100,001"))) {
            try values.durationDistribution()
        }
        #expect(try cursor("{empirical: " + Self.list("1ms", ScenarioSchema.maximumEmpiricalValues) + "}").durationDistribution() != .constant(0))
        #expect(throws: ScenarioError(file: "l.yaml", line: 1, column: 1, path: "", kind: .invalidValue("at most 1,000 mapper counts, got 1,001"))) {
            try ScenarioLoader.parseMapperCounts(try cursor(Self.list("1", 1_001)), claims: Seed001Claims())
        }
    }

    /// The schema states each of these limits as `maxItems`.
    @Test func theSchemaStatesEveryLimit() {
        let world = SchemaTests.world + ["properties"]
        let limits: [([String], Int)] = [
            (world + ["expect"], ScenarioSchema.maximumExpectations),
            (world + ["claims"], ScenarioSchema.maximumClaims),
            (world + ["claims", "items", "properties", "holds_if", "anyOf", "1"], ScenarioSchema.maximumClaimConditions),
            (world + ["network", "properties", "links"], ScenarioSchema.maximumLinks),
            (world + ["zones", "properties", "pairs"], ScenarioSchema.maximumZonePairs),
            (world + ["chaos", "properties", "nodes"], ScenarioSchema.maximumChaosNodes),
            (world + ["deploy", "properties", "servers"], ScenarioLoader.maximumServers),
            (["else", "then", "properties", "faults"], ScenarioLoader.maximumFaults),
            (["else", "then", "properties", "expect"], ScenarioSchema.maximumExpectations),
            (["$defs", "distribution", "anyOf", "1", "properties", "empirical"], ScenarioSchema.maximumEmpiricalValues),
            (["$defs", "operation", "anyOf", "1", "properties", "put_bucket_lifecycle", "properties", "rules"], ScenarioSchema.maximumLifecycleRules),
            (["$defs", "operation", "anyOf", "1", "properties", "complete_multipart", "properties", "parts"], ScenarioSchema.maximumCompletedParts),
            (["then", "allOf", "3", "then", "properties", "variants"], ScenarioSchema.maximumVariants),
            (["then", "allOf", "3", "then", "properties", "servers", "anyOf", "1"], ScenarioSchema.maximumServerCounts),
            (["then", "allOf", "4", "then", "properties", "scaling", "properties", "mappers"], ScenarioSchema.scalingMappers.count),
        ]
        for (path, most) in limits {
            let list = SchemaTests.value(SchemaTests.schema, path) as? [String: Any]
            #expect(list?["maxItems"] as? Int == most, "\(path.joined(separator: "/"))")
        }
    }
}
