import Foundation
import Testing
@testable import Scenarios

/// `sweep --check-determinism`'s child: started with `posix_spawn` (Foundation's `Process`
/// crashed the sweep with SIGILL under `ulimit -n 12`), with hashing always other than the
/// parent's (a parent with `SWIFT_DETERMINISTIC_HASHING` set gave it to the child too, and the
/// check checked nothing), and a child that could not replay the world reported as an error,
/// not as nondeterminism.
struct ChildReplayTests {
    @Test func theChildHashesOtherwiseThanTheParent() {
        let environment = ChildReplay.environment(replaying:)
        #expect(environment(["PATH": "/bin"]) == ["PATH": "/bin", "SWIFT_DETERMINISTIC_HASHING": "1"])
        #expect(environment(["PATH": "/bin", "SWIFT_DETERMINISTIC_HASHING": ""]) == ["PATH": "/bin", "SWIFT_DETERMINISTIC_HASHING": "1"])
        #expect(environment(["PATH": "/bin", "SWIFT_DETERMINISTIC_HASHING": "1"]) == ["PATH": "/bin"])
        #expect(environment(["SWIFT_DETERMINISTIC_HASHING": "0"]) == [:])
        #expect(environment(["SWIFT_DETERMINISTIC_HASHING": "true"]) == [:])
    }

    /// The environment reaches the child exactly as given.
    @Test(arguments: [(nil, "1"), ("", "1"), ("1", "unset"), ("yes", "unset")] as [(String?, String)])
    func theChildGetsTheTurnedOverVariable(parent: String?, child: String) throws {
        var environment = ["PATH": "/usr/bin:/bin"]
        environment["SWIFT_DETERMINISTIC_HASHING"] = parent
        let outcome = try ChildProcess.run("/bin/sh", name: "sh", arguments: ["-c", "printf %s \"${SWIFT_DETERMINISTIC_HASHING-unset}\""],
                                           environment: ChildReplay.environment(replaying: environment))
        #expect(outcome == ChildProcess.Outcome(standardOutput: Array(child.utf8), standardError: [], exitStatus: 0, signal: nil))
    }

    @Test func bothStreamsExitStatusAndSignalAreReported() throws {
        let outcome = try ChildProcess.run("/bin/sh", name: "sh", arguments: ["-c", "echo out; echo err >&2; read line; echo \"[$line]\"; exit 3"], environment: [:])
        // Standard input is /dev/null: `read` ends at once.
        #expect(outcome == ChildProcess.Outcome(standardOutput: Array("out\n[]\n".utf8), standardError: Array("err\n".utf8), exitStatus: 3, signal: nil))
        #expect(outcome.ending == "exit 3")
        let killed = try ChildProcess.run("/bin/sh", name: "sh", arguments: ["-c", "kill -9 $$"], environment: [:])
        #expect(killed.exitStatus == nil && killed.signal == 9)
        #expect(killed.ending == "killed by signal 9")
    }

    /// Output past the limit is read and dropped: the child never waits on a full pipe.
    @Test func outputPastTheLimitIsDrained() throws {
        let outcome = try ChildProcess.run("/bin/sh", name: "sh", arguments: ["-c", "head -c 300000 /dev/zero; head -c 300000 /dev/zero >&2"],
                                           environment: ["PATH": "/usr/bin:/bin"], outputLimit: 10)
        #expect(outcome.standardOutput == [UInt8](repeating: 0, count: 10))
        #expect(outcome.standardError == [UInt8](repeating: 0, count: 10))
        #expect(outcome.exitStatus == 0)
    }

    @Test func aProgramThatCannotStartIsAStartFailure() {
        #expect(throws: ChildProcess.StartFailure(operation: "posix_spawn", code: ENOENT)) {
            try ChildProcess.run("/nonexistent/orrery", name: "orrery", arguments: [], environment: [:])
        }
    }

    /// A stand-in for `orrery run --digest-only`: what it prints, by `MODE`.
    static let stand = """
        #!/bin/sh
        case "$MODE" in
          same) echo "$DIGEST" ;;
          other) echo 0123456789abcdef ;;
          fail) echo "first line" >&2; echo "error: cannot read the file" >&2; exit 2 ;;
          kill) kill -9 $$ ;;
          arguments) echo "$*" ;;
        esac
        """

    @Test func theChildsAnswerBecomesTheSweepsMessage() throws {
        let shards = try SweepMergeHostileTests.Shards()
        defer { shards.remove() }
        let program = shards.directory.appendingPathComponent("stand-in.sh").path
        try Self.stand.write(toFile: program, atomically: true, encoding: .utf8)
        #expect(chmod(program, 0o755) == 0)
        let record = shards.records[1]
        let manifest = shards.manifest
        func replay(_ mode: String) -> SweepStop? {
            ChildReplay(file: manifest.file, manifest: manifest, program: program,
                        parentEnvironment: ["PATH": "/usr/bin:/bin", "MODE": mode, "DIGEST": record.digest]).mismatch(record)
        }
        let world = "world 1 (variant 1, seed 2)"
        let replayCommand = manifest.replayCommand(variant: 0, seed: 2)
        #expect(ChildReplay(file: manifest.file, manifest: manifest).arguments(record) == ["run", "--seed", "2", "--digest-only", "--", manifest.file])
        #expect(replay("same") == nil)
        #expect(replay("other") == .nondeterminism("\(world) has digest \(record.digest) here but 0123456789abcdef in a child process with another hash seed; replay: \(replayCommand)"))
        #expect(replay("arguments") == .nondeterminism("\(world) has digest \(record.digest) here but \(("run --seed 2 --digest-only -- " + manifest.file).excerpt(upTo: 40)) in a child process with another hash seed; replay: \(replayCommand)"))
        #expect(replay("fail") == .environment("the child process replaying \(world) for --check-determinism ended (exit 2) without a digest: error: cannot read the file; replay: \(replayCommand)"))
        #expect(replay("kill") == .environment("the child process replaying \(world) for --check-determinism ended (killed by signal 9) without a digest; replay: \(replayCommand)"))
        let missing = ChildReplay(file: manifest.file, manifest: manifest, program: "/nonexistent/orrery").mismatch(record)
        #expect(missing == SweepStop(message: "error: cannot start a child process to replay \(world) for --check-determinism: posix_spawn: No such file or directory (errno 2)", cause: .environment))
    }
}
