extension MapReduce {
    /// A job's map completion events in the order they happened (``MapCompletionEvent``), with
    /// the position of each map task's current success — Hadoop's `JobImpl`
    /// `mapAttemptCompletionEvents` and `successAttemptCompletionEventNoMap`.
    struct MapCompletionEventLog {
        /// Every event so far; an event's id is its position.
        private(set) var events: [MapCompletionEvent] = []
        /// For each map task, the id of its success event while no later event of the task has
        /// made it obsolete.
        private var successEvent: [Int?]

        /// An empty log for a job of `maps` map tasks.
        init(maps: Int) {
            successEvent = Array(repeating: nil, count: maps)
        }

        /// Appends that `attempt` of map task `mapIndex` ended with `status` (its output at
        /// `location` for a success). As `JobImpl`'s `TaskAttemptCompletedEventTransition`: any
        /// event of a task whose success is on record makes that success ``MapCompletionEvent/Status/obsolete``
        /// in place, and a success goes on record.
        ///
        /// - Complexity: O(1) amortised.
        mutating func append(_ status: MapCompletionEvent.Status, attempt: Int, map mapIndex: Int,
                             location: MapOutputLocation? = nil) {
            if let earlier = successEvent[mapIndex] {
                events[earlier].status = .obsolete
                successEvent[mapIndex] = nil
            }
            let id = events.count
            events.append(MapCompletionEvent(id: id, mapIndex: mapIndex, attempt: attempt, status: status, location: location))
            if status == .succeeded { successEvent[mapIndex] = id }
        }

        /// The events from id `first` on, at most `limit` of them: `JobImpl.getMapAttemptCompletionEvents`.
        ///
        /// - Complexity: O(the events returned).
        func events(from first: Int, limit: Int) -> [MapCompletionEvent] {
            guard first >= 0, first < events.count, limit > 0 else { return [] }
            return Array(events[first..<(first + min(limit, events.count - first))])
        }
    }
}
