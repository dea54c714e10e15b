import Simulator

/// One job on a fresh simulated cluster, run to its end: the building block of
/// `orrery mapreduce` and of `orrery experiment mapreduce`.
///
/// The input documents are handed to the job directly, or first published to a partitioned-log
/// topic (line *i* to partition *i* mod *P*, in zero virtual time, as if the topic had filled
/// before the job) that the map tasks then read over the network.
public struct MapReduceJobRun: Sendable {
    /// What to run.
    public struct Setup: Sendable {
        /// The seed of the simulation and of the chaos timeline.
        public var seed: UInt64
        /// The cluster.
        public var cluster: MapReduce.ClusterConfiguration
        /// The job's id in reports.
        public var jobID: String
        /// The job.
        public var job: MapReduceScenario.JobSpec
        /// How the documents reach the job (split size, or a log topic).
        public var input: MapReduceInput
        /// Faults at fixed instants.
        public var faults: [MapReduce.ClusterFault.Entry]
        /// Seeded random faults, drawn from `seed`.
        public var chaos: MapReduce.ClusterChaos?
        /// The run fails if the job is not over by then.
        public var timeLimit: Duration
        /// The run fails after this many events.
        public var eventLimit: UInt64

        /// Creates a setup; see the properties for the meaning of each argument.
        public init(seed: UInt64, cluster: MapReduce.ClusterConfiguration, jobID: String, job: MapReduceScenario.JobSpec,
                    input: MapReduceInput, faults: [MapReduce.ClusterFault.Entry] = [], chaos: MapReduce.ClusterChaos? = nil,
                    timeLimit: Duration = .seconds(3_600), eventLimit: UInt64 = 2_000_000_000) {
            self.seed = seed
            self.cluster = cluster
            self.jobID = jobID
            self.job = job
            self.input = input
            self.faults = faults
            self.chaos = chaos
            self.timeLimit = timeLimit
            self.eventLimit = eventLimit
        }
    }

    /// The job's final report, if it finished.
    public var report: MapReduce.JobReport?
    /// Why the job was refused before it ran, if it was.
    public var rejection: String?
    /// Why the simulation stopped early (deadlock, time or event limit), if it did.
    public var failure: String?
    /// The digest of every event: equal digests mean identical runs.
    public var digest: String
    /// Events processed.
    public var events: UInt64
    /// Virtual time when the run ended.
    public var virtualSeconds: Double
    /// The workers' node names, in order.
    public var workers: [String]
    /// Every fault applied, scheduled and drawn, in time order.
    public var faults: [MapReduce.ClusterFault.Entry]

    /// Runs `setup` over `documents`.
    public static func run(_ setup: Setup, documents: [MapReduce.Document]) -> MapReduceJobRun {
        let simulation = Simulation(seed: setup.seed)
        let cluster = MapReduce.Cluster(simulation: simulation, configuration: setup.cluster)
        let request = MapReduce.JobRequest(id: setup.jobID, job: setup.job.job, input: setup.input.jobInput(documents),
                                           reducers: setup.job.reducers, combining: setup.job.combining)
        let submission = SubmissionSlot()
        if let log = setup.input.log {
            let lines = documents.flatMap(\.records).map { Array($0.line) }
            simulation.spawn("publisher") { _ in
                do {
                    try await cluster.log.createTopic(log.topic, partitions: log.partitions)
                    for line in lines { _ = try await cluster.log.append(to: log.topic, key: nil, value: line) }
                } catch {
                    submission.rejection = "the input could not be published to topic '\(log.topic)': \(error)"
                    return
                }
                submission.submit(request, to: cluster)
            }
        } else {
            submission.submit(request, to: cluster)
        }
        var timeline = setup.faults
        if let chaos = setup.chaos {
            timeline += chaos.timeline(seed: setup.seed, workers: cluster.workerIDs, coordinator: cluster.coordinator.id,
                                       others: cluster.serviceIDs)
        }
        timeline = timeline.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
        cluster.schedule(timeline)
        var failure: String?
        do {
            try simulation.runToCompletion(timeLimit: .after(setup.timeLimit), eventLimit: setup.eventLimit)
        } catch {
            failure = error.description
        }
        let run = MapReduceJobRun(
            report: submission.handle?.report, rejection: submission.rejection ?? submission.handle?.rejection?.description,
            failure: failure, digest: simulation.trace.digestHex, events: simulation.executor.eventsProcessed,
            virtualSeconds: simulation.now.seconds, workers: cluster.workerIDs.map(\.name), faults: timeline)
        // The daemons (heartbeats, the monitor) would keep this world's timers, and so the world, alive.
        simulation.tearDown()
        return run
    }
}

/// The handle of a job submitted from inside the simulation, or why it was refused.
///
/// `@unchecked Sendable`: written before the run or by one task on the simulation thread, read
/// after the run.
final class SubmissionSlot: @unchecked Sendable {
    var handle: MapReduce.JobHandle?
    var rejection: String?

    func submit(_ request: MapReduce.JobRequest, to cluster: MapReduce.Cluster) {
        do {
            handle = try cluster.submit(request)
        } catch {
            rejection = error.description
        }
    }
}
