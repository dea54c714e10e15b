extension MapReduce {
    /// One entry of a job's map completion events: what Hadoop's reducers read to learn where
    /// map outputs are (MRv2's `JobImpl.mapAttemptCompletionEvents`, read through
    /// `TaskUmbilicalProtocol.getMapCompletionEvents(jobId, fromEventId, maxEvents, …)`).
    ///
    /// The coordinator appends one as a map attempt ends while its task is not completed, and
    /// one as a completed map's output is lost, never removing any: a reducer keeps the id of the next event it has not read and asks
    /// only for those after it, so a poll costs the events since the last one, not one entry per
    /// map.
    struct MapCompletionEvent: Sendable, Equatable {
        /// How the attempt ended, as Hadoop's `TaskCompletionEvent.Status` says it. Its
        /// `TIPFAILED`, for an attempt that used up its task's attempts, is not sent: such a task
        /// fails the whole job at once here (there is no `mapreduce.map.failures.maxpercent`),
        /// and the job's reducers are killed with it.
        enum Status: Sendable, Equatable {
            /// The attempt's output is the map task's: fetch it from ``MapCompletionEvent/location``.
            case succeeded
            /// The attempt failed or timed out before its task completed, or its output, the
            /// task's, became unfetchable (Hadoop's `TooManyFetchFailureTransition`: reducers
            /// could not fetch it, its worker lost its disk, the shuffle store lost it).
            case failed
            /// The attempt was lost or killed before its task completed, or the worker holding
            /// its output, the task's, was declared lost or restarted (Hadoop's
            /// `KilledAfterSuccessTransition` when a node is lost).
            case killed
            /// A ``succeeded`` event whose output has since been lost: Hadoop's `JobImpl`
            /// rewrites the task's earlier success in place when a later event of the task
            /// arrives, so a reducer reading it for the first time does not fetch it.
            case obsolete
        }

        /// How Hadoop's `TaskImpl` reports an attempt that ended with `outcome` while its task
        /// was not completed: `FAILED` for one that failed or timed out, `KILLED` for one lost
        /// with its worker or killed; nil for a completion (a success is its own event, and a
        /// duplicate comes after the task's success, which Hadoop's `SUCCEEDED` state does not
        /// report) and for one still running.
        static func status(ending outcome: AttemptOutcome) -> Status? {
            switch outcome {
            case .failed, .timedOut: return .failed
            case .lost, .killed: return .killed
            case .running, .succeeded, .duplicate: return nil
            }
        }

        /// Its position in the job's list: what a reducer's `fromEventId` counts.
        let id: Int
        /// The map task.
        let mapIndex: Int
        /// The attempt it is about.
        let attempt: Int
        /// How that attempt ended; ``Status/succeeded`` becomes ``Status/obsolete`` in place.
        var status: Status
        /// Where the attempt's output is, for a success (and a success since made obsolete).
        let location: MapOutputLocation?

        /// The most events a reducer asks for at once: Hadoop's `Shuffle.run`,
        /// `min(MAX_EVENTS_TO_FETCH = 10,000, max(MIN_EVENTS_TO_FETCH = 100,
        /// MAX_RPC_OUTSTANDING_EVENTS = 3,000,000 / reducers))`, so that the reducers of a job
        /// with many of them do not hold millions of events in the coordinator's answers at
        /// once. 10,000 up to 300 reducers, 300 at Orrery's largest, 10,000. A full answer is
        /// followed at once by another question (Hadoop's `EventFetcher` asks again while its
        /// answer is full).
        static func maxEventsToFetch(reducers: Int) -> Int {
            min(10_000, max(100, 3_000_000 / max(reducers, 1)))
        }
    }
}
