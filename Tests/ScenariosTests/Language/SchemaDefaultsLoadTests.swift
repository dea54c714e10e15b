import Testing
@testable import Scenarios

/// Every `default` the schema states is the one the loader applies: each is written, as the
/// schema spells it, into a small file of its kind that leaves it out, and the loaded
/// configuration (every stored value of the world or experiment, as `dump` prints it) is the
/// same as without it. The schema had no `default` keyword at all, and README left 70 of the
/// loader's defaults unsaid (an outside check, D).
struct SchemaDefaultsLoadTests {
    /// Small files of each kind which, between them, hold every mapping a default is written
    /// in, each leaving out settings the others write (a mapping the loader refuses empty, or
    /// where one setting needs another, as `error_limit` needs `observe`).
    static let bases: [(file: String, text: String)] = [
        ("world", """
        seed: 3
        run: {duration: 2s, time_limit: 60s}
        network: {links: [{from: balancer, to: s1}]}
        servers:
          - {name: s, count: 2, max_conns: 20}
        balancer:
          strategy: {hash: {balance_factor: 1.5}}
          retries: {on: [error]}
          passive_health: {fail_timeout: 10s}
          health_check: {observe: layer7}
          outlier_detection: {split_external_local_origin_errors: true}
          queue: {size: 10}
          rate_limit: {rate: 1000}
          circuit_breaker: {window: 30}
          keepalive: {connections: 2}
        workload: {type: open_loop, rate: 50}
        chaos: {crashes_per_hour: 1}
        deploy: {at: 1s}
        faults:
          - {at: 1s, restart: s1}
          - {at: 1500ms, partition: [[s1], [s2]], for: 100ms}
        """),
        ("world", """
        run: {duration: 2s}
        servers: [{name: a}, {name: b}]
        balancer:
          retries: {tries: 2}
          passive_health: {max_fails: 1}
          outlier_detection: {consecutive_errors: 5}
          circuit_breaker: {open_for: 5s}
        workload: {type: closed_loop, users: 2}
        chaos: {pauses_per_hour: 1}
        """),
        ("world", """
        run: {duration: 1s}
        zones: {list: [{name: a}, {name: b, clients: 2}]}
        servers: [{name: s, count: 2, zone: a}, {name: t, zone: b}]
        balancer: {locality: {}}
        workload: {type: open_loop, rate: 20, clients: 2}
        """),
        ("world", """
        run: {duration: 5s}
        object_store:
          storms: [{at: 1s, for: 1s, rate: 0.1}]
          client: {}
          buckets: [{name: data-bucket}]
        backup:
          restores: [{at: 3s}]
          source: {file_size: {median: 4KiB}, weights: {create: 1}}
        log:
          topics: [{name: t, partitions: 1}]
          producers: [{topic: t, records: 5, rate: 10}]
        mapreduce:
          cluster: {policy: {speculation: {}}, shuffle: {shuffle_store: {}}, cost: {}, network: {}}
          attempt_chaos: {}
          chaos: {}
          jobs:
            - {name: word-count, reducers: 1, input: {synthetic: {lines: 10}}, output: {bucket: data-bucket}}
            - {name: word-count, reducers: 1, input: {topic: t}}
            - {name: word-count, reducers: 1, input: {objects: {bucket: data-bucket}}}
        queue:
          topics: [{name: q, partitions: 2}]
          producers: [{name: qp, to: ["q:*"], messages: 5, rate: 10}]
          consumers: [{name: qc, from: ["q:*"]}]
        operations:
          steps:
            - {create_bucket: b2}
            - {put: {bucket: b2, key: k, size: 10}}
            - {copy: {from_bucket: b2, from_key: k, bucket: b2, key: k2}}
            - {list: {bucket: b2}}
            - {list_versions: {bucket: b2}}
            - {create_multipart: {bucket: b2, key: m, as: up}}
            - {upload_part: {bucket: b2, key: m, upload_id: $up, part: 1, size: 5}}
            - {list_multipart_uploads: {bucket: b2}}
            - {put_bucket_lifecycle: {bucket: b2, rules: [{id: r, expiration_days: 1}]}}
        faults:
          - {at: 2s, storm: s3, for: 500ms, rate: 0.2}
        """),
        ("world", """
        name: plain
        run: {duration: 5s}
        object_store: {buckets: [{name: data-bucket}]}
        mapreduce:
          cluster: {policy: {backoff_base: 1s}}
          jobs: [{name: word-count, reducers: 1, input: {synthetic: {lines: 10}, log: {topic: lt, records_per_split: 5}}}]
        operations:
          - {put: {bucket: data-bucket, key: k, body: x}}
        """),
        ("job", """
        cluster: {workers: 2, policy: {speculation: {slowness: 3}}, shuffle: {shuffle_store: {ttl: 10min}}, cost: {}, network: {}}
        job: {name: word-count, reducers: 1}
        input: {synthetic: {lines: 20}, log: {topic: lt, records_per_split: 5}}
        faults:
          - {at: 1s, restart: worker-1}
          - {at: 1s, partition: [[worker-1], [worker-2]], for: 1s}
        chaos: {horizon: 30s}
        attempt_chaos: {crash_probability: 0.1}
        run: {max_events: 1000000000}
        """),
        ("job", """
        seed: 2
        cluster: {map_slots: 1}
        job: {name: word-count, reducers: 1}
        input: {synthetic: {lines: 20}}
        chaos: {worker_crashes_per_minute: 0}
        attempt_chaos: {stall_probability: 0.1}
        run: {time_limit: 1h}
        """),
        ("a1", "experiment: a1\nservers: 3\nrequests: 100\nserver: {queue: 200}\nmap: {request_hash: {polynomial: {i: 2}}, virtual_server_hash: {polynomial: {c: 1}}}\n"),
        ("a1", "experiment: a1\nservers: 3\nseed: 2\nserver: {slots: 4}\nmap: {slots: 256, request_hash: {polynomial: {i2: 1}}, virtual_server_hash: {polynomial: {i2: 1}}}\n"),
        ("a2", "experiment: a2\nservers: [2, 3]\nplacement: {ring: {}}\n"),
        ("a3", """
        experiment: a3
        servers: 3
        operations: [{route: {path: /home}}]
        failover: {rate: 100, duration: 5s, kill_at: 2s, kill: Server 2}
        """),
        ("a4", """
        experiment: a4
        servers: [2, 3]
        variants:
          - {name: r, placement: {ring: {}}}
          - {name: m, placement: {maglev: {}}}
          - {name: b, placement: {bounded_loads: {}}}
          - {name: h, map: {slots: 64}}
        """),
        ("mapreduce", """
        experiment: mapreduce
        cluster: {workers: 2}
        job: {name: word-count, reducers: 1}
        input: {synthetic: {lines: 100}}
        scaling: {mappers: [1, 4, 20], input: {synthetic: {lines: 100}}}
        straggler: {worker: worker-1, factor: 2}
        failure: {crash: worker-2, at: 1s}
        lab_chaos: {attempts: {}, input: {synthetic: {lines: 100}}}
        """),
        ("backup", """
        experiment: backup
        duration: 2d
        store: {storms: [{at: 1h, for: 1h, rate: 0.1}]}
        client: {}
        source: {files: 20}
        restores: [{at: 1d}]
        """),
        ("backup", """
        experiment: backup
        source: {files: 20, weights: {modify: 1}}
        """),
        ("queue", """
        experiment: queue
        network: {links: [{from: broker-1, to: broker-2}]}
        queue:
          topics: [{name: q, partitions: 2}]
          producers: [{name: qp, to: ["q:*"], messages: 5, rate: 10}]
          consumers: [{name: qc, from: ["q:*"]}]
        swarm: {seeds: 1}
        placement_analysis: {brokers: [3], partitions: 8, algorithms: [{name: ring, placement: ring}]}
        """),
    ]

