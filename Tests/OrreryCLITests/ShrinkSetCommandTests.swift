import Foundation
import Testing

/// `orrery shrink --set`: a failing world's replay line as a sweep or a run prints it
/// (`orrery run FILE --seed N --set k=v`) shrinks with `shrink` in place of `run`. The shrunk file
/// has the values written in, so it fails alone; `--set` is read and refused as `run` reads and
/// refuses it; and "nothing to shrink" names the command that judged the run.
struct ShrinkSetCommandTests {
    /// One server, every request 1 ms: passes as written, fails its `p99 < 10ms` once a `--set`
    /// makes the service 20 ms.
    static let yaml = """
    name: slow-one
    description: one server; a request is slow only when its service time is
    run: {requests: 20}
    servers: [{name: s, count: 1, slots: 1, service_time: 1ms}]
    balancer: {strategy: round_robin}
    workload: {type: open_loop, rate: 10}
    expect: [p99 < 10ms]
    """

    static func write() throws -> URL {
        let dir = try OrreryProcess.temporaryDirectory()
        try yaml.write(to: dir.appendingPathComponent("slow.yaml"), atomically: true, encoding: .utf8)
        return dir
    }

    @Test func theSetsAreWrittenIntoTheShrunkFileWhichFailsAloneAsTheOriginalDid() throws {
        let dir = try Self.write()
        defer { try? FileManager.default.removeItem(at: dir) }
        let sets = ["--set", "servers.0.service_time=20ms", "--set", "servers.0.name=it's"]
        #expect(try OrreryProcess.run(["run", "slow.yaml", "--seed", "4", "--out", "runs"], in: dir).status == 0)
        let original = try OrreryProcess.run(["run", "slow.yaml", "--seed", "4", "--out", "runs"] + sets, in: dir)
        #expect(original.status == 1)
        #expect(original.standardError == """
            seed 4: scenario 'slow-one' failed; replay with: orrery run slow.yaml --seed 4 --set servers.0.service_time=20ms --set 'servers.0.name=it'\\''s'
              slow.yaml:7:10: expectation 'p99 < 10ms' failed: measured 39.829 ms

            """, "\(original.standardError)")

        // The replay line with `shrink` in place of `run`.
        let shrink = try OrreryProcess.run(["shrink", "slow.yaml", "--seed", "4"] + sets + ["--out", "out"], in: dir)
        #expect(shrink.status == 0, "\(shrink.standardError)")
        #expect(shrink.standardOutput.contains("""
            - Original: `orrery run slow.yaml --seed 4 --set servers.0.service_time=20ms --set 'servers.0.name=it'\\''s'`
            - Failure: expectation 'p99 < 10ms' failed
            - Replay of the written file: fails the same way

            """), "\(shrink.standardOutput)")
        let written = try String(contentsOf: dir.appendingPathComponent("out/slow-one-shrunk.yaml"), encoding: .utf8)
        #expect(written == """
            name: slow-one-shrunk
            description: Shrunk by orrery shrink from slow.yaml seed 4 with --set servers.0.service_time=20ms --set 'servers.0.name=it'\\''s'. one server; a request is slow only when its service time is
            run:
              requests: 1
            servers:
            - name: it's
              count: 1
              slots: 1
              service_time: 20ms
            balancer:
              strategy: round_robin
            workload:
              type: open_loop
              rate: 10
            expect:
            - p99 < 10ms
            seed: 4

            """, "\(written)")
        let replay = try OrreryProcess.run(["run", "out/slow-one-shrunk.yaml", "--out", "runs"], in: dir)
        #expect(replay.status == 1)
        #expect(replay.standardError == """
            seed 4: scenario 'slow-one-shrunk' failed; replay with: orrery run out/slow-one-shrunk.yaml --seed 4
              out/slow-one-shrunk.yaml:16:3: expectation 'p99 < 10ms' failed: measured 22.000 ms

            """, "\(replay.standardError)")
    }

    /// `--set` is `run`'s: the same refusals, word for word, before any run and with nothing written.
    @Test(arguments: [
        ("seed=3", "error: --set seed: a run's seed is given with --seed"),
        ("nopath", "error: expected PATH=VALUE (e.g. balancer.strategy=least_conn), got 'nopath'"),
        ("servers.0.slots=-1", "slow.yaml:4:38: error: must be 1 … 100,000, got -1 (the value comes from --set servers.0.slots=-1) (at servers.[0].slots)"),
        ("servers.3.slots=1", "slow.yaml:4:10: error: --set servers.3.slots: '3' is not an index of this list of 1 (0 … 0) (at servers)"),
        ("servers.0.bogus=1", "slow.yaml:4:11: error: unknown key 'bogus' (the key comes from --set servers.0.bogus=1) (at servers.[0])"),
    ])
    func aSetIsRefusedAsRunRefusesIt(argument: String, message: String) throws {
        let dir = try Self.write()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try OrreryProcess.run(["run", "slow.yaml", "--set", argument, "--out", "runs"], in: dir)
        let shrink = try OrreryProcess.run(["shrink", "slow.yaml", "--set", argument, "--out", "out"], in: dir)
        // A refusal of the argument itself is followed by each command's own usage line.
        for outcome in [run, shrink] {
            #expect(outcome.status == 2)
            #expect(outcome.standardError.split(separator: "\n").first.map(String.init) == message, "\(outcome.standardError)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
    }

    /// A run that passes prints the command that judged it: `orrery run` with the `--set`s, or
    /// with `--expect` the shrink itself — `orrery run` checks the file's own expectations, and
    /// fails here where the shrink found nothing to shrink.
    @Test func nothingToShrinkNamesTheCommandThatJudgedTheRun() throws {
        let dir = try Self.write()
        defer { try? FileManager.default.removeItem(at: dir) }
        let plain = try OrreryProcess.run(["shrink", "slow.yaml", "--seed", "4", "--set", "servers.0.service_time=2ms", "--out", "out"], in: dir)
        #expect(plain.status == 0, "\(plain.standardError)")
        #expect(plain.standardOutput == "seed 4: nothing to shrink: the run passes (1 run); replay with: orrery run slow.yaml --seed 4 --set servers.0.service_time=2ms\n")

        let arguments = ["slow.yaml", "--seed", "4", "--set", "servers.0.service_time=20ms", "--expect", "p99 < 1s"]
        let judged = try OrreryProcess.run(["shrink"] + arguments + ["--out", "out"], in: dir)
        #expect(judged.status == 0, "\(judged.standardError)")
        #expect(judged.standardOutput == "seed 4: nothing to shrink: the run passes (1 run); replay with: orrery shrink slow.yaml --seed 4 --set servers.0.service_time=20ms --expect 'p99 < 1s'\n")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
        // The plain run of the same world fails (its own p99 < 10ms): it would not have shown the pass.
        #expect(try OrreryProcess.run(["run", "slow.yaml", "--seed", "4", "--set", "servers.0.service_time=20ms", "--out", "runs"], in: dir).status == 1)
    }
}
