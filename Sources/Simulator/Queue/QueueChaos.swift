/// Random faults for a queue swarm, drawn from one seed (TigerBeetle's VOPR, FoundationDB's
/// simulation): within the first half of `horizon`, one broker crashes and restarts after
/// ``brokerDowntime`` (booting for ``brokerBootTime``), one broker is cut off from every other node
/// for ``isolation``, and one consumer crashes and restarts after ``consumerDowntime`` — the second
/// half lets the queue recover, so every property can be checked at the end. The report's prose
/// reads the same constants.
public enum QueueChaos {
    /// Seconds a crashed broker stays down before it restarts, drawn uniformly.
    public static let brokerDowntime: ClosedRange<Double> = 1...6
    /// How long a restarted broker boots.
    public static let brokerBootTime = Duration.milliseconds(200)
    /// Seconds a broker stays cut off from every other node, drawn uniformly.
    public static let isolation: ClosedRange<Double> = 0.5...4.5
    /// Seconds a crashed consumer stays down, drawn uniformly.
    public static let consumerDowntime: ClosedRange<Double> = 0.1...2.1

    /// The faults for `seed` on brokers `broker-1` … `broker-<brokers>` and `consumers`, with
    /// `others` the remaining nodes (controller, producers) a partition separates the broker from.
    public static func faults(seed: UInt64, brokers: Int, consumers: [NodeID], others: [NodeID], horizon: Duration) -> [FaultSchedule.Entry] {
        var random = SeededRandom(seed: seed, stream: "queue-chaos")
        let span = horizon.seconds / 2
        func instant(_ low: Double, _ high: Double) -> VirtualInstant {
            .after(.seconds(double: span * (low + (high - low) * random.nextUnitInterval())))
        }
        func pick(_ count: Int) -> Int { Int(random.next() % UInt64(max(1, count))) }
        func length(_ range: ClosedRange<Double>) -> Duration {
            .seconds(double: range.lowerBound + (range.upperBound - range.lowerBound) * random.nextUnitInterval())
        }
        let brokerIDs = (1...max(1, brokers)).map { NodeID("broker-\($0)") }
        var faults: [FaultSchedule.Entry] = []
        let crashed = brokerIDs[pick(brokerIDs.count)]
        let crash = instant(0, 0.2)
        faults.append(.init(at: crash, fault: .crash(crashed)))
        faults.append(.init(at: crash.advanced(by: length(brokerDowntime)), fault: .restart(crashed, bootTime: brokerBootTime)))
        let isolated = brokerIDs[pick(brokerIDs.count)]
        let cut = instant(0.5, 0.8)
        faults.append(.init(at: cut, fault: .partition([[isolated], (brokerIDs + consumers + others).filter { $0 != isolated }])))
        faults.append(.init(at: cut.advanced(by: length(isolation)), fault: .heal))
        if !consumers.isEmpty {
            let consumer = consumers[pick(consumers.count)]
            let stop = instant(0.1, 0.4)
            faults.append(.init(at: stop, fault: .crash(consumer)))
            faults.append(.init(at: stop.advanced(by: length(consumerDowntime)), fault: .restart(consumer, bootTime: .zero)))
        }
        return faults.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
    }
}
