import Foundation
import Testing
import Reports
@testable import Scenarios
import Simulator

/// Shards edited by hand or by a hostile tool. Merge copied whatever a record said into the
/// report, so a merged sweep could differ from the unsharded one without an error (a failed world
/// marked passed, a value respelled); and it read every `worlds.jsonl` whole, three times over (a
/// 900,000,000-character problem made it hold 6 GB). Each is refused at its file and line.
struct SweepMergeHostileTests {
    /// Small enough for a debug build; `p99 < 12ms` holds for some seeds only.
    static let scenario = """
        name: tiny-merge
        seed: 1
        run: {requests: 200}
        network: {latency: 0.5ms}
        servers:
          - {name: s, count: 2, slots: 2, queue: 50, service_time: {exponential: 2ms}}
        workload: {type: closed_loop, users: 8, timeout: 1s}
        expect:
          - success_ratio >= 0.99
          - p99 < 12ms
        """

    /// A sweep of seeds 1 … 4, written as shards 1/2 (worlds 0 and 2) and 2/2 (worlds 1 and 3)
    /// the way `orrery sweep --shard` writes them.
    struct Shards {
        let directory: URL
        let manifest: SweepManifest
        let records: [WorldRecord]

        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("orrery-merge-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let file = directory.appendingPathComponent("tiny.yaml").path
            try SweepMergeHostileTests.scenario.write(toFile: file, atomically: true, encoding: .utf8)
            let sweep = try Sweep.load(SweepPlan(file: file, seeds: SeedList(parsing: "1..4"), dimensions: []))
            manifest = sweep.manifest
            records = sweep.positions(in: nil).map(sweep.runWorld)
            for index in 1...2 {
                let shard = try Shard(index: index, count: 2)
                let path = self.path(shard: index)
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
                try sweep.manifest(for: shard).json().write(toFile: path + "/sweep.json", atomically: true, encoding: .utf8)
                try write(lines: records.filter { shard.contains($0.position) }.map { $0.jsonLine() }, shard: index)
            }
        }

        /// The directory of shard `index`.
        func path(shard index: Int) -> String { directory.appendingPathComponent("tiny-merge/shard-\(index)-of-2").path }

        /// Shard `index`'s `worlds.jsonl`.
        func worlds(shard index: Int) -> String { path(shard: index) + "/worlds.jsonl" }

        func write(lines: [String], shard index: Int) throws {
            try Data(lines.map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: worlds(shard: index)))
        }

        /// Rewrites shard 1's first line (world 0) with `change` applied to its record.
        func editWorld0(_ change: (inout WorldRecord) -> Void) throws {
            var record = records[0]
            change(&record)
            try write(lines: [record.jsonLine(), records[2].jsonLine()], shard: 1)
        }

        /// What merging the two shards gives: the records, or why they were refused.
        func merge() -> Result<[WorldRecord], SweepMerge.Problem> {
            Result { () throws(SweepMerge.Problem) in
                try SweepMerge.read(SweepMerge.shardDirectories([directory.appendingPathComponent("tiny-merge").path])).1
            }
        }

        /// Why merging was refused; nil when it was not.
        func refusal() -> String? {
            if case .failure(let problem) = merge() { return problem.description }
            return nil
        }

