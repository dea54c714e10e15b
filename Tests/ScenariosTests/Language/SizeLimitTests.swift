import Foundation
import Testing
@testable import Scenarios

/// Files a fuzzer wrote that ran out of memory or ran for minutes: each size that a world holds or
/// a loader checks against every other is bounded, and refused at load time where it is written.
struct SizeLimitTests {
    /// The error loading `text` as `x.yaml` gives, or "" when it loads.
    static func refusal(_ text: String) -> String {
        do {
            _ = try ScenarioFile.load(bytes: Array(text.utf8), file: "x.yaml")
            return ""
        } catch {
            return error.description
        }
    }

    static let cases: [(name: String, yaml: String, message: String)] = [
        ("requests queued at a server", "servers: [{name: s, slots: 1, queue: 10000000, service_time: 1s}]\nworkload: {type: open_loop, rate: 10000000}\nrun: {duration: 1s}\n",
         "x.yaml:2:35: error: this world would hold about 4.8 GiB (mostly for 'servers'), more than the 4 GiB a run may use; make it smaller (at workload.rate)"),
        ("requests queued at the balancer", "servers: [{name: s, max_conns: 1, service_time: 1s}]\nbalancer: {queue: {size: 10000000}}\nworkload: {type: open_loop, rate: 10000000}\nrun: {duration: 1s}\n",
         "x.yaml:2:19: error: this world would hold about 57.8 GiB (mostly for 'balancer.queue'), more than the 4 GiB a run may use; make it smaller (at balancer.queue)"),
        // With keepalive every request the balancer holds waits on a task: a million users ran
        // to 6.9 GB before they were stopped; a hundred thousand take 745 MB.
        ("a million users' requests on a keepalive balancer's tasks", "seed: 1\nservers: [{name: s, count: 1000, slots: 100000, queue: 10000000, service_time: 1ms}]\nbalancer: {strategy: least_conn, keepalive: {connections: 100000, workers: 1024}}\nworkload: {type: closed_loop, users: 1000000, think_time: 1s}\nrun: {duration: 10s}\n",
         "x.yaml:4:38: error: this world would hold about 8.1 GiB (mostly for 'balancer.keepalive'), more than the 4 GiB a run may use; make it smaller (at workload.users)"),
        ("a hundred thousand users' requests on a keepalive balancer's tasks", "seed: 1\nservers: [{name: s, count: 1000, slots: 100000, queue: 10000000, service_time: 1ms}]\nbalancer: {strategy: least_conn, keepalive: {connections: 100000, workers: 1024}}\nworkload: {type: closed_loop, users: 100000, think_time: 1s}\nrun: {duration: 10s}\n", ""),
        // Every pick visits every server behind the balancer: a thousand servers make each request
        // cost ten times its events (64 zones of 960 servers ran for minutes).
        ("a thousand servers behind a balancer at 200,000 requests/s", "servers: [{name: s, count: 1000, service_time: 1ms}]\nbalancer: {strategy: least_conn}\nworkload: {type: open_loop, rate: 200000}\nrun: {duration: 100s}\n",
         "x.yaml:1:10: error: this world would need about 2.3 × 10⁹ events over its 100.000 s of virtual time (mostly from 'servers'), more than its event limit of 2 × 10⁹ (run.max_events); shorten the run (run.duration, run.time_limit, or the latest time the file schedules something) or lower the rate or size (at servers)"),
        ("a thousand servers behind a balancer at 100,000 requests/s", "servers: [{name: s, count: 1000, service_time: 1ms}]\nbalancer: {strategy: least_conn}\nworkload: {type: open_loop, rate: 100000}\nrun: {duration: 100s}\n", ""),
        ("a thousand servers without a balancer at 200,000 requests/s", "servers: [{name: s, count: 1000, service_time: 1ms}]\nworkload: {type: open_loop, rate: 200000}\nrun: {duration: 100s}\n", ""),
        // Every poll fetches each partition a consumer owns, one after the other, a round trip
        // each: ten consumers of 100 topics of 1,000 partitions each, polling every 100 ms, take
        // 200 s a round and fetch 3 × 10⁶ times in 10 minutes (counting every partition every
        // 100 ms refused them at 6 × 10⁹ fetches); measured: 3.0 × 10⁷ events, 23.8 s, 495 MB.
        ("ten consumers, each in its own group, of 100,000 partitions", queueWorld(topics: 100, group: false), ""),
        ("ten consumers sharing 10,000 partitions in one group", queueWorld(topics: 10, group: true), ""),
        ("a thousand and one servers", "servers: [{name: s, count: 1001}]\nworkload: {type: closed_loop, users: 1}\nrun: {requests: 1}\n",
         "x.yaml:1:28: error: must be 1 … 1,000, got 1,001 (at servers.[0].count)"),
        ("ten thousand and one reducers", "mapreduce: {cluster: {workers: 2}, jobs: [{name: word-count, reducers: 10001, input: {synthetic: {lines: 10, seed: 1}}}]}\n",
         "x.yaml:1:72: error: at most 10,000 reducers, got 10001 (at mapreduce.jobs.[0].reducers)"),
        ("a topic's long name", "log: {topics: [{name: \(String(repeating: "t", count: 101)), partitions: 1}]}\n",
         "x.yaml:1:23: error: a topic's name has at most 100 bytes, got 101 (at log.topics.[0].name)"),
        ("a thousand and one topics", "log: {topics: [\((0...1_000).map { "{name: t\($0), partitions: 1}" }.joined(separator: ", "))]}\n",
         "x.yaml:1:15: error: at most 1,000 topics, got 1,001 (at log.topics)"),
        ("a thousand and one buckets", "object_store: {buckets: [\((0...1_000).map { "{name: b\($0)}" }.joined(separator: ", "))]}\noperations: [list_buckets]\n",
         "x.yaml:1:25: error: at most 1,000 buckets, got 1,001 (at object_store.buckets)"),
        ("a MapReduce input topic's long name", "mapreduce: {cluster: {workers: 2}, jobs: [{name: word-count, reducers: 1, input: {synthetic: {lines: 10, seed: 1}, log: {topic: \(String(repeating: "t", count: 101))}}}]}\n",
         "x.yaml:1:129: error: a topic's name has at most 100 bytes, got 101 (at mapreduce.jobs.[0].input.log.topic)"),
        ("a thousand and one input files", "mapreduce: {cluster: {workers: 2}, jobs: [{name: word-count, reducers: 1, input: {files: [\(Array(repeating: "a.txt", count: 1_001).joined(separator: ", "))]}}]}\n",
         "x.yaml:1:90: error: at most 1,000 input files, got 1,001 (at mapreduce.jobs.[0].input.files)"),
        // Every attempt a crash ends maps its split again: a certain crash with 1,000 attempts
        // reads the input a thousand times (20,000 lines took 40 s; 2 M would take over an hour).
        ("a certain crash with a thousand attempts", "version: 1\nname: c\ncluster: {workers: 4, policy: {max_attempts: 1000}}\njob: {name: word-count, reducers: 2}\ninput: {synthetic: {lines: 2000000, seed: 1}}\nattempt_chaos: {crash_probability: 1, stall_probability: 0}\n",
         "x.yaml:6:16: error: this world would need about 2 × 10¹⁰ events over its 3,600.000 s of virtual time (mostly from 'attempt_chaos'), more than its event limit of 2 × 10⁹ (run.max_events); shorten the run (run.time_limit) or make the job smaller (at attempt_chaos)"),
        ("a world's certain crash with a thousand attempts", "mapreduce:\n  cluster: {workers: 4, policy: {max_attempts: 1000}}\n  attempt_chaos: {crash_probability: 1, stall_probability: 0}\n  jobs: [{name: word-count, reducers: 2, input: {synthetic: {lines: 2000000, seed: 1}}}]\n",
         "x.yaml:3:18: error: this world would need about 2 × 10¹⁰ events over its 3,600.000 s of virtual time (mostly from 'mapreduce.attempt_chaos'), more than its event limit of 2 × 10⁹ (run.max_events); shorten the run (run.duration, run.time_limit, or the latest time the file schedules something) or lower the rate or size (at mapreduce.attempt_chaos)"),
        ("half the attempts crashing", "mapreduce:\n  cluster: {workers: 4, policy: {max_attempts: 1000}}\n  attempt_chaos: {crash_probability: 0.5, stall_probability: 0}\n  jobs: [{name: word-count, reducers: 2, input: {synthetic: {lines: 2000000, seed: 1}}}]\n", ""),
        ("a backup experiment's bucket", "experiment: backup\nbucket: ''\n",
         "x.yaml:2:9: error: '' is not a valid S3 bucket name (3–63 lowercase letters, digits, dots and hyphens) (at bucket)"),
        ("a source of a hundred thousand 64 MiB files", "object_store: {}\nbackup: {bucket: backups, source: {files: 100000, file_size: {median: 1GiB, sigma: 4}}}\nrun: {duration: 1h}\n",
         "x.yaml:2:35: error: this world would hold about 12,504.5 GiB (mostly for 'backup.source'), more than the 4 GiB a run may use; make it smaller (at backup.source)"),
        ("a backup experiment's source", "experiment: backup\nsource: {files: 100000, file_size: {median: 1GiB, sigma: 4}}\n",
         "x.yaml:2:9: error: these files and their changes would hold about 18,980.0 GiB over 5,184,000.000 s, more than the 4 GiB a run may use; make them fewer or smaller (at source)"),
    ]

