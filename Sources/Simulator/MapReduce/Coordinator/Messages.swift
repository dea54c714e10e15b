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
        /// Where the map outputs are, for a reduce task (one per map task, in map order): nil for
        /// a map task not completed yet — being re-executed, or not run yet when the reducer
        /// starts before the last map completes (reduce slow start).
        let mapOutputs: [MapOutputLocation?]
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
        /// Attempts the worker should stop (killed, timed out, or of a finished job).
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
    /// reducers poll for map completion events: it reports the map outputs it could not fetch,
    /// and asks where every map output is now.
    struct ShuffleQuery: Sendable {
        let worker: NodeID
        let incarnation: UInt64
        let jobID: String
        let attempt: Int
        /// The fetches that failed since the coordinator last answered.
        let failures: [FetchFailureNotice]
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
