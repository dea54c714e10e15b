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
/// process at once. SIGKILL cannot be held off.
///
/// The handler reads and writes two atomics and calls `signal` and `raise`, which a handler may.
/// A commit counts itself before its first rename and looks for a signal after counting, and the
/// handler notes the signal before it looks for a commit, so one of them always sees the other.
public enum CommitSignals {
    /// The signals held off.
    static let held: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    fileprivate static let commitsUnderWay = Atomic<Int>(0)
    fileprivate static let pending = Atomic<Int32>(0)

    /// Installs the handler for ``held``; called once by the command line before any command runs.
    public static func install() {
        for signalNumber in held { signal(signalNumber, commitSignalHandler) }
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

    /// Ends the process by `signalNumber`, with its default action (the shell sees 128 + it).
    fileprivate static func end(now signalNumber: Int32) {
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
