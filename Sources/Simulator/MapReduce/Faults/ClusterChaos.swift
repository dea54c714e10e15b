extension MapReduce {
    /// Seeded random faults over a cluster for a limited time: worker crashes (each followed by
    /// a restart), pauses, slowdowns, network partitions (each followed by its heal, unless a
    /// later partition replaced it first), lost intermediate data and coordinator restarts. Each
    /// kind is a Poisson process at its own rate; every fault has ended shortly after the
    /// horizon, so a job can always finish.
    public struct ClusterChaos: Sendable, Equatable {
        /// Faults start only before this much virtual time.
        public var horizon: Duration
        /// Worker crashes per minute (whole cluster).
        public var workerCrashesPerMinute: Double
        /// How long a crashed worker stays down, in seconds.
        public var workerDowntime: Distribution
        /// Worker pauses per minute.
        public var pausesPerMinute: Double
        /// How long a pause lasts, in seconds.
        public var pauseLength: Distribution
        /// Worker slowdowns per minute.
        public var slowdownsPerMinute: Double
        /// How much slower a slowed worker is: each draw held to 1 … 10⁶ in thousandths
        /// (``slowdown(_:)``).
        public var slowFactor: Distribution
        /// How long a slowdown lasts, in seconds.
        public var slowLength: Distribution
        /// Partitions per minute, each cutting a random set of nodes (neither none nor all) off
        /// from the rest.
        public var partitionsPerMinute: Double
        /// How long a partition lasts, in seconds.
        public var partitionLength: Distribution
        /// Local-disk wipes per minute.
        public var lostIntermediatePerMinute: Double
        /// Coordinator restarts per minute.
        public var coordinatorRestartsPerMinute: Double
        /// How long the coordinator stays down, in seconds.
        public var coordinatorDowntime: Distribution

        /// Creates a chaos plan; the defaults hit a small cluster several times a minute with
        /// every kind of fault.
        public init(horizon: Duration = .seconds(60), workerCrashesPerMinute: Double = 2,
                    workerDowntime: Distribution = .uniform(min: 1, max: 15), pausesPerMinute: Double = 2,
                    pauseLength: Distribution = .uniform(min: 0.5, max: 12), slowdownsPerMinute: Double = 1,
                    slowFactor: Distribution = .uniform(min: 2, max: 8), slowLength: Distribution = .uniform(min: 2, max: 20),
                    partitionsPerMinute: Double = 1, partitionLength: Distribution = .uniform(min: 1, max: 12),
                    lostIntermediatePerMinute: Double = 1, coordinatorRestartsPerMinute: Double = 0.5,
                    coordinatorDowntime: Distribution = .uniform(min: 0.5, max: 8)) {
            self.horizon = horizon
            self.workerCrashesPerMinute = workerCrashesPerMinute
            self.workerDowntime = workerDowntime
            self.pausesPerMinute = pausesPerMinute
            self.pauseLength = pauseLength
            self.slowdownsPerMinute = slowdownsPerMinute
            self.slowFactor = slowFactor
            self.slowLength = slowLength
            self.partitionsPerMinute = partitionsPerMinute
            self.partitionLength = partitionLength
            self.lostIntermediatePerMinute = lostIntermediatePerMinute
            self.coordinatorRestartsPerMinute = coordinatorRestartsPerMinute
            self.coordinatorDowntime = coordinatorDowntime
        }

        /// The largest slowdown factor: the most a file's `slow.factor` may say, so a slowdown
        /// `shrink` writes out as a fault loads again.
        public static let largestSlowdown = 1_000_000.0

        /// A slowdown factor from a raw draw of ``slowFactor``: held to 1 … ``largestSlowdown``
        /// and rounded to thousandths. A chaos slowdown makes a worker slower, never faster or
        /// stopped: raw draws of a `normal` were applied as drawn, and ×−0.39 or ×0 made a worker
        /// do the rest of its map work in no time (N3, s77) — so a draw below 1 is no slowdown (×1),
        /// as a duration's draw below 0 is 0; a heavy tail's draw, infinite even, is ×10⁶ (it
        /// printed `×inf`, C2, s74). Thousandths print short in reports (`slow worker-1 ×3.142`, not
        /// `×3.1415926535897927`) and are the figure a file could write.
        public static func slowdown(_ draw: Double) -> Double {
            guard draw > 1 else { return 1 }
            return (Swift.min(draw, largestSlowdown) * 1_000).rounded() / 1_000
        }

        /// How many faults of every kind the rates draw over the horizon, on average.
        public var expectedFaults: Double {
            let perMinute = workerCrashesPerMinute + pausesPerMinute + slowdownsPerMinute + partitionsPerMinute
                + lostIntermediatePerMinute + coordinatorRestartsPerMinute
            return perMinute * horizon.seconds / 60
        }

        /// The faults for `seed` over `workers` and `coordinator` (and `others` — the shuffle
        /// store, the log — which partitions may also cut off), sorted by time.
        public func timeline(seed: UInt64, workers: [NodeID], coordinator: NodeID, others: [NodeID] = []) -> [ClusterFault.Entry] {
            precondition(!workers.isEmpty, "chaos needs at least one worker")
            var random = SeededRandom(seed: seed, stream: "mapreduce.chaos")
            var entries: [ClusterFault.Entry] = []
            func instants(_ perMinute: Double) -> [VirtualInstant] {
                guard perMinute > 0 else { return [] }
                var times: [VirtualInstant] = []
                var t = VirtualInstant.zero
                while true {
                    t = t.advanced(by: Distribution.exponential(mean: 60 / perMinute).sampleDuration(using: &random))
                    guard t < .after(horizon) else { return times }
                    times.append(t)
                }
            }
            func anyWorker() -> NodeID { workers[Int(random.next() % UInt64(workers.count))] }
            for t in instants(workerCrashesPerMinute) {
                let worker = anyWorker()
                entries.append(.init(at: t, .network(.crash(worker))))
                entries.append(.init(at: t.advanced(by: workerDowntime.sampleDuration(using: &random)), .network(.restart(worker, bootTime: .zero))))
            }
            for t in instants(pausesPerMinute) {
                entries.append(.init(at: t, .network(.pause(anyWorker(), duration: pauseLength.sampleDuration(using: &random)))))
            }
            // Two slowdowns of one worker that overlap, or two partitions: the earlier one's end
            // does not end the later one (``LevelWindows``), as a file's `slow … for:` and
            // `partition … for:` and this schedule written out by `shrink` apply.
            var windows: [LevelWindows.Window] = []
            for t in instants(slowdownsPerMinute) {
                let worker = anyWorker()
                let start = LevelWindows.Window.Key(at: t.nanoseconds, index: entries.count)
                let factor = Self.slowdown(slowFactor.sample(using: &random))
                let end = t.advanced(by: slowLength.sampleDuration(using: &random))
                // A draw of no slowdown (×1) schedules nothing: listed, it read `slow worker-2
                // ×1.0`, and ended a slowdown in force. Its length is drawn all the same, so every
                // draw after it is what it was.
                guard factor > 1 else { continue }
                entries.append(.init(at: t, .network(.slow(worker, factor: factor))))
                windows.append(.init(target: "slow \(worker)", start: start, end: .init(at: end.nanoseconds, index: entries.count)))
                entries.append(.init(at: end, .network(.slow(worker, factor: 1))))
            }
            let everyone = [coordinator] + workers + others
            for t in instants(partitionsPerMinute) {
                // Each node is on the cut side with even odds, and a draw of none or all — no
                // partition — is drawn again, so every instant the rate draws is a partition: with
                // the draw dropped, 3 nodes had 75 % of `partitions_per_minute` (N4, s77).
                // `everyone` has at least 2 nodes, so at least half the draws are kept.
                var cut: [NodeID]
                repeat { cut = everyone.filter { _ in random.chance(0.5) } } while cut.isEmpty || cut.count == everyone.count
                let start = LevelWindows.Window.Key(at: t.nanoseconds, index: entries.count)
                entries.append(.init(at: t, .network(.partition([cut]))))
                let heal = t.advanced(by: partitionLength.sampleDuration(using: &random))
                windows.append(.partition(start: start, end: .init(at: heal.nanoseconds, index: entries.count)))
                entries.append(.init(at: heal, .network(.heal)))
            }
            for t in instants(lostIntermediatePerMinute) {
                entries.append(.init(at: t, .loseIntermediateData(anyWorker())))
            }
            for t in instants(coordinatorRestartsPerMinute) {
                entries.append(.init(at: t, .network(.crash(coordinator))))
                entries.append(.init(at: t.advanced(by: coordinatorDowntime.sampleDuration(using: &random)), .network(.restart(coordinator, bootTime: .zero))))
            }
            // A slowdown or partition whose end is left out keeps its drawn length for the report's
            // list and for `shrink`, which writes it with that `for:`.
            let leftOut = LevelWindows.superseded(windows)
            for window in windows {
                guard let end = window.end, leftOut.contains(end.index) else { continue }
                entries[window.start.index].writtenLength = .nanoseconds(end.at - window.start.at)
            }
            entries = LevelWindows.removing(leftOut, from: entries)
            return entries.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
        }
    }
}