    /// Ten consumers of `topics` topics of 1,000 partitions, each in a group of its own or all in one.
    static func queueWorld(topics count: Int, group: Bool) -> String {
        let topics = (0..<count).map { "{name: t\($0), partitions: 1000}" }.joined(separator: ", ")
        let targets = (0..<count).map { "'t\($0):*'" }.joined(separator: ", ")
        let consumers = (0..<10).map { "{name: c\($0)\(group ? ", group: g" : ""), from: [\(targets)]}" }.joined(separator: ", ")
        return "run: {duration: 10m}\nqueue:\n  topics: [\(topics)]\n  consumers: [\(consumers)]\n"
    }

    @Test(arguments: cases.map(\.name))
    func anOversizedFileIsRefusedWhereItIs(name: String) throws {
        let testCase = try #require(Self.cases.first { $0.name == name })
        let message = Self.refusal(testCase.yaml)
        #expect(message == testCase.message)
    }

    /// What the servers' and the balancer's queues can hold counts at the size they may reach: the
    /// most requests ever in flight (a closed loop's users) or the room the queues have.
    @Test func queuesWithinTheBudgetLoad() throws {
        let world = { (queue: Int) in "servers: [{name: s, slots: 1, queue: \(queue), service_time: 1s}]\nworkload: {type: open_loop, rate: 10000000}\nrun: {duration: 1s}\n" }
        #expect(throws: Never.self) { try ScenarioFile.load(bytes: Array(world(1_000_000).utf8), file: "x.yaml") }
        let users = "servers: [{name: s, max_conns: 1, service_time: 1s}]\nbalancer: {queue: {size: 10000000}}\nworkload: {type: closed_loop, users: 100000}\nrun: {duration: 1s}\n"
        #expect(throws: Never.self) { try ScenarioFile.load(bytes: Array(users.utf8), file: "x.yaml") }
    }

