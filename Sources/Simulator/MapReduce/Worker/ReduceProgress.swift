extension MapReduce {
    /// A reduce attempt's progress as Hadoop's `ReduceTask` counts it, the figure LATE's
    /// speculation divides by the attempt's running time: three phases of equal weight —
    /// `copyPhase = getProgress().addPhase("copy")`, `sortPhase = …addPhase("sort")`,
    /// `reducePhase = …addPhase("reduce")` — so that, as `Progress.getInternal` adds them up, an
    /// attempt in phase *k* (0, 1, 2) with that phase *s* done has progress (*k* + *s*) / 3.
    ///
    /// - copy: *s* is the share of the map outputs copied (`ShuffleSchedulerImpl.updateStatus`,
    ///   `mapsDone / totalMaps`), so an early reducer waiting for maps stays below a third;
    /// - sort: the merge of the copied outputs (``CostModel/mergeTime(records:)``), *s* the share
    ///   of it done;
    /// - reduce: the reduce function over each key, *s* the share of its time done.
    ///
    /// Hadoop adds the phases in single precision; these are doubles, a difference in the eighth
    /// digit that no decision here is near.
    enum ReduceProgress {
        /// The progress of an attempt that has copied `copied` of `maps` map outputs.
        static func copy(copied: Int, of maps: Int) -> Double {
            phase(0, done: Double(copied) / Double(max(maps, 1)))
        }

        /// The progress of an attempt `done` nanoseconds into the work after its copy — a merge
        /// of `merge` nanoseconds, then the reduce function, `total` nanoseconds in all.
        static func afterCopy(done: Int64, merge: Int64, total: Int64) -> Double {
            if done <= merge { return phase(1, done: merge > 0 ? Double(done) / Double(merge) : 1) }
            return phase(2, done: Double(done - merge) / Double(total - merge))
        }

        /// (`completedPhases` + `done`) / 3: `done` of the phase after `completedPhases` phases.
        private static func phase(_ completedPhases: Int, done: Double) -> Double {
            (Double(completedPhases) + done) / 3
        }
    }
}
