/// Faults at fixed virtual instants plus faults drawn from seeded rates ("chaos"), expanded into
/// one ordered timeline before the run starts so that a fault run replays exactly and the report
/// can list every fault that happened.
public struct FaultSchedule: Sendable, Equatable {
    /// One fault at one instant.
    public struct Entry: Sendable, Equatable {
        public var at: VirtualInstant
        public var fault: Fault
        /// For the report only (the network ignores it): the `for:` a file wrote for a level whose
        /// end the loader left out, a later one of its target outlasting it, or for a partition a
        /// later one replaced before its heal (``LevelWindows``).
        public var writtenLength: Duration? = nil
        /// For the report only: what the network did with it, copied after the run from its
        /// record (``FaultsWithoutEffect/outcomes(of:)``); nil before.
        public var outcome: FaultOutcome? = nil
        public init(at: VirtualInstant, fault: Fault) {
            self.at = at
            self.fault = fault
        }
    }

    /// Crashes drawn as a Poisson process per node, each followed by a restart after a downtime.
    public struct Chaos: Sendable, Equatable {
        /// The nodes that may crash.
        public var nodes: [NodeID]
        /// Mean crashes per node per virtual hour.
        public var crashesPerHour: Double
        /// How long a crashed node stays down before it restarts, in seconds.
        public var downtime: Distribution
        /// Mean pauses per node per virtual hour.
        public var pausesPerHour: Double
        /// How long a pause lasts, in seconds.
        public var pauseLength: Distribution

        public init(nodes: [NodeID], crashesPerHour: Double = 0, downtime: Distribution = .constant(5),
                    pausesPerHour: Double = 0, pauseLength: Distribution = .constant(1)) {
            self.nodes = nodes
            self.crashesPerHour = crashesPerHour
            self.downtime = downtime
            self.pausesPerHour = pausesPerHour
            self.pauseLength = pauseLength
        }
    }

    /// The faults at fixed instants.
    public var entries: [Entry]
    /// Optional seeded random faults.
    public var chaos: Chaos?

    public init(entries: [Entry] = [], chaos: Chaos? = nil) {
        self.entries = entries
        self.chaos = chaos
    }

    /// Every fault up to `horizon`, scheduled and drawn, in (instant, order of listing) order.
    ///
    /// Chaos draws come from the stream `faults.chaos.<node>` of `seed`, one per node, so adding a
    /// node never changes another node's faults.
    public func timeline(seed: UInt64, horizon: VirtualInstant) -> [Entry] {
        var all = entries.filter { $0.at <= horizon }
        if let chaos {
            for node in chaos.nodes {
                all += chaos.draw(for: node, seed: seed, horizon: horizon)
            }
        }
        // A stable sort keeps listing order for faults at the same instant.
        return all.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
    }
}

extension FaultSchedule.Chaos {
    func draw(for node: NodeID, seed: UInt64, horizon: VirtualInstant) -> [FaultSchedule.Entry] {
        var random = SeededRandom(seed: seed, stream: "faults.chaos.\(node.name)")
        let eventsPerHour = crashesPerHour + pausesPerHour
        guard eventsPerHour > 0 else { return [] }
        let meanGap = Distribution.exponential(mean: 3600 / eventsPerHour)
        var entries: [FaultSchedule.Entry] = []
        var t = VirtualInstant.zero
        while true {
            t = t.advanced(by: meanGap.sampleDuration(using: &random))
            guard t <= horizon else { break }
            if random.nextUnitInterval() * eventsPerHour < crashesPerHour {
                let down = downtime.sampleDuration(using: &random)
                entries.append(.init(at: t, fault: .crash(node)))
                t = t.advanced(by: down)
                if t <= horizon { entries.append(.init(at: t, fault: .restart(node, bootTime: .zero))) }
            } else {
                let length = pauseLength.sampleDuration(using: &random)
                entries.append(.init(at: t, fault: .pause(node, duration: length)))
                t = t.advanced(by: length)
            }
        }
        return entries
    }
}
