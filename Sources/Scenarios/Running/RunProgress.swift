import Reports
import Simulator
import Synchronization

/// How far a command's runs have come, for a progress display: the worlds started and done (of
/// every experiment and sweep, through ``ParallelWorlds``) and the virtual time and events of the
/// world running on the command's own thread. Bound with ``current`` by the command line; nothing
/// in a run reads it back, so it cannot change what a run does.
public final class RunProgress: Sendable {
    /// The progress the runs of the current command report to, when something displays it.
    @TaskLocal public static var current: RunProgress?

    /// What has happened so far.
    public struct Snapshot: Sendable, Equatable {
        public var worldsTotal = 0
        public var worldsDone = 0
        /// Virtual time reached by the world running on the command's thread.
        public var virtualTime: VirtualInstant = .zero
        /// Events of that world so far.
        public var events: UInt64 = 0

        /// `virtual 12.5 s · 1,234,567 events · worlds 3/40`, the parts that are known.
        public var text: String {
            var parts: [String] = []
            if events > 0 {
                parts.append("virtual \(DurationFormat.seconds(virtualTime.seconds, grouping: true))")
                parts.append("\(NumberFormat.integer(events)) events")
            }
            if worldsTotal > 1 { parts.append("worlds \(worldsDone)/\(worldsTotal)") }
            return parts.joined(separator: " · ")
        }
    }

    private let state = Mutex(Snapshot())

    public init() {}

    public var snapshot: Snapshot { state.withLock { $0 } }

    /// `count` more worlds will run.
    func planned(_ count: Int) { state.withLock { $0.worldsTotal += count } }

    /// One world is done.
    func finishedWorld() { state.withLock { $0.worldsDone += 1 } }

    /// The world on the command's thread reached `instant` after `events` events.
    func reached(_ instant: VirtualInstant, events: UInt64) {
        state.withLock {
            $0.virtualTime = instant
            $0.events = events
        }
    }
}
