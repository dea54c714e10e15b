import Foundation
import Testing
@testable import Scenarios

/// Values a hostile or careless user types: refused at load time with their position, or — where
/// a distribution can draw anything — saturated, never a trap.
struct HostileInputTests {
    static func error(_ text: String) -> String? {
        do {
            _ = try ScenarioFile.load(bytes: Array(text.utf8), file: "h.yaml")
            return nil
        } catch {
            return error.description
        }
    }

    static let traffic = "seed: 1\nrun: {requests: 10}\nservers: [{name: s}]\nworkload: {type: closed_loop, users: 1}\n"

    @Test(arguments: [
        ("service_time: 1e10s", "servers: [{name: s, service_time: 1e10s}]", "h.yaml:3:35: error: a duration is at most 100 years of virtual time (3,155,760,000 s), got 1e10s (at servers.[0].service_time)"),
        ("timeout", "workload: {type: closed_loop, users: 1, timeout: 9.3e9s}", "h.yaml:4:50: error: a duration is at most 100 years of virtual time (3,155,760,000 s), got 9.3e9s (at workload.timeout)"),
        ("users", "workload: {type: closed_loop, users: 100000000}", "h.yaml:4:38: error: must be 1 … 1,000,000, got 100,000,000 (at workload.users)"),
        ("slow factor", "faults: [{at: 1s, slow: s, factor: 1e308}]", "h.yaml:5:36: error: a factor is at most 1,000,000, got 1e308 (at faults.[0].factor)"),
        ("balance factor", "balancer: {strategy: {hash: {balance_factor: 1e308}}}", "h.yaml:5:46: error: a balance factor must be greater than 1 and at most 100, got 1e308 (at balancer.strategy.hash.balance_factor)"),
        ("health check interval", "balancer: {health_check: {interval: 1ns}}", "h.yaml:5:37: error: must be at least 1ms, got 1ns (at balancer.health_check.interval)"),
        ("client timeout", "workload: {type: closed_loop, users: 1, timeout: 1ns}", "h.yaml:4:50: error: must be at least 1ms, got 1ns (at workload.timeout)"),
        ("rate", "chaos: {crashes_per_hour: 9223372036854775807}", "h.yaml:5:27: error: must be 0 … 3,600, got 9223372036854775807 (at chaos.crashes_per_hour)"),
    ])
    func anOutOfRangeValueIsRefusedWhereItIs(_ name: String, _ line: String, _ expected: String) {
        var lines = Self.traffic.split(separator: "\n").map(String.init)
        let key = line.prefix { $0 != ":" }
        if let index = lines.firstIndex(where: { $0.hasPrefix(key + ":") }) { lines[index] = line } else { lines.append(line) }
        #expect(Self.error(lines.joined(separator: "\n") + "\n") == expected, "\(name)")
    }

    /// A MapReduce file's chaos draws its faults up front: a horizon of 100 years at 4 crashes a
    /// minute would be 210 million records (an allocation of gigabytes), refused where it is.
    /// A threshold no measurement can reach made an expectation that always or never held
    /// (`success_ratio >= 2` was accepted and failed every run): refused where it is written.
    @Test(arguments: [
        ("success_ratio >= 2", "h.yaml:4:10: error: 'balancer.success_ratio' lies within 0 … 1, so 'success_ratio >= 2' would hold always or never (at expect.[0])"),
        ("error_ratio < -0.5", "h.yaml:4:10: error: 'balancer.error_ratio' lies within 0 … 1, so 'error_ratio < -0.5' would hold always or never (at expect.[0])"),
        ("p99 > -1ms", "h.yaml:4:10: error: a duration cannot be negative, got -1ms (at expect.[0])"),
        ("timeouts >= -3", "h.yaml:4:10: error: 'balancer.timeouts' is never negative, so 'timeouts >= -3' would hold always or never (at expect.[0])"),
        // On the edge, where no measurement can pass (the outside check's).
        ("timeouts < 0", "h.yaml:4:10: error: 'balancer.timeouts' is never negative, so 'timeouts < 0' would never hold (at expect.[0])"),
        ("success_ratio > 1", "h.yaml:4:10: error: 'balancer.success_ratio' lies within 0 … 1, so 'success_ratio > 1' would never hold (at expect.[0])"),
        ("completed == 0.5", "h.yaml:4:10: error: 'balancer.completed' is a whole number, so 'completed == 0.5' would never hold (at expect.[0])"),
    ])
    func anExpectationNoMeasurementCanDecideIsRefused(expectation: String, message: String) {
        let text = "servers: [{name: s}]\nworkload: {type: closed_loop, users: 1}\nrun: {requests: 10}\nexpect: [\(expectation)]\n"
        #expect(Self.error(text) == message)
        for reachable in ["success_ratio >= 1", "error_ratio <= 0", "p99 >= 0ms", "imbalance > 1.5", "success_ratio >= 0", "timeouts <= 0", "completed == 10", "success_ratio < 1"] {
            #expect(Self.error(text.replacingOccurrences(of: expectation, with: reachable)) == nil, "\(reachable)")
        }
    }

