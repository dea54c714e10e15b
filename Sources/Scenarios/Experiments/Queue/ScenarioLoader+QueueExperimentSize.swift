import Reports
import Simulator

extension ScenarioLoader {
    /// The most work the queue experiment's worlds may do in all, in messages sent: those, the
    /// brokers' and consumers' heartbeats, the brokers' catch-up rounds, and the consumers' fetches, summed over its runs
    /// and its swarm's seeds (about 25 s; the shipped file does about 0.35 M, 0.1 M of it fetches).
    static let queueExperimentMostWork = 5_000_000.0

    /// Checks the queue experiment's worlds, each sized alone by the queue section's checks,
    /// against ``queueExperimentMostWork`` together: 10,000 swarm seeds of a million messages each
    /// held 3 GB after 40 s. The error is at `swarm` when the swarm does most of the work, else at
    /// `runs`.
    static func checkQueueExperimentWork(_ spec: QueueExperimentSpec, swarm: YAMLCursor?, runs: YAMLCursor?, at cursor: YAMLCursor) throws(ScenarioError) {
        // Every partition's copies catch up every round: a round of a copy costs about an eighth
        // of a message (measured: 100 topics of 1,000 partitions ran past a minute).
        let copies = Double(spec.topics.reduce(0) { $0 + $1.partitions } * spec.configuration.replication)
        let wakeUps = Double(spec.brokers + spec.queue.consumers.count) * spec.duration.seconds / spec.configuration.heartbeatInterval.seconds
            + Double(spec.brokers) * spec.duration.seconds / spec.configuration.catchUpInterval.seconds
            + copies * spec.duration.seconds / spec.configuration.catchUpInterval.seconds / 8
            // A consumer's fetch of a partition, its poll included, costs about a fifth of a message.
            + spec.queue.estimatedFetches(over: spec.duration.seconds) / 5
        let messages = Double(spec.producers.reduce(0) { $0 + $1.messages })
        let swarmMessages = spec.swarmMessages.map { Double($0 * spec.producers.count) } ?? messages
        // Every group is handed every message of the partitions it reads, and each record handed
        // is kept for the audit: a run of 10⁶ messages read by 100 consumers (each its own group)
        // would hold 10⁸ of them. A delivery costs about a quarter of a message (measured: one
        // partition's 10⁶ messages read by 1 consumer ran in 5.9 s, by 10 in 18.7 s).
        let deliveries = spec.queue.estimatedDeliveries()
        let swarmDeliveries = messages > 0 ? deliveries * swarmMessages / messages : 0
        let mostDeliveries = max(deliveries, spec.swarmSeeds > 0 ? swarmDeliveries : 0)
        if QueueSection.bytesPerDelivery * mostDeliveries > ResourceBudget.memoryBytes {
            let consumers = (try? cursor.openMapping())?["queue"].flatMap { try? $0.openMapping() }?["consumers"]
            let gibibytes = NumberFormat.fixed(QueueSection.bytesPerDelivery * mostDeliveries / 1_073_741_824, decimals: 1, grouping: true)
            throw (consumers ?? cursor).error(.invalidValue("a run of the experiment would hand its consumers about \(NumberText.figure(mostDeliveries)) records (every group is handed every message of the partitions it reads, each consumer its own group unless it names one), and hold about \(gibibytes) GiB for them, more than the \(NumberText.plain(ResourceBudget.memoryBytes / 1_073_741_824)) GiB a run may use; use fewer messages or consumers, or put the consumers in fewer groups"))
        }
        let runsWork = Double(spec.runs.count) * (messages + deliveries / 4 + wakeUps)
        let swarmWork = Double(spec.swarmSeeds) * (swarmMessages + swarmDeliveries / 4 + wakeUps)
        let total = runsWork + swarmWork
        guard total <= queueExperimentMostWork else {
            let (place, what) = swarmWork >= runsWork ? (swarm, "the swarm's \(NumberText.figure(Double(spec.swarmSeeds))) seeds") : (runs, "its \(spec.runs.count) runs")
            let (totalText, mostText) = NumberText.figures(total, against: queueExperimentMostWork)
            throw (place ?? cursor).error(.invalidValue("the experiment's worlds would send about \(totalText) messages, deliveries, wake-ups, partition catch-ups and fetches in all, mostly \(what), more than the \(mostText) an experiment may; use fewer seeds, runs, messages, partitions or consumers"))
        }
    }
}
