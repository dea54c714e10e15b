import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGINT, SIGTERM and SIGHUP held off while an ``AtomicFileSet`` renames its files into place,
/// so that Ctrl-C, `kill` or a closed terminal in those milliseconds cannot leave a report folder
/// part old, part new: a signal that comes then ends the process once the last commit under way
/// is done (or undone), as it would have ended it otherwise; at any other moment it ends the
/// process at once. SIGKILL cannot be held off. Before it ends the process, it removes the files
/// staged and not yet renamed into place (``StagedTemporaries``), so that nothing hidden is left
/// beside the outputs.
///
/// A signal the process started with ignored stays ignored: `nohup orrery sweep …` outlives the
/// terminal's SIGHUP, and a script's background job the SIGINT that the shell makes it ignore, as
/// with any well-behaved Unix tool.
///
/// The handler reads and writes atomics and calls `unlink`, `signal` and `raise`, which a handler
/// may.
/// A commit counts itself before its first rename and looks for a signal after counting, and the
/// handler notes the signal before it looks for a commit, so one of them always sees the other.
public enum CommitSignals {
    /// The signals held off.
    static let held: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    fileprivate static let commitsUnderWay = Atomic<Int>(0)
    fileprivate static let pending = Atomic<Int32>(0)

    /// Installs the handler for each of ``held`` that the process did not inherit as ignored;
    /// called once by the command line before any command runs.
    public static func install() {
        StagedTemporaries.prepare()
        var caught = sigset_t()
        sigemptyset(&caught)
        for signalNumber in held where !isIgnored(signalNumber) {
            signal(signalNumber, commitSignalHandler)
            sigaddset(&caught, signalNumber)
        }
        // A mask inherited blocked (a parent that spawned this process from a thread blocking
        // them, as a test runner's worker does) would hold these signals pending for ever: the
        // handler is only of use if they can arrive.
        pthread_sigmask(SIG_UNBLOCK, &caught, nil)
    }

    /// Whether `signalNumber` is ignored now (`SIG_IGN`, as `nohup` leaves SIGHUP).
    static func isIgnored(_ signalNumber: Int32) -> Bool {
        var current = sigaction()
        guard sigaction(signalNumber, nil, &current) == 0 else { return false }
        #if canImport(Darwin)
        let handler = current.__sigaction_u.__sa_handler
        #elseif canImport(Musl)
        let handler = current.__sa_handler.sa_handler
        #else
        let handler = current.__sigaction_handler.sa_handler
        #endif
        return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// A commit starts renaming. A signal already noted ends the process now, before anything
    /// is renamed.
    static func begin() {
        commitsUnderWay.add(1, ordering: .sequentiallyConsistent)
        let noted = pending.load(ordering: .sequentiallyConsistent)
        if noted != 0 { end(now: noted) }
    }

    /// A commit has put every file in place, or every one back: a signal noted meanwhile ends
    /// the process once no other commit is under way.
    static func end() {
        let left = commitsUnderWay.subtract(1, ordering: .sequentiallyConsistent).newValue
        let noted = pending.load(ordering: .sequentiallyConsistent)
        if left == 0, noted != 0 { end(now: noted) }
    }

    /// Removes the staged files, then ends the process by `signalNumber` with its default action
    /// (the shell sees 128 + it).
    fileprivate static func end(now signalNumber: Int32) {
        StagedTemporaries.removeAll()
        signal(signalNumber, SIG_DFL)
        raise(signalNumber)
    }
}

/// The handler of ``CommitSignals/held``: notes the signal, and ends the process unless a
/// commit is under way.
private func commitSignalHandler(_ signalNumber: Int32) {
    CommitSignals.pending.store(signalNumber, ordering: .sequentiallyConsistent)
    if CommitSignals.commitsUnderWay.load(ordering: .sequentiallyConsistent) == 0 {
        CommitSignals.end(now: signalNumber)
    }
}