    /// What one default written into the bases came to.
    enum Outcome: Equatable {
        /// Loaded, and the configuration is the one the key left out gives.
        case same
        /// Loaded to another configuration: the schema states a default the loader does not apply.
        case differs(String)
        /// No base accepted it (each refusal's message), or none holds its mapping (empty).
        case untested([String])
    }

    /// Everything a loaded file holds, as text.
    static func configuration(_ file: ScenarioFile) -> String {
        var text = ""
        dump(file, to: &text)
        return text
    }

    /// The concrete key paths `path` (with `[]` for any element) leads to in `cursor`, each
    /// ending at a mapping that does not hold the last key.
    static func places(_ path: ArraySlice<String>, in cursor: YAMLCursor, walked: [String] = []) -> [[String]] {
        guard let key = path.first else { return [] }
        if key == "[]" {
            guard let items = try? cursor.list() else { return [] }
            return items.indices.flatMap { places(path.dropFirst(), in: items[$0], walked: walked + [String($0)]) }
        }
        guard let mapping = try? cursor.openMapping() else { return [] }
        if path.count == 1 { return mapping[key] == nil ? [walked + [key]] : [] }
        guard let next = mapping[key] else { return [] }
        return places(path.dropFirst(), in: next, walked: walked + [key])
    }

    /// The first lines where two configurations differ, with the line before for context.
    static func firstDifference(_ one: String, _ other: String) -> String {
        let (a, b) = (one.split(separator: "\n"), other.split(separator: "\n"))
        guard let index = a.indices.first(where: { $0 >= b.count || a[$0] != b[$0] }) else { return "\(a.count) lines against \(b.count)" }
        guard index < b.count else { return "\(a.count) lines against \(b.count)" }
        let (x, y) = (Array(a[index]), Array(b[index]))
        let at = x.indices.first { $0 >= y.count || x[$0] != y[$0] } ?? x.count
        let window = { (line: [Character]) in String(line[max(0, at - 80)..<min(line.count, at + 80)]) }
        return "written: …\(window(x))… / left out: …\(window(y))…"
    }

