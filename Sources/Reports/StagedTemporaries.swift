import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The files a command has written beside their destinations and not yet renamed into place or
/// removed — the `.orrery-write-….tmp` files an ``AtomicFileSet`` stages, a sweep's
/// `worlds.jsonl.partial` — kept where a signal handler can reach them, so that Ctrl-C, SIGTERM or
/// SIGHUP removes them before the process ends (``CommitSignals``) instead of leaving hidden files
/// beside a `--trace`, a report page or a shrink's files that nothing would ever remove.
///
/// A handler may not allocate or take a lock, so each path is copied to a C string when it is
/// tracked, and kept in a place of a list that only grows: a place is never freed, and one that
/// is free again is reused by the next path. The handler walks the list and takes each path with
/// one atomic exchange, so a path is either removed by the handler or forgotten by its writer,
/// never freed while the handler reads it. SIGKILL runs no handler: its files stay until the next
/// write into a held folder removes them (``AtomicFileSet``).
public enum StagedTemporaries {
    /// One tracked path, to hand back to ``forget(_:)`` once the file is renamed or removed.
    public struct Tracked: @unchecked Sendable {
        fileprivate let place: Unmanaged<Place>
    }

    /// Starts tracking `path`: call it before the file is created, so that no moment passes in
    /// which the file exists untracked.
    public static func track(_ path: String) -> Tracked {
        track(address: UInt(bitPattern: strdup(path)), in: newest)
    }

    /// Starts tracking the directories a command made for itself, outermost first (as
    /// `AtomicFileWriter.createDirectories` returns them): a signal removes each that is empty,
    /// innermost first, after the files — a signalled sweep left the `<out>/<name>/` it had made
    /// empty behind it. A directory that was there before is not in the list, so it stays. Nil
    /// for none.
    public static func track(directories: [String]) -> Tracked? {
        guard !directories.isEmpty else { return nil }
        // One C buffer, innermost first, each path ended by a NUL and the list by another: the
        // handler walks it with `strlen` alone.
        let bytes = Array(directories.reversed().joined(separator: "\0").utf8) + [0, 0]
        guard let buffer = malloc(bytes.count) else { return nil }
        buffer.copyMemory(from: bytes, byteCount: bytes.count)
        return track(address: UInt(bitPattern: buffer), in: newestDirectories)
    }

    private static func track(address: UInt, in list: borrowing Atomic<Unmanaged<Place>?>) -> Tracked {
        var next = list.load(ordering: .acquiring)
        while let current = next {
            let place = current.takeUnretainedValue()
            if place.path.compareExchange(expected: 0, desired: address, ordering: .acquiringAndReleasing).exchanged {
                return Tracked(place: current)
            }
            next = place.next
        }
        while true {
            let head = list.load(ordering: .acquiring)
            let place = Unmanaged.passRetained(Place(path: address, next: head))
            if list.compareExchange(expected: head, desired: place, ordering: .acquiringAndReleasing).exchanged {
                return Tracked(place: place)
            }
            place.release()
        }
    }

    /// Stops tracking a path whose file has been renamed into place or removed.
    public static func forget(_ tracked: Tracked) {
        let address = tracked.place.takeUnretainedValue().path.exchange(0, ordering: .acquiringAndReleasing)
        if address != 0 { free(UnsafeMutableRawPointer(bitPattern: address)) }
    }

    /// The paths tracked now, newest place first; for tests.
    static var paths: [String] {
        var paths: [String] = []
        var next = newest.load(ordering: .acquiring)
        while let current = next {
            let place = current.takeUnretainedValue()
            let address = place.path.load(ordering: .acquiring)
            if address != 0, let path = UnsafePointer<CChar>(bitPattern: address) { paths.append(String(cString: path)) }
            next = place.next
        }
        return paths
    }

    /// Removes every tracked file: what the signal handler does just before the process ends.
    /// Only atomics and `unlink`, which a handler may call; the C strings are not freed, since the
    /// process is ending.
    static func removeAll() {
        var next = newest.load(ordering: .acquiring)
        while let current = next {
            let place = current.takeUnretainedValue()
            let address = place.path.exchange(0, ordering: .acquiringAndReleasing)
            if address != 0, let path = UnsafePointer<CChar>(bitPattern: address) { unlink(path) }
            next = place.next
        }
        // Then the directories, each list innermost first, so that one emptied by the files above
        // goes, and then its parent if that is empty too; `rmdir` leaves any that is not.
        next = newestDirectories.load(ordering: .acquiring)
        while let current = next {
            let place = current.takeUnretainedValue()
            let address = place.path.exchange(0, ordering: .acquiringAndReleasing)
            if address != 0, var directory = UnsafePointer<CChar>(bitPattern: address) {
                while directory.pointee != 0 {
                    rmdir(directory)
                    directory += strlen(directory) + 1
                }
            }
            next = place.next
        }
    }

    /// Touches the list, so that its lazy initialisation never first happens inside the handler.
    static func prepare() {
        _ = newest.load(ordering: .relaxed)
        _ = newestDirectories.load(ordering: .relaxed)
    }

    /// A place for one path: the address of its C string, 0 while free.
    fileprivate final class Place: @unchecked Sendable {
        let path: Atomic<UInt>
        let next: Unmanaged<Place>?

        init(path: UInt, next: Unmanaged<Place>?) {
            self.path = Atomic(path)
            self.next = next
        }
    }

    /// The place added last; each holds the one added before it.
    private static let newest = Atomic<Unmanaged<Place>?>(nil)

    /// The same for the lists of directories (``track(directories:)``), walked after the files.
    private static let newestDirectories = Atomic<Unmanaged<Place>?>(nil)
}
