extension MapReduce {
    /// Where a completed map task's output can be fetched from.
    public struct MapOutputLocation: Sendable, Hashable {
        /// The map task.
        public let mapIndex: Int
        /// The worker that ran the attempt whose output this is.
        public let worker: NodeID
        /// That attempt's number (the key of the output on the worker or in the store).
        public let attempt: Int
        /// The incarnation of the worker's node that wrote it (a restart loses local output).
        public let incarnation: UInt64
        /// Whether it sits in the shuffle store rather than on the worker's disk.
        public let inShuffleStore: Bool
        /// Encoded bytes of each reduce partition.
        public let partitionBytes: [Int]
    }

    /// What a worker is told to run: everything the attempt needs, in one message.
    struct Assignment: Sendable {
        let attempt: Int
        let jobID: String
        let task: TaskID
        let job: any Job
        let reducers: Int
        let combining: Bool
        /// The input of a map task.
        let split: Split?
        /// The job's number of map tasks (the map outputs a reduce task fetches).
        let mapTasks: Int
        /// For a reduce task, the job's first map completion events, at most
        /// ``MapCompletionEvent/maxEventsToFetch(reducers:)``: the answer to the reducer's first
        /// question (`fromEventID` 0), given with the task — where the map outputs completed so
        /// far are. Empty for a map task.
        let mapCompletionEvents: [MapCompletionEvent]
    }

    /// One running attempt's progress as its worker measures it.
    struct AttemptStatus: Sendable {
        let attempt: Int
        /// Fraction of the work done, 0…1.
        let progress: Double
    }

    /// A worker's periodic "I am alive, this is what I run, this is what I can take".
    struct Heartbeat: Sendable {
        let worker: NodeID
        let incarnation: UInt64
        let running: [AttemptStatus]
        let freeMapSlots: Int
        let freeReduceSlots: Int
        /// The worker's bound on concurrent map tasks.
        let mapSlots: Int
        /// The worker's bound on concurrent reduce tasks.
        let reduceSlots: Int
    }

    /// The coordinator's answer to a heartbeat or a report.
    struct Directives: Sendable {
        var assignments: [Assignment] = []
        /// Attempts the worker should stop (killed, timed out, declared lost, or of a finished job):
        /// it stops them before it starts the assignments, so their slots are free for those.
        var abort: [Int] = []
        /// Jobs that are over: the worker can delete their intermediate data.
        var finishedJobs: [String] = []
    }

    /// Why an attempt could not finish, as its worker reports it.
    enum TaskFailure: Sendable, Equatable {
        /// The job's map or reduce function threw, or intermediate data did not decode.
        case jobError(String)
        /// A map task could not read its input from the log.
        case inputUnavailable(String)
        /// A map task could not write its output to the shuffle store.
        case storeUnavailable(String)
        /// The worker had no free slot of that kind (its bound on concurrent tasks).
        case rejected
    }

    /// A map output a reduce attempt could not fetch: its worker did not answer or no longer
    /// holds it, or the shuffle store did not have it.
    struct FetchFailureNotice: Sendable, Equatable {
        /// Where the reducer was told the output is.
        let location: MapOutputLocation
        /// Why the fetch failed.
        let reason: String
        /// When the worker holding it answered without it (its disk was wiped): the attempts
        /// whose output of the job it still holds. Nil when it did not answer (down, paused, cut
        /// off), and for the shuffle store.
        let held: [Int]?
    }

    /// A running reduce attempt's question to the coordinator while it shuffles, as Hadoop's
    /// reducers poll for map completion events (`getMapCompletionEvents`): it reports the map
    /// outputs it could not fetch, and asks for the events it has not read.
    struct ShuffleQuery: Sendable {
        let worker: NodeID
        let incarnation: UInt64
        let jobID: String
        let attempt: Int
        /// The fetches that failed since the coordinator last answered.
        let failures: [FetchFailureNotice]
        /// The id of the first event the reducer has not read.
        let fromEventID: Int
        /// The most events it takes in one answer (``MapCompletionEvent/maxEventsToFetch(reducers:)``).
        let maxEvents: Int
    }

    /// What an attempt produced.
    enum TaskResult: Sendable {
        case mapped(MapStatistics, partitionBytes: [Int], inShuffleStore: Bool)
        case reduced(ReduceTaskOutput, fetchedBytes: Int)
        case failed(TaskFailure)
    }

    /// A worker's report that one attempt ended.
    struct TaskReport: Sendable {
        let worker: NodeID
        let incarnation: UInt64
        let jobID: String
        let attempt: Int
        let result: TaskResult
        let freeMapSlots: Int
        let freeReduceSlots: Int
        let mapSlots: Int
        let reduceSlots: Int
    }
}
