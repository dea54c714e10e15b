import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program run to its end in a child process, started with `posix_spawn` and its output read
/// through pipes by the caller's thread.
///
/// Foundation's `Process` was used before: it starts a thread with a run loop, whose `timerfd`
/// and `epoll` descriptors it cannot do without — with a small `ulimit -n` it failed with "Bad
/// file descriptor" (200 and below), or the whole process died of SIGILL inside Foundation (12 and
/// below), leaving a sweep's `worlds.jsonl.partial` behind. Here the only descriptors the parent
/// opens are the two pipes (four ends for an instant, two while the child runs), and a failure to
/// open them or to start the child is an error the caller reports.
public enum ChildProcess {
    /// What the child wrote and how it ended.
    public struct Outcome: Sendable, Equatable {
        /// Its standard output, at most `outputLimit` bytes of it.
        public var standardOutput: [UInt8]
        /// Its standard error, at most `outputLimit` bytes of it.
        public var standardError: [UInt8]
        /// Its exit status, if it exited.
        public var exitStatus: Int32?
        /// The signal that killed it, if one did.
        public var signal: Int32?

        /// How it ended, in words: "exit 2", "killed by signal 4".
        public var ending: String {
            if let exitStatus { return "exit \(exitStatus)" }
            return "killed by signal \(signal ?? 0)"
        }
    }

    /// Why the child could not be started: the call that failed and its `errno`.
    public struct StartFailure: Error, Sendable, Equatable, CustomStringConvertible {
        /// `pipe` or `posix_spawn`.
        public var operation: String
        public var code: Int32

        /// Whether the process (`EMFILE`) or the system (`ENFILE`) had no file descriptor left.
        public var isOutOfDescriptors: Bool { code == EMFILE || code == ENFILE }

        public var description: String { "\(operation): \(String(cString: strerror(code))) (errno \(code))" }
    }

    /// Runs `executable` with `arguments` (after `argv[0]`, which is `name`) and exactly
    /// `environment`, standard input `/dev/null`, and returns once it has ended and both of its
    /// output streams are closed.
    ///
    /// The child starts with no signal blocked and SIGPIPE at its default (a worker thread of the
    /// parent blocks some, and a blocked SIGINT would outlive Control-C). Descriptors the parent
    /// opened with `O_CLOEXEC` — every one this package opens — are not inherited.
    ///
    /// - Parameter outputLimit: the bytes of each stream kept; the rest is read and dropped, so
    ///   that a child that writes much never waits on a full pipe.
    public static func run(_ executable: String, name: String, arguments: [String], environment: [String: String],
                           outputLimit: Int = 1 << 16) throws(StartFailure) -> Outcome {
        // One start at a time: between `pipe` and `fcntl` a descriptor is not yet close-on-exec
        // (`pipe2` is not imported), and a child started then by another thread would hold this
        // one's pipe open.
        let started = spawning.withLock { _ in startChild(executable, argv: [name] + arguments, environment: environment) }
        let (output, errors, pid) = try started.get()
        let (standardOutput, standardError) = drain(output[0], errors[0], limit: outputLimit)
        close(output[0])
        close(errors[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED, WEXITSTATUS and WTERMSIG, which Swift does not import.
        let signal = status & 0x7f
        return Outcome(standardOutput: standardOutput, standardError: standardError,
                       exitStatus: signal == 0 ? (status >> 8) & 0xff : nil, signal: signal == 0 ? nil : signal)
    }

    /// Held while a child is started.
    private static let spawning = Mutex(())

    /// The two pipes and the started child, whose ends of them are closed here.
    private static func startChild(_ executable: String, argv: [String], environment: [String: String]) -> Result<(output: [Int32], errors: [Int32], pid: pid_t), StartFailure> {
        var output: [Int32] = [-1, -1]
        var errors: [Int32] = [-1, -1]
        guard makePipe(&output) else { return .failure(StartFailure(operation: "pipe", code: errno)) }
        guard makePipe(&errors) else {
            let code = errno
            close(output[0]); close(output[1])
            return .failure(StartFailure(operation: "pipe", code: code))
        }
        let started = spawn(executable, argv: argv, environment: environment, output: output[1], errors: errors[1])
        close(output[1])
        close(errors[1])
        switch started {
        case .success(let pid): return .success((output, errors, pid))
        case .failure(let failure):
            close(output[0]); close(errors[0])
            return .failure(failure)
        }
    }

    /// `pipe`, both ends close-on-exec.
    private static func makePipe(_ ends: inout [Int32]) -> Bool {
        guard pipe(&ends) == 0 else { return false }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return true
    }

    /// `posix_spawn` of `executable` with its standard output and error on `output` and `errors`.
    private static func spawn(_ executable: String, argv: [String], environment: [String: String],
                              output: Int32, errors: Int32) -> Result<pid_t, StartFailure> {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        var attributes: posix_spawnattr_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        // dup2 clears O_CLOEXEC on the copies, which the child keeps; the originals close on exec.
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, errors, 2)
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let arguments = argv.map { strdup($0) } + [nil]
        let variables = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in arguments { free(pointer) }
            for pointer in variables { free(pointer) }
        }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, executable, &actions, &attributes, arguments, variables)
        guard code == 0 else { return .failure(StartFailure(operation: "posix_spawn", code: code)) }
        return .success(pid)
    }

    /// Reads both descriptors to their ends, keeping at most `limit` bytes of each.
    private static func drain(_ first: Int32, _ second: Int32, limit: Int) -> ([UInt8], [UInt8]) {
        var polled = [pollfd(fd: first, events: Int16(POLLIN), revents: 0), pollfd(fd: second, events: Int16(POLLIN), revents: 0)]
        var kept: [[UInt8]] = [[], []]
        var chunk = [UInt8](repeating: 0, count: 1 << 14)
        while polled.contains(where: { $0.fd >= 0 }) {
            let ready = poll(&polled, nfds_t(polled.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            for index in polled.indices where polled[index].fd >= 0 && polled[index].revents != 0 {
                let count = chunk.withUnsafeMutableBytes { read(polled[index].fd, $0.baseAddress, $0.count) }
                if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                guard count > 0 else {
                    // End of file (or an error): poll ignores a negative descriptor.
                    polled[index].fd = -1
                    continue
                }
                let room = max(0, limit - kept[index].count)
                kept[index] += chunk[0..<min(count, room)]
            }
        }
        return (kept[0], kept[1])
    }
}