    @Test func aChaosHorizonThatWouldDrawMillionsOfFaultsIsRefused() {
        let text = "name: mrchaos\nseed: 11\ncluster: {workers: 4}\njob: {name: log-patterns, reducers: 2}\ninput: {synthetic: {lines: 2000, seed: 3}}\n"
        #expect(Self.error(text + "chaos: {horizon: 3155760000s, worker_crashes_per_minute: 4}\n")
            == "h.yaml:6:18: error: these rates draw about 2.1 × 10⁸ faults over the horizon, more than 1 × 10⁶; shorten 'horizon' or lower the rates (at chaos.horizon)")
        #expect(Self.error(text + "chaos: {horizon: 1h, worker_crashes_per_minute: 4}\n") == nil)
    }

    @Test func invalidUTF8IsNamedByOffsetLineAndColumn() {
        let bytes = Array("seed: 1\nname: ca".utf8) + [0xE9, 0x0A]
        do {
            _ = try ScenarioFile.load(bytes: bytes, file: "h.yaml")
            Issue.record("invalid UTF-8 was accepted")
        } catch {
            #expect(error.description == "h.yaml:2:9: error: invalid YAML: the file is not valid UTF-8: byte 0xE9 at offset 16")
        }
    }

    @Test func aControlCharacterIsNamedWhereItIs() {
        #expect(Self.error("seed: 1\nname: a\u{07}b\n") == "h.yaml:2:8: error: invalid YAML: control character U+0007 is not allowed in a scenario file")
        // The YAML reader counts a line separator as a line break: every later position was a line off.
        #expect(Self.error("seed: 1\ndescription: \"a\u{2028}b\"\nservers: x\n")
            == "h.yaml:2:16: error: invalid YAML: line separator U+2028 (the YAML reader counts it as a line break, so every position after it would be a line off) is not allowed in a scenario file")
        #expect(Self.error("seed: 1\nname: a\u{FEFF}b\n") == "h.yaml:2:8: error: invalid YAML: byte order mark U+FEFF after the start of the file is not allowed in a scenario file")
        #expect(Self.error("seed: 1\nname: a\u{FFFE}b\n") == "h.yaml:2:8: error: invalid YAML: noncharacter U+FFFE is not allowed in a scenario file")
        // Two marks at the start: the second passed for the first once that was dropped.
        #expect(Self.error("\u{FEFF}\u{FEFF}seed: 1\n") == "h.yaml:1:1: error: invalid YAML: byte order mark U+FEFF after the start of the file is not allowed in a scenario file")
        #expect(Self.error("\u{FEFF}seed: 1\n")?.contains("byte order mark") != true)
    }

    /// The YAML reader's messages are kept whole (cut at 60 characters, what said a tab was the
    /// trouble was lost), and its nesting limit is said in words, not by its API's name.
    @Test func theYAMLReadersMessagesAreWhole() {
        #expect(Self.error("seed: 1\n\tname: x\n") == "h.yaml:2:1: error: invalid YAML: while scanning a plain scalar found a tab character that violates indentation")
        let twoDocuments = Self.error("seed: 1\n---\nseed: 2\n")
        #expect(twoDocuments?.hasSuffix("expected a single document in the stream but found another document") == true, "\(twoDocuments ?? "")")
        let deep = Self.error("a: " + String(repeating: "[", count: 10_000) + "\n")
        #expect(deep?.hasSuffix("error: invalid YAML: the file nests deeper than the YAML reader allows") == true, "\(deep ?? "")")
    }

    /// The YAML reader ends a line at a carriage return as at a line feed: in a file with CR line
    /// endings a control character on line 3 was named at 1:31, and a repeated key, there or with
    /// CRLF endings, at its first occurrence.
    @Test func positionsCountEveryLineEndingTheYAMLReaderCounts() {
        #expect(Self.error("seed: 1\rname: x\rdescription: a\u{01}b\r") == "h.yaml:3:15: error: invalid YAML: control character U+0001 is not allowed in a scenario file")
        #expect(Self.error("seed: 1\r\nname: x\r\ndescription: a\u{01}b\r\n") == "h.yaml:3:15: error: invalid YAML: control character U+0001 is not allowed in a scenario file")
        #expect(Self.error("seed: 1\rname: x\rseed: 2\r") == "h.yaml:3:1: error: key 'seed' appears twice")
        #expect(Self.error("seed: 1\r\nname: x\r\nseed: 2\r\n") == "h.yaml:3:1: error: key 'seed' appears twice")
        #expect(Self.error("servers:\r\n  - name: s\r\n    slots: 1\r\n    slots: 2\r\n") == "h.yaml:4:5: error: key 'slots' appears twice")
        do {
            _ = try ScenarioFile.load(bytes: Array("seed: 1\rname: ca".utf8) + [0xE9, 0x0D], file: "h.yaml")
            Issue.record("invalid UTF-8 was accepted")
        } catch {
            #expect(error.description == "h.yaml:2:9: error: invalid YAML: the file is not valid UTF-8: byte 0xE9 at offset 16")
        }
    }

    @Test func aDuplicateKeyIsNamedAtItsSecondOccurrenceWithoutEchoingTheFile() throws {
        let filler = (1...1_000).map { "# comment line \($0) with some text to make the file long" }.joined(separator: "\n")
        let message = try #require(Self.error("seed: 1\n" + filler + "\nseed: 2\nobject_store: {}\noperations: [list_buckets]\n"))
        #expect(message == "h.yaml:1002:1: error: key 'seed' appears twice")
    }

    /// A mapping's keys are told apart through a set: a file of 200,000 keys (2.4 MB) searched
    /// every key before each one and took minutes to be told that its first key is unknown (now
    /// under a second; the time is not asserted — a regression shows as a suite minutes slower).
    @Test func aFileOfManyKeysIsRefusedAtItsFirstUnknownKeyAtOnce() {
        let keys = (0..<200_000).map { "k\($0): \($0)\n" }.joined()
        #expect(Self.error("seed: 1\n" + keys) == "h.yaml:2:1: error: unknown key 'k0'")
        #expect(Self.error("seed: 1\n" + keys + "seed: 2\n") == "h.yaml:200002:1: error: key 'seed' appears twice")
    }

    @Test func seedsTakeTheFullUnsignedRange() throws {
        let world = "object_store: {}\noperations: [list_buckets]\n"
        guard case .world(let scenario) = try ScenarioFile.load(bytes: Array(("seed: 18446744073709551615\n" + world).utf8), file: "h.yaml") else {
            Issue.record("not a world")
            return
        }
        #expect(scenario.seed == UInt64.max)
        #expect(Self.error("seed: 18446744073709551616\n" + world) == "h.yaml:1:7: error: expected an integer from 0 to 18446744073709551615, found '18446744073709551616' (at seed)")
        #expect(Self.error("seed: -1\n" + world) == "h.yaml:1:7: error: expected an integer from 0 to 18446744073709551615, found '-1' (at seed)")
    }

    @Test func aWildDistributionSaturatesInsteadOfTrapping() throws {
        let scenario = try ScenarioLoader.parse("""
            seed: 1
            run: {requests: 20, time_limit: 1h}
            network: {latency: {lognormal: {median: 1ms, sigma: 10}}}
            servers: [{name: s, service_time: {lognormal: {median: 1ms, sigma: 10}}}]
            workload: {type: closed_loop, users: 2, timeout: 1s}
            """, file: "h.yaml")
        // Wider is refused: it only saturates more (1e308 was accepted).
        #expect(Self.error("servers: [{name: s, service_time: {lognormal: {median: 1ms, sigma: 10.5}}}]\n")
            == "h.yaml:1:68: error: must be 0 … 10, got 10.5 (at servers.[0].service_time.lognormal.sigma)")
        #expect(Self.error("servers: [{name: s, service_time: {pareto: {scale: 1ms, shape: 1e308}}}]\n")
            == "h.yaml:1:64: error: a factor is at most 1,000,000, got 1e308 (at servers.[0].service_time.pareto.shape)")
        let result = ScenarioRunner.run(scenario)
        let traffic = try #require(result.traffic)
        // Some draws are absurdly long and time out; none traps, and the run ends.
        #expect(traffic.issued == 20)
        #expect(traffic.completed == 20)
        #expect(traffic.timeouts > 0)
    }

    @Test func aFaultAfterTheTimeLimitIsRefused() {
        #expect(Self.error(Self.traffic + "faults: [{at: 2h, crash: s}]\n")
            == "h.yaml:5:15: error: fault 1 comes after the run's time limit (3,600.000 s) and would never happen; move it earlier or raise run.time_limit (at faults.[0].at)")
    }

    @Test func aBalancerMetricWithoutABalancerIsRefused() {
        #expect(Self.error(Self.traffic + "expect: [retries == 0]\n")
            == "h.yaml:5:10: error: 'retries' is measured by a balancer; this scenario's clients talk to the servers directly (add a 'balancer' section) (at expect.[0])")
    }

    @Test func anEmptyListOfVariantsIsRefusedWhereItIs() {
        #expect(Self.error("experiment: a4\nservers: [5]\nvariants: []\n") == "h.yaml:3:11: error: 'variants' needs at least one placement (at variants)")
    }

    /// A name is printed in reports, CSV cells and charts: a control character written as an
    /// escape in a quoted name reached them raw, and an error quoting an unknown name printed it
    /// to the terminal as it was.
    @Test func aNameWithAControlCharacterIsRefusedAndQuotedEscaped() {
        let world = "seed: 1\nrun: {requests: 10}\nservers: [{name: NAME}]\nworkload: {type: closed_loop, users: 1}\n"
        #expect(Self.error(world.replacingOccurrences(of: "NAME", with: #""s\0""#))
            == "h.yaml:3:18: error: a name must not contain control characters, got 's\\x00' (U+0000) (at servers.[0].name)")
        #expect(Self.error(world.replacingOccurrences(of: "NAME", with: #""""#)) == "h.yaml:3:18: error: a name must not be empty (at servers.[0].name)")
        #expect(Self.error(world.replacingOccurrences(of: "NAME", with: "s") + #"faults: [{at: 1s, crash: "z\0\e[31mred"}]"# + "\n")
            == "h.yaml:5:26: error: unknown node 'z\\x00\\x1B[31mred'; known nodes: s (at faults.[0].crash)")
        #expect(String(repeating: "\u{7}", count: 100).excerpt == String(repeating: "\\x07", count: 14) + "…")
        // Invisible formatting and separators too: a right-to-left override reordered the message.
        #expect("a\u{202E}b\u{2028}c\u{FEFF}".excerpt == "a\\u{202E}b\\u{2028}c\\u{FEFF}")
    }

    /// A description is written into headings, list items and paragraphs of every report: its
    /// line breaks made headings and tables of their own in experiments' report.md.
    @Test func aDescriptionIsReadOnOneLine() throws {
        let document = try ScenarioDocument.parse("description: \"a\\n\\n## injected\\n|x|y|\"\nservers: [{name: s}]\n", file: "h.yaml")
        #expect(document.summary == "a  ## injected |x|y|")
        // An escape sequence a double-quoted escape makes is shown quoted, as sweeps show it.
        let escaped = try ScenarioDocument.parse("description: \"red \\e[31mtext\\a\"\nservers: [{name: s}]\n", file: "h.yaml")
        #expect(escaped.summary == "$'red \\x1B[31mtext\\x07'")
    }

    /// A world of servers and clients alone writes the balancer's report, which left its
    /// description out where every other world's report has it under the list.
    @Test func aBalancerWorldsReportHasItsDescription() throws {
        let text = "description: Ten a second to one server\nrun: {duration: 1s}\nservers: [{name: s}]\nworkload: {type: open_loop, rate: 10}\n"
        let result = ScenarioRunner.run(try ScenarioLoader.parse(text, file: "h.yaml"))
        let report = try #require(result.bundle(formats: [.md]).files.first { $0.path == "h/report.md" })
        let markdown = String(decoding: report.contents, as: UTF8.self)
        #expect(markdown.contains(" events processed: 71\n\nTen a second to one server\n\n## Requests\n"))
    }

    @Test func anA3FileWithoutItsFailoverIsRefused() {
        #expect(Self.error("experiment: a3\nservers: 3\n") == "h.yaml:1:1: error: missing required key 'failover'")
    }

    /// `duration: 10s` with `think_time: 100s`: each user sends once and is done; the run passes and
    /// ends within the duration instead of running on to the time limit.
    @Test func aThinkTimeLongerThanTheRunEndsTheUsersNotTheRun() throws {
        let scenario = try ScenarioLoader.parse("""
            servers: [{name: s, service_time: 1ms}]
            workload: {type: closed_loop, users: 5, think_time: 100s}
            run: {duration: 10s}
            """, file: "h.yaml")
        let result = ScenarioRunner.run(scenario)
        #expect(result.failure == nil)
        #expect(result.passed)
        #expect(result.traffic?.issued == 5 && result.traffic?.succeeded == 5)
        #expect(result.virtualSeconds < 10)
    }

    /// Clients that stop at run.duration end the run when their last answer comes: a fault
    /// scheduled later never strikes, and the report says so instead of listing it as if it had.
    @Test func aFaultAfterTheRunEndedIsListedAsNotReached() throws {
        let scenario = try ScenarioLoader.parse("""
            seed: 1
            run: {duration: 10s}
            servers: [{name: s}]
            workload: {type: closed_loop, users: 1}
            faults: [{at: 5s, crash: s}, {at: 50s, restart: s}]
            """, file: "h.yaml")
        let result = ScenarioRunner.run(scenario)
        let end = try #require(result.traffic?.virtualSeconds)
        #expect(end > 10 && end < 11)
        #expect(result.traffic?.faults == ["5.000 s: crash s", "50.000 s: restart s (boot 0.000 s) (not reached: the run ended at \(String(format: "%.3f s", end)))"])
    }

    /// A world is estimated before it runs: one that would need more events than its limit, or more
    /// memory than a run may use, is refused where the value driving the estimate is written.
    @Test func aWorldBeyondItsBudgetIsRefusedBeforeItRuns() {
        #expect(Self.error("servers: [{name: s, service_time: 1ms}]\nworkload: {type: open_loop, rate: 10000000}\nrun: {duration: 3000000000s}\n")
            == "h.yaml:2:35: error: this world would need about 3.3 × 10¹⁷ events over its 3,000,000,000.000 s of virtual time (mostly from 'workload'), more than its event limit of 2 × 10⁹ (run.max_events); shorten the run (run.duration, run.time_limit, or the latest time the file schedules something) or lower the rate or size (at workload.rate)")
        let jobs = (1...9).map { "{name: word-count, reducers: 1, input: {synthetic: {lines: 10000000, seed: \($0)}}}" }.joined(separator: ", ")
        #expect(Self.error("mapreduce: {cluster: {workers: 2}, jobs: [\(jobs)]}\nrun: {max_events: 1000000000000}\n")
            == "h.yaml:1:42: error: this world would hold about 33.5 GiB (mostly for 'mapreduce.jobs'), more than the 4 GiB a run may use; make it smaller (at mapreduce.jobs)")
        // Within the budget: a million users thinking for a second over ten seconds.
        #expect(Self.error("servers: [{name: s, service_time: 1ms}]\nworkload: {type: closed_loop, users: 1000000, think_time: 1s}\nrun: {duration: 10s}\n") == nil)
    }

    /// While a deployment (or a fault) has every server down, the balancer answers at once: ten
    /// users with no think time and a latency of 1ns sent billions of requests during an
    /// all-at-once deploy and never finished. A world that may lose its servers is estimated as if
    /// every user cycled at its think time and the network's round trip while they may be down
    /// (here from 30 s until the deployment's two passes may end, 110 s).
    @Test func usersAnsweredAtOnceByAWorldWithoutServersCountInTheBudget() throws {
        let shipped = try String(contentsOf: packageRoot.appendingPathComponent("scenarios/deploy.yaml"), encoding: .utf8)
        let allAtOnce = shipped.replacingOccurrences(of: "strategy: rolling", with: "strategy: all_at_once")
        #expect(allAtOnce != shipped)
        #expect(Self.error(allAtOnce.replacingOccurrences(of: "latency: 0.5ms", with: "latency: 1ns"))
            == "h.yaml:14:12: error: this world would need about 3.5 × 10¹² events over its 150.000 s of virtual time (mostly from 'workload': 10 users counted as trying every round trip of the network (< 0.001 ms: 5 × 10⁸ a second) for 110.000 s of it, while the file's deployment may fail every try at once or leave no server to answer), more than its event limit of 2 × 10⁹ (run.max_events); raise network.latency or workload.think_time, or use fewer users (at network.latency)")
        #expect(Self.error(allAtOnce) == nil)
    }

    /// Each sync walks the whole source, which grows by its creations less its deletions: a source
    /// that only grows, by 100 files a round for 60 days, is refused; for a day it loads.
    @Test func aGrowingBackupSourceCountsInTheBudget() {
        let world = { (duration: String) in "object_store: {}\nbackup: {bucket: backups, source: {weights: {create: 1, delete: 0}, changes_per_round: 100}}\nrun: {duration: \(duration)}\n" }
        #expect(Self.error(world("60d"))
            == "h.yaml:2:35: error: this world would need about 5.1 × 10¹⁰ events over its 5,184,000.000 s of virtual time (mostly from 'backup.source'), more than its event limit of 2 × 10⁹ (run.max_events); shorten the run (run.duration, run.time_limit, or the latest time the file schedules something) or lower the rate or size (at backup.source)")
        #expect(Self.error(world("1h")) == nil)
    }

    /// Every map task writes a partition for every reduce task: a million one-record splits for
    /// 10,000 reducers were 10^10 partitions. A hundred splits of a thousand records load.
    @Test func mapTasksTimesReducersCountInTheBudget() {
        let job = { (reducers: Int, lines: Int, split: Int) in
            "mapreduce: {cluster: {workers: 4}, jobs: [{name: word-count, reducers: \(reducers), input: {synthetic: {lines: \(lines), seed: 1}, log: {topic: t, partitions: 10, records_per_split: \(split)}}}]}\n"
        }
        #expect(Self.error(job(10_000, 1_000_000, 1))
            == "h.yaml:1:72: error: this world would need about 2 × 10¹⁰ events over its 3,600.000 s of virtual time (mostly from 'mapreduce.jobs'), more than its event limit of 2 × 10⁹ (run.max_events); shorten the run (run.duration, run.time_limit, or the latest time the file schedules something) or lower the rate or size (at mapreduce.jobs.[0].reducers)")
        #expect(Self.error(job(100, 100_000, 1_000)) == nil)
    }

    /// The clients' metrics count per virtual second up to the last answer: a century of open
    /// loop at one request a week held 2.7 GB of empty seconds and ran out of memory.
    @Test func aCenturyOfSecondsIsCountedInTheBudget() {
        #expect(Self.error("servers: [{name: s, count: 4, service_time: 8ms}]\nworkload: {type: open_loop, rate: 0.000001}\nrun: {duration: 3155760000s}\n")
            == "h.yaml:3:17: error: this world would hold about 329.2 GiB (mostly for 'run.duration'), more than the 4 GiB a run may use; make it smaller (at run.duration)")
        #expect(Self.error("servers: [{name: s, count: 4, service_time: 8ms}]\nworkload: {type: open_loop, rate: 0.000001}\nrun: {duration: 1000000s}\n") == nil)
    }

    @Test func anEstimateThatIsNotFiniteIsWrittenAsSuch() {
        #expect(NumberText.figure(.infinity) == "∞")
        #expect(NumberText.figure(-.infinity) == "-∞")
        #expect(NumberText.figure(.nan) == "an unknown number of")
        #expect(NumberText.figure(-2e6) == "-2 × 10⁶")
        #expect(NumberText.figure(512.4) == "512")
    }

    /// Closed-loop users the servers cannot hold (slots and queues) are turned away at once and
    /// come back after their think time: with a think time of a nanosecond, 9,989 of 10,000 users
    /// would send a billion requests in 100 s. The 11 that fit are within the budget.
    @Test func usersTurnedAwayAtOnceCountInTheBudget() {
        let world = { (users: Int) in
            "servers: [{name: s, slots: 1, queue: 10, service_time: 25ms}]\nworkload: {type: closed_loop, users: \(users), think_time: 1ns}\nrun: {duration: 100s}\n"
        }
        #expect(Self.error(world(10_000))
            == "h.yaml:2:38: error: this world would need about 1.1 × 10¹⁰ events over its 100.000 s of virtual time (mostly from 'workload'), more than its event limit of 2 × 10⁹ (run.max_events); shorten the run (run.duration, run.time_limit, or the latest time the file schedules something) or lower the rate or size (at workload.users)")
        #expect(Self.error(world(11)) == nil)
    }

    /// Heartbeats run for as long as the world does: a job submitted in a century keeps a cluster's
    /// workers beating until then. A producer's last record must be due within a century.
    @Test func periodicWorkUntilAFarTimeLimitIsRefused() {
        #expect(Self.error("mapreduce: {cluster: {workers: 4}, jobs: [{name: word-count, reducers: 2, submit_at: 3155760000s, input: {synthetic: {lines: 1000, seed: 1}}}]}\n")
            == "h.yaml:1:22: error: this world would need about 2.2 × 10¹¹ events over its 3,155,760,071.308 s of virtual time (the longest its jobs may take: it ends with them) (mostly from 'mapreduce.cluster'), more than its event limit of 2 × 10⁹ (run.max_events); shorten the run (run.duration, run.time_limit, or the latest time the file schedules something) or lower the rate or size (at mapreduce.cluster)")
        #expect(Self.error("mapreduce: {cluster: {workers: 4}, jobs: [{name: word-count, reducers: 2, submit_at: 1d, input: {synthetic: {lines: 1000, seed: 1}}}]}\n") == nil)
        let log = { (rate: String) in "log: {topics: [{name: t, partitions: 1}], producers: [{topic: t, records: 4000, rate: \(rate)}]}\n" }
        #expect(Self.error(log("1e-9"))
            == "h.yaml:1:87: error: 4000 records at 1e-9 per second would not all be sent within the 100 years a run may last; raise the rate (at log.producers.[0].rate)")
        #expect(Self.error(log("1e-320"))
            == "h.yaml:1:87: error: 4000 records at 1e-320 per second would not all be sent within the 100 years a run may last; raise the rate (at log.producers.[0].rate)")
        #expect(Self.error(log("0.001")) == nil)
    }

    /// An expectation cut off after its comparison says the threshold is missing, with an example
    /// in the metric's unit.
    @Test func anExpectationWithoutAThresholdSaysSo() {
        #expect(Self.error(Self.traffic + "expect: ['p99 <']\n")
            == "h.yaml:5:10: error: 'p99 <' has no threshold after '<', e.g. 'p99 < 200ms' (at expect.[0])")
        #expect(Self.error(Self.traffic + "expect: ['success_ratio >=  ']\n")
            == "h.yaml:5:10: error: 'success_ratio >=' has no threshold after '>=', e.g. 'success_ratio >= 0.99' (at expect.[0])")
    }

    /// A world whose one user's 100 requests of 1 s each cannot end by its 5 s time limit, with
    /// `expect` as its sixth line on.
    static func stoppedEarly(expect: String) throws -> ScenarioFile {
        try ScenarioFile.load(bytes: Array("""
            name: early
            seed: 1
            servers: [{name: s, service_time: 1s}]
            workload: {type: closed_loop, users: 1}
            run: {requests: 100, time_limit: 5s}
            \(expect)
            """.utf8), file: "h.yaml")
    }

    /// A run that stops at its time limit checks none of its expectations, whether or not its
    /// figures so far meet them (the lead's rule, C1's F4): it fails for the stop. A latency of no
    /// successful request is not measured, so it meets nothing (it read 0 s, and was "met").
    @Test func expectationsOfARunThatStoppedEarlyAreNotChecked() throws {
        let file = try Self.stoppedEarly(expect: "expect:\n  - success_ratio >= 0.5\n  - p99 < 1ms\n  - rejected == 0")
        let failure = try #require(try file.run(formats: []).failure)
        #expect(failure.hasPrefix("seed 1: scenario 'early' failed; replay with: orrery run h.yaml --seed 1\n  simulation stopped early: virtual time limit reached at 5.000 s"))
        #expect(failure.hasSuffix("\n  h.yaml:7:5: expectation 'success_ratio >= 0.5' not checked, the run stopped early (measured 0 so far)\n  h.yaml:8:5: expectation 'p99 < 1ms' not checked, the run stopped early (not measured so far)\n  h.yaml:9:5: expectation 'rejected == 0' not checked, the run stopped early (measured 0 so far)"))
    }

    /// A device, a pipe or a directory is never read whole (`/dev/zero` would never end); a symbolic
    /// link is judged by what it points to.
    @Test func onlyRegularFilesAreRead() throws {
        #expect(throws: ScenarioError.self) { try ScenarioFile.load(path: "/dev/zero") }
        do { _ = try ScenarioFile.load(path: "/dev/zero") } catch {
            #expect(error.description == "/dev/zero: error: cannot read the scenario file: not a regular file (a device, a pipe or a socket)")
        }
        #expect(Self.error("cluster: {workers: 1}\njob: {name: word-count, reducers: 1}\ninput: {files: [/dev/zero]}\n")
            == "h.yaml:3:17: error: cannot read input file '/dev/zero' (/dev/zero): not a regular file (a device, a pipe or a socket) (at input.files.[0])")
        let link = FileManager.default.temporaryDirectory.appendingPathComponent("orrery-link-\(UInt64.random(in: 0...UInt64.max)).yaml")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: packageRoot.appendingPathComponent("scenarios/closed-loop.yaml").path)
        defer { try? FileManager.default.removeItem(at: link) }
        #expect(try ScenarioFile.load(path: link.path).name == "closed-loop")
        // A link round a loop and an empty path are said for what they are (they were "not a
        // regular file (a device, a pipe or a socket)" and "it is a directory").
        let loop = FileManager.default.temporaryDirectory.appendingPathComponent("orrery-loop-\(UInt64.random(in: 0...UInt64.max)).yaml")
        try FileManager.default.createSymbolicLink(atPath: loop.path, withDestinationPath: loop.path)
        defer { try? FileManager.default.removeItem(at: loop) }
        for (path, reason) in [(loop.path, "a symbolic link round a loop"), ("", "an empty path names no file")] {
            do {
                _ = try ScenarioFile.load(path: path)
                Issue.record("'\(path)' was read")
            } catch {
                #expect(error.description == "\(path): error: cannot read the scenario file: \(reason)")
            }
        }
    }

    /// A value of a million characters quoted whole in a message (a rate of a million zeros, a
    /// workload type of a million letters) is cut in the message's middle: the error keeps its
    /// position, its first and last 2,000 characters and its path, not a megabyte on stderr.
    @Test func aMessageQuotingAHugeValueIsCutInItsMiddle() throws {
        let zeros = String(repeating: "0", count: 1_000_000)
        let rate = try #require(Self.error("seed: 1\nrun: {duration: 1s}\nservers: [{name: s}]\nworkload: {type: open_loop, rate: 0.\(zeros)1}\n"))
        #expect(rate.hasPrefix("h.yaml:4:35: error: must be greater than zero, got 0.000"))
        #expect(rate.contains(" … (996,034 characters left out) … "))
        #expect(rate.hasSuffix("0001 (at workload.rate)"))
        let letters = String(repeating: "x", count: 1_000_000)
        let type = try #require(Self.error("seed: 1\nrun: {duration: 1s}\nservers: [{name: s}]\nworkload: {type: open_loop\(letters), rate: 1}\n"))
        #expect(type.hasPrefix("h.yaml:4:18: error: unknown workload type 'open_loopxxx"))
        #expect(type.count < 4_100)
    }

    /// An integer no `Int` holds is out of the setting's range, not "not an integer".
    @Test func anIntegerBeyondInt64IsOutOfRange() {
        #expect(Self.error("seed: 1\nrun: {requests: 10}\nservers: [{name: s, slots: 99999999999999999999}]\nworkload: {type: closed_loop, users: 1}\n")
            == "h.yaml:3:28: error: must be 1 … 100,000, got 99999999999999999999 (at servers.[0].slots)")
        #expect(Self.error("seed: 1\nrun: {requests: 10}\nservers: [{name: s, slots: -99999999999999999999}]\nworkload: {type: closed_loop, users: 1}\n")
            == "h.yaml:3:28: error: must be 1 … 100,000, got -99999999999999999999 (at servers.[0].slots)")
        #expect(Self.error("seed: 1\nrun: {requests: 10}\nservers: [{name: s, slots: 0100}]\nworkload: {type: closed_loop, users: 1}\n")?
            .contains("got 99999") == false)
    }
}
