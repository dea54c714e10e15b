import Simulator

/// What the MapReduce experiment measured that seed 001's claims talk about, as plain numbers:
/// the claims table (``Seed001ClaimsTable``) is a pure function of these and the claims.
public struct Seed001Measurements: Sendable, Equatable {
    /// One run of the scaling sweep.
    public struct ScalingPoint: Sendable, Equatable {
        /// Map workers.
        public var mappers: Int
        /// Map slots in all (mappers × slots per worker).
        public var slots: Int
        /// Map tasks of the job.
        public var mapTasks: Int
        /// Input events.
        public var events: Int
        /// The map phase, in seconds.
        public var mapPhaseSeconds: Double
        /// The whole job, in seconds.
        public var makespanSeconds: Double
        /// Seconds the map slots spent on map attempts, summed over every attempt.
        public var busySeconds: Double

        /// Creates a point.
        public init(mappers: Int, slots: Int, mapTasks: Int, events: Int, mapPhaseSeconds: Double, makespanSeconds: Double, busySeconds: Double) {
            self.mappers = mappers
            self.slots = slots
            self.mapTasks = mapTasks
            self.events = events
            self.mapPhaseSeconds = mapPhaseSeconds
            self.makespanSeconds = makespanSeconds
            self.busySeconds = busySeconds
        }

        /// Events mapped per second of map phase: the job's map throughput.
        public var eventsPerSecond: Double { mapPhaseSeconds > 0 ? Double(events) / mapPhaseSeconds : 0 }

        /// Events mapped per second of busy map slot: the rate of the work itself.
        public var eventsPerBusySecond: Double { busySeconds > 0 ? Double(events) / busySeconds : 0 }

        /// The share of the map phase the map slots were busy.
        public var utilisation: Double { mapPhaseSeconds > 0 ? busySeconds / (Double(slots) * mapPhaseSeconds) : 0 }

        /// Seconds each slot spent idle during the map phase, on average.
        public var idleSecondsPerSlot: Double { max(0, mapPhaseSeconds - busySeconds / Double(max(slots, 1))) }
    }

    /// Workers of the baseline cluster.
    public var workers: Int
    /// Map slots per worker.
    public var mapSlotsPerWorker: Int
    /// Reduce tasks (R) of the job.
    public var reduceTasks: Int
    /// Map tasks of the baseline job (one per split of its input); 0 when unknown.
    public var mapTasks: Int = 0
    /// Reduce slots per worker.
    public var reduceSlotsPerWorker: Int = 1
    /// The most map attempts running at one instant of the baseline job.
    public var peakConcurrentMaps: Int
    /// The most reduce attempts running at one instant of the baseline job.
    public var peakConcurrentReduces: Int
    /// The mean duration of the baseline's winning reduce attempts, in seconds.
    public var meanReduceTaskSeconds: Double
    /// How many workers ran the baseline's winning reduce attempts.
    public var reduceWorkers: Int
    /// The scaling sweep, by ascending mapper count.
    public var scaling: [ScalingPoint]
    /// The cost model of the cluster.
    public var cost: MapReduce.CostModel
    /// Per event of the baseline input: bytes read, records emitted, bytes of map output written.
    public var bytesPerEvent: Double
    /// Records the map function emitted per event.
    public var emittedPerEvent: Double
    /// Map output bytes written per event (after the combiner).
    public var outputBytesPerEvent: Double
    /// The mean duration of the baseline's winning map attempts, in seconds.
    public var meanMapTaskSeconds: Double
    /// Events per baseline map task.
    public var eventsPerMapTask: Double
    /// Seconds from the worker crash to the coordinator declaring its attempt lost.
    public var detectionSeconds: Double?
    /// Seconds from the worker crash to the lost task's next attempt starting.
    public var reschedulingSeconds: Double?
    /// Seconds from the worker crash to the lost task completing again.
    public var recoverySeconds: Double?
    /// The coordinator's heartbeat interval, worker timeout and monitor interval, in seconds.
    public var heartbeatSeconds: Double
    /// The silence after which a worker is declared dead.
    public var workerTimeoutSeconds: Double
    /// How often the coordinator checks for dead workers.
    public var monitorSeconds: Double
    /// Bytes the reduce tasks fetched with the combiner and without it.
    public var shuffledBytesWithCombiner: Int
    /// Bytes fetched with the combiner off.
    public var shuffledBytesWithoutCombiner: Int
    /// Records the map functions emitted, and records written after the combiner.
    public var emittedRecords: Int
    /// Records written to map output with the combiner on.
    public var combinedRecords: Int
    /// Map tasks of the combiner comparison.
    public var combinerMapTasks: Int
    /// Events of the baseline job.
    public var events: Int
    /// Its makespan, in seconds.
    public var makespanSeconds: Double
    /// Seconds from the baseline's submission to its first attempt: the wait for a worker to ask
    /// for work.
    public var firstAssignmentSeconds: Double
    /// The baseline's map phase.
    public var mapPhaseSeconds: Double
    /// The baseline's reduce phase.
    public var reducePhaseSeconds: Double
    /// The worker the failure run crashes, when it crashes, and whether it had started an attempt
    /// by then. A crash before its first task loses nothing, so there is no detection or
    /// rescheduling to judge the recovery claim by: it read "detected after —" and "does not hold".
    public var crashedWorker = ""
    public var crashSeconds = 0.0
    public var crashedWorkerHeldTask = true
    /// How the coordinator ended the crashed worker's lost attempt — `lost: no heartbeat for 15 s`
    /// (the worker timeout), `timed out` (the task timeout), a failed fetch — nil when nothing was
    /// lost: what the recovery prose is written from. It was written from the worker timeout
    /// alone, and said "declared dead once silent for 15 s … between 14 s and 15.5 s" beside a
    /// detection after 10 s by the task timeout.
    public var lostAttemptOutcome: MapReduce.AttemptOutcome?
    /// Seconds from the lost attempt's last progress to the crash (its progress stops there).
    public var lastProgressBeforeCrashSeconds: Double?
    /// The coordinator's task timeout (an attempt without progress this long is timed out) and
    /// the backoff before a task's retry after its first counted failure, in seconds.
    public var taskTimeoutSeconds = 10.0
    public var backoffSeconds = 1.0

    /// The CPU time the cost model charges one event of the baseline input, in seconds.
    public var cpuSecondsPerEvent: Double {
        cost.mapPerRecord.seconds + bytesPerEvent * cost.mapPerByte.seconds + emittedPerEvent * cost.mapPerEmittedRecord.seconds
            + outputBytesPerEvent * cost.spillPerByte.seconds
    }

    /// The sweep's point for `mappers`, if it ran.
    public func point(_ mappers: Int) -> ScalingPoint? { scaling.first { $0.mappers == mappers } }

    /// Throughput at `mappers` over `mappers` × the single mapper's: 1 is perfectly linear.
    public func efficiency(_ mappers: Int) -> Double? {
        guard let one = point(1)?.eventsPerSecond, one > 0, let many = point(mappers)?.eventsPerSecond else { return nil }
        return many / (Double(mappers) * one)
    }
}
