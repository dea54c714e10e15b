import Foundation
import Testing
@testable import Scenarios

/// `orrery schema` and `orrery.schema.json`: the committed file is the generated one byte for
/// byte, the schema's objects list exactly the keys the loader accepts, and its limits are the
/// loader's.
struct SchemaTests {
    /// The generated schema, parsed.
    static var schema: [String: Any] { try! JSONSerialization.jsonObject(with: Data(ScenarioSchema.jsonText.utf8)) as! [String: Any] }

    /// The value at `path` (object keys, or array indices as text) in `json`.
    static func value(_ json: Any, _ path: [String]) -> Any? {
        var current: Any? = json
        for component in path {
            if let object = current as? [String: Any] {
                current = object[component]
            } else if let array = current as? [Any], let index = Int(component), array.indices.contains(index) {
                current = array[index]
            } else {
                return nil
            }
        }
        return current
    }

    /// The property names of the object at `path`, in the schema's order (read from the ordered
    /// document the text is printed from, since JSONSerialization forgets the order).
    static func propertyNames(_ path: [String]) -> [String] {
        var current: JSONValue? = ScenarioSchema.json
        for component in path + ["properties"] {
            if case .array(let elements) = current, let index = Int(component), elements.indices.contains(index) {
                current = elements[index]
            } else {
                current = current?[component]
            }
        }
        return current?.members.map(\.key) ?? []
    }

    /// The suggestion of the unknown-key error `text` loads with, or nil when it loads or fails
    /// otherwise.
    static func unknownKeySuggestion(_ text: String) -> String?? {
        do {
            _ = try ScenarioFile.load(bytes: Array(text.utf8), file: "schema.yaml")
            return nil
        } catch {
            guard case .unknownKey(_, let suggestion) = error.kind else { return nil }
            return .some(suggestion)
        }
    }

    static let world = ["else", "else"]
    static let traffic = "run: {requests: 10}\nservers: [{name: s, count: 2}]\nworkload: {type: closed_loop, users: 1}\n"

    // MARK: The committed file