    /// A certain crash with a billion attempts allowed would never end.
    @Test func aMapReduceExperimentTriesATaskAtMostAThousandTimes() throws {
        let shipped = try String(contentsOf: packageRoot.appendingPathComponent("scenarios/mapreduce.yaml"), encoding: .utf8)
        let attempts = { (count: Int) in shipped.replacingOccurrences(of: "max_attempts: 20", with: "max_attempts: \(count)") }
        let message = Self.refusal(attempts(1_001))
        #expect(message == "x.yaml:36:17: error: must be 1 … 1,000, got 1,001 (at lab_chaos.max_attempts)")
        #expect(throws: Never.self) { try ScenarioFile.load(bytes: Array(attempts(1_000).utf8), file: "x.yaml") }
        // Its lab chaos maps a task again after each crash: certain crashes read the lab's input
        // 1,000 times a run, 31 runs (the shipped third of crashes, 1.5 times).
        let certain = attempts(1_000).replacingOccurrences(of: "crash_probability: 0.33, stall_probability: 0.33", with: "crash_probability: 1, stall_probability: 0")
        #expect(Self.refusal(certain) == "x.yaml:38:5: error: the experiment's runs would read about 62.3 GB of input in all (this input about 31,000 times), more than the 2.0 GB an experiment may read; make the inputs smaller, the mapper counts or lab chaos attempts fewer (at lab_chaos.input)")
    }