    /// Each base read, with its configuration as loaded, or nil when the loader refuses it.
    static func loadBases() -> [(file: String, document: ScenarioDocument, configuration: String)?] {
        bases.map { base in
        guard let document = try? ScenarioDocument.parse(bytes: Array(base.text.utf8), file: "\(base.file).yaml"),
              let plain = try? ScenarioFile.load(bytes: Array(base.text.utf8), file: "\(base.file).yaml") else { return nil }
        return (base.file, document, configuration(plain))
        }
    }

    static func outcome(of entry: ScenarioSchema.DefaultEntry, loadedBases: [(file: String, document: ScenarioDocument, configuration: String)?]) -> Outcome {
        var refusals: [String] = []
        for (index, base) in bases.enumerated() where base.file == entry.file {
            guard let (_, document, without) = loadedBases[index] else { return .untested(["the base is refused: \(base.text)"]) }
            for place in places(entry.path[...], in: document.root) {
                let override = ScenarioOverride(path: place.joined(separator: "."), value: entry.value.yaml)
                do {
                    let with = configuration(try ScenarioFile.load(document, overrides: [override], option: "--set"))
                    return with == without ? .same : .differs("\(override): \(firstDifference(with, without))")
                } catch {
                    refusals.append("\(override): \(error)")
                }
            }
        }
        return .untested(refusals)
    }

    @Test func everyDefaultTheSchemaStatesIsTheOneTheLoaderApplies() {
        let entries = ScenarioSchema.defaultEntries.filter(\.value.isValue)
        var tested: [String] = [], untested: [String: [String]] = [:]
        let loaded = Self.loadBases()
        for entry in entries {
            switch Self.outcome(of: entry, loadedBases: loaded) {
            case .same: tested.append("\(entry.file): \(entry.keyPath)")
            case .differs(let how): Issue.record("\(entry.file): \(entry.keyPath) = \(entry.value.yaml) loads differently from leaving it out: \(how)")
            case .untested(let refusals): untested["\(entry.file): \(entry.keyPath)"] = refusals
            }
        }
        // Each default README lists is tested at one place at least (a shared shape, as
        // `cluster:`, at the places the bases hold).
        for row in ScenarioSchema.documentedDefaults where row.entry.value.isValue {
            let places = ScenarioSchema.defaultEntries.filter { $0.isSameSetting(as: row.entry) }
            let names = places.map { "\($0.file): \($0.keyPath)" }
            #expect(names.contains(where: tested.contains), "\(row.entry.shapePath) = \(row.entry.value.yaml) is written into no base that accepts it: \(names.map { "\($0) \(untested[$0] ?? [])" })")
        }
        #expect(tested.count == 370, "\(tested.count) defaults tested, of \(entries.count) places")
    }

    @Test func everyDefaultIsSpelledAsAFileWritesIt() {
        #expect(SchemaDefault.duration(.seconds(60)).yaml == "1min")
        #expect(SchemaDefault.duration(.milliseconds(500)).yaml == "500ms")
        #expect(SchemaDefault.duration(.zero).yaml == "0s")
        #expect(SchemaDefault.duration(.nanoseconds(250)).yaml == "250ns")
        #expect(SchemaDefault.bytes(65_536).yaml == "64KiB")
        #expect(SchemaDefault.bytes(100_000_000).yaml == "100MB")
        #expect(SchemaDefault.distribution(.exponential(mean: 0.01)).yaml == "{exponential: 10ms}")
        #expect(SchemaDefault.distribution(.lognormal(median: 0.020, sigma: 0.6)).yaml == "{lognormal: {median: 20ms, sigma: 0.6}}")
    }

    /// The schema's `default` keywords are the stated values, and a derived rule has none.
    @Test func theJSONSchemaCarriesEachValueAsItsDefaultKeyword() {
        let servers = SchemaTests.value(SchemaTests.schema, ["else", "else", "properties", "servers", "items", "properties"]) as? [String: Any]
        #expect((servers?["slots"] as? [String: Any])?["default"] as? Int == 1)
        #expect((servers?["service_time"] as? [String: Any])?["default"] as? [String: String] == ["exponential": "10ms"])
        let run = SchemaTests.value(SchemaTests.schema, ["else", "else", "properties", "run", "properties"]) as? [String: Any]
        #expect((run?["time_limit"] as? [String: Any])?["default"] == nil)
        #expect((run?["max_events"] as? [String: Any])?["default"] as? Int == 2_000_000_000)
        let policy = SchemaTests.value(SchemaTests.schema, ["$defs", "cluster", "properties", "policy", "properties"]) as? [String: Any]
        #expect((policy?["monitor_interval"] as? [String: Any])?["default"] as? String == "500ms")
    }
}
