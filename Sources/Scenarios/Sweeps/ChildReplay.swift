import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `sweep --check-determinism`: replays one world with `orrery run --digest-only` in a child
/// process whose hashing differs from the parent's (``environment(replaying:)``), and says how
/// the digests differ, if they do.
///
/// What it returns is a ``SweepStop`` of cause `.nondeterminism` when the child's digest differs
/// (the sweep exits 1), or `.environment` when the world could not be replayed — the child could
/// not be started (too few file descriptors, too many processes), or ended without a digest —
/// which is the environment's failure, not the world's (exit 2).
public struct ChildReplay: Sendable {
    public var file: String
    public var manifest: SweepManifest
    /// The `orrery` to run: this process's own executable.
    public var program: String
    /// The parent's environment.
    public var parentEnvironment: [String: String]

    public init(file: String, manifest: SweepManifest, program: String = "/proc/self/exe",
                parentEnvironment: [String: String] = ProcessInfo.processInfo.environment) {
        self.file = file
        self.manifest = manifest
        self.program = program
        self.parentEnvironment = parentEnvironment
    }

    /// The child's environment: the parent's, with `SWIFT_DETERMINISTIC_HASHING` turned over so
    /// that the two hash differently. Unset (or empty) in the parent, whose hash seed is then
    /// random, the child gets `1` (a fixed seed); set in the parent to anything else, the child
    /// runs without it, with a random seed — had both had it, they would share one fixed seed and
    /// the check would check nothing.
    public static func environment(replaying parent: [String: String]) -> [String: String] {
        var environment = parent
        if let value = parent["SWIFT_DETERMINISTIC_HASHING"], !value.isEmpty {
            environment["SWIFT_DETERMINISTIC_HASHING"] = nil
        } else {
            environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
        }
        return environment
    }

    /// The child's arguments (after its name). The file comes after `--`: one named `-t.yaml` was
    /// read as an option, and the replay failed.
    public func arguments(_ record: WorldRecord) -> [String] {
        ["run", "--seed", "\(record.seed)", "--digest-only"] + manifest.variants[record.variant].overrides.flatMap { ["--set", $0] } + ["--", file]
    }

    /// Nil when the child's digest is the record's; otherwise why not, or why the world could not
    /// be replayed, as the sweep's stop.
    public func mismatch(_ record: WorldRecord) -> SweepStop? {
        let world = "world \(record.position) (variant \(record.variant + 1), seed \(record.seed))"
        let replay = manifest.replayCommand(variant: record.variant, seed: record.seed, onTerminal: true)
        let outcome: ChildProcess.Outcome
        do {
            outcome = try ChildProcess.run(program, name: "orrery", arguments: arguments(record),
                                           environment: Self.environment(replaying: parentEnvironment), outputLimit: 4096)
        } catch {
            if error.isOutOfDescriptors {
                let limit = Self.descriptorLimit.map { " (ulimit -n \($0))" } ?? ""
                return .environment("too few file descriptors\(limit) to start a child process to replay \(world) for --check-determinism: "
                    + "raise the limit, or sweep without --check-determinism")
            }
            return .environment("cannot start a child process to replay \(world) for --check-determinism: \(error)")
        }
        let childDigest = String(decoding: outcome.standardOutput, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if outcome.exitStatus == 0, childDigest == record.digest { return nil }
        guard outcome.exitStatus == 0, !childDigest.isEmpty else {
            // The child did not run the world to its end (it was killed, or could not read the
            // file): nothing says the world is nondeterministic.
            let said = String(decoding: outcome.standardError, as: UTF8.self).split(whereSeparator: \.isNewline).last.map { ": \(String($0).excerpt(upTo: 200))" } ?? ""
            return .environment("the child process replaying \(world) for --check-determinism ended (\(outcome.ending)) without a digest\(said); replay: \(replay)")
        }
        return .nondeterminism("\(world) has digest \(record.digest) here but \(childDigest.excerpt(upTo: 40)) in a child process with another hash seed; replay: \(replay)")
    }

    /// This process's soft limit on open files, if it has one.
    static var descriptorLimit: UInt64? {
        var limit = rlimit()
        #if canImport(Glibc)
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return nil }
        #else
        guard getrlimit(RLIMIT_NOFILE, &limit) == 0 else { return nil }
        #endif
        return limit.rlim_cur == rlim_t.max ? nil : UInt64(limit.rlim_cur)
    }
}