    /// The MapReduce experiment reads its inputs dozens of times (five variations, and two runs a
    /// seed over 30 seeds): an input holds about four times its size in a run, two runs at once,
    /// and all its runs read at most 2 GB. Ten million scaling lines held 6.9 GB after 40 s.
    @Test(arguments: [
        ("synthetic: {lines: 120000, seed: 2}", "synthetic: {lines: 10000000, seed: 2}",
         "x.yaml:26:5: error: this input is about 954 MiB, and a run holds about four times its input, two runs at once: at most 512 MiB; make it smaller (at scaling.input)"),
        ("synthetic: {lines: 120000, seed: 2}", "synthetic: {lines: 4000000, seed: 2}",
         "x.yaml:26:5: error: the experiment's runs would read about 3.2 GB of input in all (this input about 7 times), more than the 2.0 GB an experiment may read; make the inputs smaller, the mapper counts or lab chaos attempts fewer (at scaling.input)"),
        ("synthetic: {lines: 40000, seed: 1}", "synthetic: {lines: 400000, seed: 1}",
         "x.yaml:21:3: error: the experiment's runs would read about 2.8 GB of input in all (this input about 65 times), more than the 2.0 GB an experiment may read; make the inputs smaller, the mapper counts or lab chaos attempts fewer (at input)"),
        ("synthetic: {lines: 40000, seed: 1}", "synthetic: {lines: 200000, seed: 1}", ""),
    ])
    func aMapReduceExperimentReadsABoundedInput(_ shipped: String, _ written: String, _ message: String) throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("scenarios/mapreduce.yaml"), encoding: .utf8)
        #expect(text.contains(shipped))
        let refusal = Self.refusal(text.replacingOccurrences(of: shipped, with: written))
        #expect(refusal == message)
    }

    /// The queue experiment's worlds are sized alone by the queue section; together, its runs and
    /// its swarm's seeds send at most 5 M messages, wake-ups and fetches (10,000 seeds of a million
    /// messages held 3 GB after 40 s).
    @Test(arguments: [
        ("swarm: {seeds: 10000, messages: 1000000}",
         "x.yaml:54:8: error: the experiment's worlds would send about 3 × 10¹⁰ messages, deliveries, wake-ups, partition catch-ups and fetches in all, mostly the swarm's 10,000 seeds, more than the 5 × 10⁶ an experiment may; use fewer seeds, runs, messages, partitions or consumers (at swarm)"),
        ("swarm: {seeds: 10000, messages: 400}",
         "x.yaml:54:8: error: the experiment's worlds would send about 2.1 × 10⁷ messages, deliveries, wake-ups, partition catch-ups and fetches in all, mostly the swarm's 10,000 seeds, more than the 5 × 10⁶ an experiment may; use fewer seeds, runs, messages, partitions or consumers (at swarm)"),
        ("swarm: {seeds: 200, messages: 400}\nPARTITIONS", "x.yaml:152:8: error: the experiment's worlds would send about 3.4 × 10⁸ messages, deliveries, wake-ups, partition catch-ups and fetches in all, mostly the swarm's 200 seeds, more than the 5 × 10⁶ an experiment may; use fewer seeds, runs, messages, partitions or consumers (at swarm)"),
        ("swarm: {seeds: 2000, messages: 400}", ""),
    ])
    func aQueueExperimentsWorldsAreBoundedTogether(_ swarm: String, _ message: String) throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("scenarios/queue.yaml"), encoding: .utf8)
        let shipped = "swarm: {seeds: 200, messages: 400}"
        #expect(text.contains(shipped))
        var written = text.replacingOccurrences(of: shipped, with: swarm.replacingOccurrences(of: "\nPARTITIONS", with: ""))
        if swarm.hasSuffix("PARTITIONS") {
            // A hundred topics of 1,000 partitions: their copies catch up every round in every world.
            let topics = (1...100).map { "    - {name: T\($0), partitions: 1000}\n" }.joined()
            written = written.replacingOccurrences(of: "    - {name: T1, partitions: 2}\n    - {name: T2, partitions: 2}\n", with: topics)
        }
        let refusal = Self.refusal(written)
        #expect(refusal == message)
    }

    /// An operation file's bodies are made as it is read and kept by the store: they, and what its
    /// copies may write, add up to at most 1 GiB (forty bodies of 256 MiB held 10.5 GB; thirty
    /// encrypted copies of one, 8.4 GB). Checked before a body is made, so the parser starts near
    /// the bound here instead of allocating up to it.
    @Test func anOperationFilesBodiesAreBoundedTogether() throws {
        let document = try ScenarioDocument.parse("""
            operations:
              - put: {bucket: b, key: k, size: 200}
              - copy: {from_bucket: b, from_key: k, bucket: b, key: c}
            """, file: "x.yaml")
        let items = try #require(try document.sections(ScenarioSchema.operationFile)["operations"]).list()
        var parser = OperationStepParser()
        parser.bodyBytes = OperationStepParser.maximumBodyBytes - 100
        #expect(throws: ScenarioError.self) { try parser.parse(items[0]) }
        do { _ = try parser.parse(items[0]) } catch {
            #expect(error.description == "x.yaml:2:36: error: the file's bodies and copies would add up to 1,073,741,924 bytes, more than the 1 GiB (1,073,741,824 bytes) an operation scenario may make; make them fewer or smaller (at operations.[0].put.size)")
        }
        var copying = OperationStepParser()
        copying.bodyBytes = 600 << 20
        do { _ = try copying.parse(items[1]) } catch {
            #expect(error.description == "x.yaml:3:11: error: this copy may write as many bytes as every body so far (629,145,600), and the file's bodies and copies would then add up to 1,258,291,200 bytes, more than the 1 GiB (1,073,741,824 bytes) an operation scenario may make; make them fewer or smaller (at operations.[1].copy)")
        }
        var room = OperationStepParser()
        room.bodyBytes = 300 << 20
        _ = try room.parse(items[1])
        #expect(room.copiedBytes == 300 << 20)
        _ = try room.parse(items[0])
        #expect(room.bodyBytes == (300 << 20) + 200)
    }

    /// The experiments that derive worlds from one file (strategies, keepalive, zones, deploy)
    /// estimate them together: at 4,000,000 requests a second a strategy world is within its own
    /// budget, but the comparison runs 1,080 of them.
    /// (At 500,000 requests a second each world loads alone — at 4,000,000 its crashed server's
    /// requests, held for their timeouts, already refuse the 'crash and back' world.)
    @Test func anExperimentsDerivedWorldsAreBoundedTogether() throws {
        let refusal = try shippedFileRefusal("strategies.yaml", replacing: "\n  rate: 1000\n", with: "\n  rate: 500000\n") { _ = try StrategyComparison.loadBase(path: $0) }
        #expect(refusal == "PATH:20:3: error: the strategy comparison runs 1,080 worlds from this file, needing about 3.7 × 10¹¹ events in all, more than the 2 × 10⁹ an experiment may; lower the rate, the users or the duration (at workload)")
        #expect(throws: Never.self) { try StrategyComparison.loadBase(path: packageRoot.appendingPathComponent("scenarios/strategies.yaml").path) }
    }

    /// What the strategy comparison asks of its file beyond a world's rules is refused where the
    /// file writes it (it was refused at 1:1).
    @Test func aStrategyComparisonsOwnRulesPointIntoTheFile() throws {
        let refusal = try shippedFileRefusal("strategies.yaml", replacing: "count: 4,", with: "count: 1,") { _ = try StrategyComparison.loadBase(path: $0) }
        #expect(refusal == "PATH:14:3: error: the strategy comparison needs at least two servers, got 1 (at servers)")
    }

    /// The queue experiment's placement analysis builds every algorithm for every broker count
    /// (and one more broker): six Maglev tables of 1,000,003 entries share one budget.
    @Test func aQueuePlacementAnalysisIsBoundedTogether() throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("scenarios/queue.yaml"), encoding: .utf8)
        let start = try #require(text.range(of: "placement_analysis:"))
        let analysis = { (algorithms: Int) in
            "placement_analysis:\n  brokers: [3, 5, 8]\n  partitions: 240\n  replication: 2\n  algorithms:\n"
                + (0..<algorithms).map { "    - {name: m\($0), placement: {maglev: {table_size: 1000003}}}\n" }.joined()
        }
        let refusal = Self.refusal(text[..<start.lowerBound] + analysis(6))
        #expect(refusal == "x.yaml:60:5: error: building these 6 algorithms for every broker count takes about 1,140,000,000 steps, more than the 268,435,456 a run may take; use fewer algorithms, broker counts or a smaller table_size (at placement_analysis.algorithms)")
        #expect(throws: Never.self) { try ScenarioFile.load(bytes: Array((text[..<start.lowerBound] + analysis(1)).utf8), file: "x.yaml") }
    }

    /// A placement analysis puts each partition's copies on distinct brokers: replication 9 on 3
    /// brokers was accepted.
    @Test func aQueuePlacementAnalysisHoldsItsCopies() throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("scenarios/queue.yaml"), encoding: .utf8)
        #expect(text.contains("  partitions: 240\n  replication: 2\n"))
        let refusal = Self.refusal(text.replacingOccurrences(of: "  partitions: 240\n  replication: 2\n", with: "  partitions: 240\n  replication: 9\n"))
        #expect(refusal == "x.yaml:58:16: error: replication 9 needs at least 9 brokers; the analysis counts 3 (at placement_analysis.replication)")
        #expect(Self.refusal(text.replacingOccurrences(of: "  partitions: 240\n  replication: 2\n", with: "  partitions: 240\n  replication: 3\n")) == "")
    }

    /// A name of 200,000 bytes is quoted by its first 57 characters, not echoed whole.
    @Test(arguments: [
        ("seed: 1\nrun: {requests: 10}\nservers: [{name: s}]\nworkload: {type: closed_loop, users: 1}\nfaults: [{at: 1s, crash: NAME}]\n",
         "x.yaml:5:26: error: unknown node 'PART'; known nodes: s (at faults.[0].crash)"),
        ("seed: 1\nrun: {requests: 10}\nservers: [{name: NAME}, {name: NAME}]\nworkload: {type: closed_loop, users: 1}\n",
         "x.yaml:3:18: error: a name has at most 255 bytes (UTF-8), got 200,000 bytes (at servers.[0].name)"),
        ("experiment: NAME\n", "x.yaml:1:13: error: unknown experiment 'PART'; an experiment file describes one of a1, a2, a3, a4, mapreduce, backup, queue (at experiment)"),
        ("mapreduce: {cluster: {workers: 2}, jobs: [{name: NAME, reducers: 1, input: {synthetic: {lines: 10, seed: 1}}}]}\n",
         "x.yaml:1:50: error: unknown job 'PART'; known jobs: error-counts-sliding, error-counts-tumbling, error-sessions, inverted-index, log-patterns, word-count (at mapreduce.jobs.[0].name)"),
    ])
    func aLongNameIsQuotedInPart(_ yaml: String, _ message: String) {
        let name = String(repeating: "x", count: 200_000)
        let part = String(repeating: "x", count: 57) + "…"
        let refusal = Self.refusal(yaml.replacingOccurrences(of: "NAME", with: name))
        #expect(refusal == message.replacingOccurrences(of: "PART", with: part))
    }
}