        func remove() { try? FileManager.default.removeItem(at: directory) }
    }

    @Test func cleanShardsMergeIntoTheSweepsOwnRecords() throws {
        let shards = try Shards()
        defer { shards.remove() }
        #expect(shards.records.map(\.position) == [0, 1, 2, 3])
        // The fixture has a world that passed and one that failed an expectation, so the cases below are real.
        #expect(shards.records.contains(where: \.passed) && shards.records.contains { !$0.passed && $0.expectations == [true, false] })
        let (manifest, records) = try SweepMerge.read(SweepMerge.shardDirectories([shards.directory.appendingPathComponent("tiny-merge").path]))
        #expect(manifest == shards.manifest)
        #expect(records == shards.records)
    }

    /// One way a record can contradict itself or its variant, made on world 0 (line 1 of shard 1)
    /// with every other field as the rule needs it, so that only that contradiction is left.
    enum Contradiction: String, CaseIterable, Sendable {
        case passedWithAFailedExpectation, passedAfterAnEarlyStop, passedWithAProblem, failedWithNothingWrong
        case anExpectationHeldAfterAnEarlyStop, tooFewExpectationResults, tooManyExpectationResults
        case anUppercaseDigest, anEmptyDigest, aValueRespelled, aValueInExponentForm

        func apply(to record: inout WorldRecord) {
            switch self {
            case .passedWithAFailedExpectation: (record.passed, record.expectations, record.stoppedEarly, record.problems) = (true, [true, false], nil, [])
            case .passedAfterAnEarlyStop: (record.passed, record.expectations, record.stoppedEarly, record.problems) = (true, [false, false], "deadlock", [])
            case .passedWithAProblem: (record.passed, record.expectations, record.stoppedEarly, record.problems) = (true, [true, true], nil, ["job j: the job did not finish"])
            case .failedWithNothingWrong: (record.passed, record.expectations, record.stoppedEarly, record.problems) = (false, [true, true], nil, [])
            case .anExpectationHeldAfterAnEarlyStop: (record.passed, record.expectations, record.stoppedEarly, record.problems) = (false, [true, false], "deadlock", [])
            case .tooFewExpectationResults: (record.passed, record.expectations) = (true, [true])
            case .tooManyExpectationResults: (record.passed, record.expectations) = (false, [true, false, false])
            case .anUppercaseDigest: record.digest = "882ED7ED2C5A2FB9"
            case .anEmptyDigest: record.digest = ""
            case .aValueRespelled: record.metrics[0] = "0.00250"
            case .aValueInExponentForm: record.metrics[1] = "2e2"
            }
        }

        var message: String {
            switch self {
            case .passedWithAFailedExpectation: "world 0 says it passed, but its expectation 2 ('p99 < 12ms') did not hold"
            case .passedAfterAnEarlyStop: "world 0 says it passed, but it stopped early"
            case .passedWithAProblem: "world 0 says it passed, but it lists 1 problem"
            case .failedWithNothingWrong: "world 0 says it failed, but it did not stop early, every expectation held and it lists no problem"
            case .anExpectationHeldAfterAnEarlyStop: "world 0 stopped early, yet its expectation 1 ('success_ratio >= 0.99') held: after an early stop none does"
            case .tooFewExpectationResults: "world 0 has 1 expectation result, but its variant has 2 expectations"
            case .tooManyExpectationResults: "world 0 has 3 expectation results, but its variant has 2 expectations"
            case .anUppercaseDigest: "world 0's digest '882ED7ED2C5A2FB9' is not 16 lowercase hexadecimal digits"
            case .anEmptyDigest: "world 0's digest '' is not 16 lowercase hexadecimal digits"
            case .aValueRespelled: "world 0's value '0.00250' of balancer.p50 is not written as a sweep writes it ('0.0025')"
            case .aValueInExponentForm: "world 0's value '2e2' of balancer.p90 is not written as a sweep writes it ('200.0')"
            }
        }
    }

    @Test(arguments: Contradiction.allCases)
    func aRecordThatContradictsItselfIsRefusedAtItsLine(_ contradiction: Contradiction) throws {
        let shards = try Shards()
        defer { shards.remove() }
        try shards.editWorld0(contradiction.apply)
        #expect(shards.refusal() == "\(shards.worlds(shard: 1)):1: " + contradiction.message)
    }

    /// A metric the run could not measure (a job that never finished, a figure of no request) is
    /// written as null by the sweep itself: it is not a contradiction.
    @Test func aMetricTheRunCouldNotMeasureIsMerged() throws {
        let shards = try Shards()
        defer { shards.remove() }
        try shards.editWorld0 { $0.metrics[0] = nil }
        #expect(try shards.merge().get()[0].metrics[0] == nil)
    }

    /// Values no sweep writes (they made the merged statistics infinite) are not records at all.
    @Test(arguments: ["nan", "inf", "-inf", "1e155", "12ms", ""])
    func aValueThatIsNoFiniteNumberIsNotARecord(_ value: String) throws {
        let shards = try Shards()
        defer { shards.remove() }
        try shards.editWorld0 { $0.metrics[2] = value }
        #expect(shards.refusal() == "\(shards.worlds(shard: 1)):1: not a world record")
    }

    /// Values a metric's unit cannot take (a p50 of −1 s, a success ratio of 5) made merged
    /// intervals below zero and above one; each is refused at its line, naming the metric.
    @Test(arguments: [
        ("balancer.p50", "-1.0", "a duration is never negative"),
        ("balancer.success_ratio", "5.0", "a ratio lies within 0 … 1"),
        ("balancer.success_ratio", "-0.5", "a ratio lies within 0 … 1"),
        ("balancer.throughput", "-3.0", "a rate is never negative"),
        ("balancer.retries", "-1.0", "a count is never negative"),
        ("balancer.imbalance", "-0.1", "a ratio is never negative"),
    ])
    func aValueItsUnitCannotTakeIsRefused(_ metric: String, _ value: String, _ rule: String) throws {
        let shards = try Shards()
        defer { shards.remove() }
        let index = try #require(shards.manifest.metrics.firstIndex { $0.name == metric }, "\(shards.manifest.metrics.map(\.name))")
        try shards.editWorld0 { $0.metrics[index] = value }
        #expect(shards.refusal() == "\(shards.worlds(shard: 1)):1: world 0's value '\(value)' of \(metric) cannot be: \(rule)")
    }

    /// The edges of what a unit can take are values a run does measure.
    @Test func zeroAndOneAreMerged() throws {
        let shards = try Shards()
        defer { shards.remove() }
        let ratio = try #require(shards.manifest.metrics.firstIndex { $0.name == "balancer.success_ratio" })
        try shards.editWorld0 { $0.metrics[0] = "0.0"; $0.metrics[ratio] = "1.0" }
        #expect(try shards.merge().get()[0].metrics[ratio] == "1.0")
    }

    /// A key no sweep writes was skipped by the decoder, so anything could ride along.
    @Test func aKeyNoSweepWritesIsRefused() throws {
        let shards = try Shards()
        defer { shards.remove() }
        let line = shards.records[0].jsonLine().replacingOccurrences(of: "{\"digest\"", with: "{\"evil\":1,\"digest\"")
        try shards.write(lines: [line, shards.records[2].jsonLine()], shard: 1)
        #expect(shards.refusal() == "\(shards.worlds(shard: 1)):1: unknown key 'evil' in a world record (a sweep writes only digest, events, expectations, metrics, passed, position, problems, seed, stoppedEarly, variant)")
    }

    /// A record written by a sweep names every key it has, `stoppedEarly` included.
    @Test func everyKeyARecordHasIsKnown() throws {
        let shards = try Shards()
        defer { shards.remove() }
        var record = shards.records[0]
        record.stoppedEarly = "deadlock"
        #expect(WorldRecord.unknownKey(in: Array(record.jsonLine().utf8)) == nil)
    }

    /// Line numbers are the file's own, blank lines included, so an editor finds the record.
    @Test func theLineNumberCountsEveryLineOfTheFile() throws {
        let shards = try Shards()
        defer { shards.remove() }
        var world2 = shards.records[2]
        world2.digest = "not-a-digest"
        try shards.write(lines: [shards.records[0].jsonLine(), "", world2.jsonLine()], shard: 1)
        #expect(shards.refusal() == "\(shards.worlds(shard: 1)):3: world 2's digest 'not-a-digest' is not 16 lowercase hexadecimal digits")
    }

    /// A line over the limit is refused at its number before anything after it is read (line 3
    /// is not even JSON); a line of exactly the limit is read, and judged as a record.
    @Test func aLineLongerThanAnyRecordIsRefusedBeforeTheRestIsRead() throws {
        let shards = try Shards()
        defer { shards.remove() }
        let problem = shards.records[0].jsonLine().replacingOccurrences(of: "\"problems\":[]", with: "\"problems\":[\"\(String(repeating: "x", count: SweepMerge.maximumLineBytes))\"]")
        try shards.write(lines: [shards.records[0].jsonLine(), problem, "garbage"], shard: 1)
        #expect(shards.refusal() == "\(shards.worlds(shard: 1)):2: a line of more than 16777216 bytes, longer than any world record a sweep writes")
        try shards.write(lines: [String(repeating: "x", count: SweepMerge.maximumLineBytes)], shard: 1)
        #expect(shards.refusal() == "\(shards.worlds(shard: 1)):1: not a world record")
    }

    /// The largest record the sources' limits allow, as ``SweepMerge/maximumLineBytes`` adds it
    /// up: every metric of the catalogs at its longest, as many expectations as a 16 MiB manifest
    /// can name, a deadlock naming ten 100-character tasks, and 1,000 jobs with 100-character ids
    /// that each stopped early and did not finish: 7,680,496 bytes, under half the limit.
    @Test func theLargestRecordTheLimitsAllowFitsOnOneLine() throws {
        let tasks = Array(repeating: String(repeating: "t", count: 100), count: 11)
        let failure = SimulationError.deadlock(at: .after(.seconds(3_600)), stuckTasks: tasks).description
        let jobs = (1...ScenarioLoader.maximumJobs).map { String(format: "%0100d", $0) }
        var record = try JSONDecoder().decode(WorldRecord.self, from: Data(#"""
            {"digest":"ffffffffffffffff","events":18446744073709551615,"expectations":[],"metrics":[],"passed":false,"position":999999,"problems":[],"seed":18446744073709551615,"variant":999}
            """#.utf8))
        record.stoppedEarly = failure
        record.problems = jobs.flatMap { ["job \($0): simulation stopped early: \(failure)", "job \($0): the job did not finish"] }
        record.metrics = Array(repeating: "-2.2250738585072014e-308", count: Subsystem.allCases.flatMap(\.metrics).count)
        record.expectations = Array(repeating: false, count: RegularFile.scenarioLimit / 16)
        let bytes = record.jsonLine().utf8.count
        #expect(bytes < SweepMerge.maximumLineBytes / 2, "\(bytes) bytes")
    }

    /// A record longer than one 64 KiB read (a failed world with a long problem) is put back
    /// together whole.
    @Test func aRecordLongerThanOneReadIsReadWhole() throws {
        let shards = try Shards()
        defer { shards.remove() }
        let long = "job j: output differs from the sequential oracle: - " + String(repeating: "w", count: 200_000) + "\t1"
        try shards.editWorld0 { $0.passed = false; $0.problems = [long] }
        #expect(try shards.merge().get()[0].problems == [long])
    }

    @Test func aFileLargerThanTheLimitIsRefusedBeforeItIsRead() throws {
        let shards = try Shards()
        defer { shards.remove() }
        var lines = 0
        let path = shards.worlds(shard: 1)
        do {
            try SweepMerge.forEachLine(in: path, maximumFileBytes: 100) { _, _ throws(SweepMerge.Problem) in lines += 1 }
            Issue.record("a file over the limit was read")
        } catch {
            let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
            #expect(error.description == "cannot read '\(path)': \(NumberFormat.integer(size)) bytes, more than the 100 a file may hold (a shard that did not finish leaves only worlds.jsonl.partial)")
        }
        #expect(lines == 0)
    }

    /// A pipe where `worlds.jsonl` belongs is refused at once, not waited on for a writer.
    @Test func aPipeInPlaceOfTheWorldsIsRefusedWithoutWaiting() throws {
        let shards = try Shards()
        defer { shards.remove() }
        let path = shards.worlds(shard: 2)
        try FileManager.default.removeItem(atPath: path)
        #expect(mkfifo(path, 0o600) == 0)
        #expect(shards.refusal() == "cannot read '\(path)': not a regular file (a device, a pipe or a socket) (a shard that did not finish leaves only worlds.jsonl.partial)")
        try FileManager.default.removeItem(atPath: path)
        #expect(shards.refusal() == "cannot read '\(path)': no such file (a shard that did not finish leaves only worlds.jsonl.partial)")
    }
}
