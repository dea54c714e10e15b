extension MapReduce {
    /// When a job's reduce tasks may be scheduled: once a share of its map tasks has completed —
    /// Hadoop's reduce slow start (`mapreduce.job.reduce.slowstart.completedmaps`, MRv1's
    /// `mapred.reduce.slowstart.completed.maps`, 0.05 by default there).
    ///
    /// A reducer started before the last map completes is not idle: as Hadoop's reducer polls the
    /// job for map-completion events and fetches each output as it appears (Hadoop 2's
    /// `EventFetcher` and `ShuffleSchedulerImpl`, Hadoop 1's `ReduceCopier.GetMapEventsThread`),
    /// the reduce attempt here fetches the outputs that exist, asks the coordinator for the others
    /// every heartbeat interval — the path it already takes to wait for re-executed outputs
    /// (``Worker/shuffle(_:startedIn:)``, ``Coordinator/shuffle(_:)``) — and runs the reduce
    /// function only once it holds every map's output. Starting early overlaps the shuffle with
    /// the map phase.
    ///
    /// Workers have separate map and reduce slots (MRv1 TaskTracker style), so a reducer that
    /// waits for maps never holds a slot a map could use: Hadoop 2's reducer ramp-up limit
    /// (`mapreduce.job.reduce.rampup.limit`) and its preemption of reducers to make room for maps
    /// (`RMContainerAllocator.preemptReducesIfNeeded`) answer a shared container pool's
    /// problem that this cluster does not have, and are not modelled.
    public struct ReduceSlowstart: Sendable, Equatable {
        /// The shares a job may ask for.
        public static let shares: ClosedRange<Double> = 0...1

        /// Reducers only after every map: this simulator's default (Hadoop's is 0.05).
        public static let afterEveryMap = 1.0

        /// Map tasks that must be completed at once before reduce tasks are handed out.
        let completedMaps: Int

        /// The rule for a job of `maps` map tasks and a share `share` (in ``shares``): at least
        /// ⌈share × maps⌉ completed maps, computed as Hadoop computes it — in single precision,
        /// `(int) Math.ceil(slowStart * totalMaps)` with the share read by `Configuration.getFloat`
        /// (Hadoop 2's `RMContainerAllocator`, Hadoop 1's `JobInProgress.initTasks`), so that a
        /// share lands on the same threshold as in Hadoop. A share of 1 waits for every map, as
        /// the ceiling of `maps` is `maps`.
        public init(share: Double, maps: Int) {
            let threshold = (Float(share) * Float(maps)).rounded(.up)
            completedMaps = threshold >= Float(maps) ? maps : threshold > 0 ? Int(threshold) : 0
        }

        /// Whether reduce tasks may be scheduled with `completed` map tasks completed now. As in
        /// MRv1 (`JobInProgress.scheduleReduces`), it is the count now: map outputs lost since
        /// count no more, so that while re-executed maps bring it back under the threshold no
        /// further reducer starts (a reducer already running keeps waiting for them).
        func allowsReduces(completedMaps completed: Int) -> Bool { completed >= completedMaps }
    }
}