    @Test func theCommittedSchemaIsTheGeneratedOne() throws {
        let committed = try String(contentsOf: packageRoot.appendingPathComponent("orrery.schema.json"), encoding: .utf8)
        #expect(committed == ScenarioSchema.jsonText,
                "orrery.schema.json is not what the loader's definitions generate: run `swift run orrery schema --out orrery.schema.json` and commit it")
    }

    @Test func theSchemaIsDraft202012WithAnIdATitleAndSharedDefinitions() {
        #expect(Self.schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        #expect(Self.schema["$id"] as? String == "urn:orrery:scenario-file:1")
        #expect(Self.schema["title"] as? String == "Orrery scenario file")
        let definitions = Self.schema["$defs"] as? [String: Any] ?? [:]
        for name in ["duration", "positive_duration", "distribution", "balancer", "cluster", "byte_count", "boolean"] {
            #expect(definitions[name] != nil, "no $defs/\(name)")
        }
    }

    @Test func theTextIsStableIndentedByTwoSpacesAndEndsWithANewline() {
        let text = ScenarioSchema.jsonText
        #expect(text == ScenarioSchema.jsonText)
        #expect(text.hasPrefix("{\n  \"$schema\": "))
        #expect(text.hasSuffix("}\n") && !text.hasSuffix("\n\n"))
        #expect(!text.contains("\t"))
        let indents = text.split(separator: "\n").map { (line: Substring) in line.prefix { $0 == " " }.count }
        #expect(indents.allSatisfy { $0.isMultiple(of: 2) })
    }

    @Test func everyObjectRefusesKeysItDoesNotList() {
        var objects = 0
        func walk(_ json: Any) {
            if let object = json as? [String: Any] {
                let properties = object["properties"] as? [String: Any]
                // The experiment files' discriminator lists only `experiment`; each case is closed.
                let isDiscriminator = properties.map { Array($0.keys) } == ["experiment"] && object["allOf"] != nil
                if properties != nil, object["type"] as? String == "object", !isDiscriminator {
                    objects += 1
                    #expect(object["additionalProperties"] as? Bool == false, "an open object: \(properties!.keys.sorted())")
                }
                object.values.forEach(walk)
            } else if let array = json as? [Any] {
                array.forEach(walk)
            }
        }
        walk(Self.schema)
        #expect(objects > 80)
    }

    @Test func theFileKindsAreToldApartAsTheLoaderDoes() {
        #expect(Self.value(Self.schema, ["if", "required"]) as? [String] == ["experiment"])
        let experiments = Self.value(Self.schema, ["then", "properties", "experiment", "enum"]) as? [String]
        #expect(experiments == ExperimentRegistry.files.map { $0.name })
        #expect(experiments == ["a1", "a2", "a3", "a4", "mapreduce", "backup", "queue"])
        let singleJob = (Self.value(Self.schema, ["else", "if", "anyOf"]) as? [[String: Any]])?.compactMap { ($0["required"] as? [String])?.first }
        #expect(singleJob == ["job", "cluster"])
    }

    // MARK: Keys: the schema's are the loader's

    /// Each object's keys as the schema lists them, and a file that puts a given key in that object.
    static let objects: [(name: String, path: [String], keys: [String], file: @Sendable (String) -> String)] = [
        ("world", world, ScenarioSchema.worldFile.keys, { "\($0): 1\n" + traffic }),
        ("run", world + ["properties", "run"], ScenarioSchema.run.keys, { "run: {requests: 10, \($0): 1}\nservers: [{name: s}]\nworkload: {type: closed_loop, users: 1}\n" }),
        ("server", world + ["properties", "servers", "items"], ScenarioSchema.server.keys, { "run: {requests: 10}\nservers: [{name: s, \($0): 1}]\nworkload: {type: closed_loop, users: 1}\n" }),
        ("workload", world + ["properties", "workload"], ScenarioSchema.workload.keys, { "run: {requests: 10}\nservers: [{name: s}]\nworkload: {type: closed_loop, users: 1, \($0): 1}\n" }),
        ("balancer", ["$defs", "balancer"], ScenarioSchema.balancerSection.keys, { traffic + "balancer: {\($0): 1}\n" }),
        ("cluster", ["$defs", "cluster"], ScenarioSchema.clusterSection.keys, { "cluster: {\($0): 1}\njob: {name: word-count, reducers: 1}\ninput: {synthetic: {lines: 10}}\n" }),
        ("a3", ["then", "allOf", "2", "then"], ScenarioSchema.placementExperimentFile("a3", own: ScenarioSchema.a3Sections).keys, { "experiment: a3\n\($0): 1\n" }),
    ]

    @Test(arguments: 0..<objects.count)
    func theSchemaListsExactlyTheKeysTheLoaderAccepts(index: Int) {
        let object = Self.objects[index]
        #expect(Self.propertyNames(object.path) == object.keys, "\(object.name)")
        #expect(object.keys.count > 3)
        for key in object.keys {
            // The loader's "did you mean" searches the keys it accepts; a misspelt key (its last
            // letter changed) names the schema's key, so the loader accepts that key.
            let misspelt = String(key.dropLast()) + (key.hasSuffix("q") ? "z" : "q")
            #expect(Self.unknownKeySuggestion(object.file(misspelt)) == .some(key), "\(object.name).\(key)")
        }
        #expect(Self.unknownKeySuggestion(object.file("zzzzzzzz")) == .some(nil), "\(object.name): an unlisted key is refused")
    }

    @Test func theWorldListsItsSectionsInTheDocumentationsOrder() {
        #expect(ScenarioSchema.worldFile.keys == ["version", "name", "description", "seed", "run", "network", "zones", "servers", "balancer", "gateway", "workload",
                                                  "mapreduce", "log", "queue", "object_store", "backup", "operations", "faults", "chaos", "deploy", "expect", "claims"])
    }

    // MARK: Words: every word the schema offers is one the loader reads

    /// Enumerations of the schema, and a file that uses a given word of one.
    static let enumerations: [(name: String, path: [String], file: @Sendable (String) -> String)] = [
        ("strategy", ["$defs", "balancer", "properties", "strategy", "anyOf", "0"], { traffic + "balancer: {strategy: \($0)}\n" }),
        ("retries.on", ["$defs", "balancer", "properties", "retries", "properties", "on", "items"], { traffic + "balancer: {retries: {on: [\($0)]}}\n" }),
        ("workload.type", world + ["properties", "workload", "properties", "type"],
         { "run: {requests: 10}\nservers: [{name: s}]\nworkload: {type: \($0), \($0 == "closed_loop" ? "users: 1" : "rate: 5")}\n" }),
        ("shuffle", ["$defs", "cluster", "properties", "shuffle", "anyOf", "0"],
         { "cluster: {shuffle: \($0)}\njob: {name: word-count, reducers: 1}\ninput: {synthetic: {lines: 10}}\n" }),
        ("job", ["$defs", "job", "properties", "name"], { "cluster: {workers: 1}\njob: {name: \($0), reducers: 1}\ninput: {synthetic: {lines: 10}}\n" }),
        ("placement", ["$defs", "placement", "anyOf", "0"], { "experiment: a1\nservers: 3\nplacement: \($0)\n" }),
        ("request_hash", ["$defs", "assignment_map", "properties", "request_hash", "anyOf", "0"], { "experiment: a1\nservers: 3\nmap: {request_hash: \($0)}\n" }),
        ("probing", ["$defs", "assignment_map", "properties", "probing"], { "experiment: a1\nservers: 3\nmap: {probing: \($0)}\n" }),
        ("storm code", ["$defs", "storm", "properties", "code"], { "object_store: {storms: [{at: 1s, for: 1s, rate: 0.5, code: \($0)}]}\noperations: [list_buckets]\n" }),
        ("encryption", world + ["properties", "object_store", "properties", "buckets", "items", "properties", "encryption"],
         { "object_store: {buckets: [{name: photos, encryption: \($0)}]}\noperations: [list_buckets]\n" }),
        ("bare operation", ["$defs", "operation", "anyOf", "0"], { "operations: [\($0)]\n" }),
        ("experiment", ["then", "properties", "experiment"], { "experiment: \($0)\n" }),
    ]

    @Test(arguments: 0..<enumerations.count)
    func everyWordTheSchemaOffersIsOneTheLoaderReads(index: Int) {
        let enumeration = Self.enumerations[index]
        let words = Self.value(Self.schema, enumeration.path + ["enum"]) as? [String] ?? []
        #expect(words.count >= 2, "\(enumeration.name)")
        for word in words {
            let error = HostileInputTests.error(enumeration.file(word))
            if enumeration.name == "experiment" {
                // An experiment file without its sections may be refused for a missing key, never for its name.
                #expect(!(error ?? "").contains("unknown experiment"), "\(word): \(error ?? "")")
            } else {
                #expect(error == nil, "\(enumeration.name) \(word): \(error ?? "")")
            }
        }
    }

    // MARK: Limits: the schema's are the loader's

    @Test func integerRangesAreTheLoaders() {
        let requests = Self.value(Self.schema, Self.world + ["properties", "run", "properties", "requests"]) as? [String: Any]
        #expect(requests?["minimum"] as? Int == 1 && requests?["maximum"] as? Int == 1_000_000_000)
        let traffic = "servers: [{name: s}]\nworkload: {type: closed_loop, users: 1}\n"
        #expect(HostileInputTests.error("run: {requests: 1000000000, max_events: 1000000000000}\n" + traffic) == nil)
        #expect(HostileInputTests.error("run: {requests: 1000000001, max_events: 1000000000000}\n" + traffic)?
            .contains("must be 1 … 1,000,000,000") == true)

        let workers = Self.value(Self.schema, ["$defs", "cluster", "properties", "workers"]) as? [String: Any]
        #expect(workers?["minimum"] as? Int == 1 && workers?["maximum"] as? Int == 1_000)
        #expect(HostileInputTests.error("cluster: {workers: 1001}\njob: {name: word-count, reducers: 1}\ninput: {synthetic: {lines: 10}}\n")?
            .contains("must be 1 … 1,000, got 1,001") == true)

        let count = Self.value(Self.schema, ["$defs", "balancer", "properties", "max_conns"]) as? [String: Any]
        #expect(count?["minimum"] as? Int == 1 && count?["maximum"] as? Int == YAMLCursor.maximumCount)
    }

    @Test func numberRangesAreTheLoaders() {
        let speed = Self.value(Self.schema, Self.world + ["properties", "servers", "items", "properties", "speed"]) as? [String: Any]
        #expect(speed?["exclusiveMinimum"] as? Double == 0 && speed?["maximum"] as? Double == YAMLCursor.maximumFactor)
        #expect(HostileInputTests.error("run: {requests: 1}\nservers: [{name: s, speed: 1000001}]\nworkload: {type: closed_loop, users: 1}\n")?
            .contains("a factor is at most 1,000,000") == true)
        let drop = Self.value(Self.schema, Self.world + ["properties", "network", "properties", "drop_rate"]) as? [String: Any]
        #expect(drop?["minimum"] as? Double == 0 && drop?["maximum"] as? Double == 1)
        let duration = Self.value(Self.schema, ["$defs", "duration", "anyOf", "0"]) as? [String: Any]
        #expect(duration?["maximum"] as? Double == YAMLCursor.maximumSeconds)
    }

    /// Durations and sizes the loader reads, and text it refuses, against the schema's patterns.
    @Test(arguments: [
        ("duration", ["250ms", "1.5s", "2m", "1h", "3d", "100us", "100µs", "10ns", "5min", "1_000ms", "+5s", ".5s", "5.s", "1e3ms", "2 s", " 30s "],
         ["-5ms", "5 seconds", "ms", "1h30m", "5sec", "nan", "inf", "1,5s", ""]),
        ("positive_duration", ["250ms", "0.001s", "1e-3s", "1"], ["0s", "0", "0.0ms", "-1s"]),
        ("byte_count", ["65536", "64KiB", "1.5MB", "100 MB", "512B", "0"], ["64 kilobytes", "1TB", "-1KB", "KB"]),
        ("percentage", ["50", "50%", "100%", "0.5 %"], ["150%", "-1%", "half"]),
        ("boolean", ["yes", "No", "ON", "off", "TRUE"], ["y", "1", "nope"]),
    ])
    func thePatternsAcceptWhatTheLoaderReads(definition: String, accepted: [String], refused: [String]) throws {
        let alternatives = Self.value(Self.schema, ["$defs", definition, "anyOf"]) as? [[String: Any]] ?? []
        let pattern = try #require(alternatives.compactMap { $0["pattern"] as? String }.first)
        let regex = try NSRegularExpression(pattern: pattern)
        func matches(_ text: String) -> Bool {
            regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }
        func loads(_ text: String) -> Bool {
            let cursor = YAMLCursor(node: .scalar(.init(text)), file: "t.yaml", path: "")
            switch definition {
            case "duration": return (try? cursor.seconds()) != nil
            case "positive_duration": return (try? cursor.positiveDuration()) != nil
            case "byte_count": return (try? cursor.byteCount()) != nil
            case "percentage": return (try? cursor.percentage()) != nil
            default: return (try? cursor.bool()) != nil
            }
        }
        for text in accepted {
            #expect(loads(text), "the loader refuses '\(text)'")
            #expect(matches(text), "the schema refuses '\(text)'")
        }
        for text in refused {
            #expect(!loads(text), "the loader reads '\(text)'")
            #expect(!matches(text), "the schema accepts '\(text)'")
        }
    }

    // MARK: Scenario files

    @Test func everyCommittedScenarioNamesTheSchemaOnItsFirstLine() throws {
        let directory = packageRoot.appendingPathComponent("scenarios")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".yaml") }
        #expect(files.count > 10)
        for file in files {
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            #expect(text.hasPrefix("# yaml-language-server: $schema=../orrery.schema.json\n"), "\(file)")
        }
    }
}
