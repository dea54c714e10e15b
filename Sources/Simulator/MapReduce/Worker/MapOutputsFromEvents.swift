extension MapReduce {
    /// Where a reducer's map outputs are, as the map completion events it has read say: a
    /// location for each map whose latest success no later event made obsolete.
    struct MapOutputsFromEvents: Sendable {
        /// Where each map output is; nil while no event read says it exists.
        private(set) var locations: [MapOutputLocation?]
        /// The id of the first event not read yet: the next question's `fromEventId`.
        private(set) var nextEventID = 0

        /// Nothing known yet, for a job of `maps` map tasks.
        init(maps: Int) {
            locations = Array(repeating: nil, count: maps)
        }

        /// Reads `events`, the ones from ``nextEventID`` on, as Hadoop's
        /// `ShuffleSchedulerImpl.resolve` does: a success says where its output is; a failed,
        /// killed or obsolete event of the attempt whose output is known says it is gone — of
        /// another attempt, it changes nothing. The latest event of a map decides, so that what
        /// a reducer knows after reading every event is where the coordinator has the map's
        /// output now — even for an attempt declared lost whose late answer completes its task
        /// (``LateAnswer``), whose success comes after its `killed`; Hadoop, whose attempts
        /// cannot come back, keeps such an attempt obsolete for good.
        mutating func read(_ events: some Collection<MapCompletionEvent>) {
            for event in events where locations.indices.contains(event.mapIndex) {
                switch event.status {
                case .succeeded:
                    locations[event.mapIndex] = event.location
                case .failed, .killed, .obsolete:
                    if locations[event.mapIndex]?.attempt == event.attempt { locations[event.mapIndex] = nil }
                }
            }
            nextEventID += events.count
        }
    }
}
