@testable import Simulator

/// Everything that goes wrong in one swarm run, drawn from its seed: the store's error rates and
/// storm, and a timeline of pauses, partitions and a crash of the store's node.
struct ChaosPlan {
    let store: ObjectStore.Configuration
    let faults: [FaultSchedule.Entry]
    /// When the last fault is over (every partition healed, every pause ended, the store back up).
    let calmAfter: Duration

    static let clients: [NodeID] = ["writer-1", "writer-2", "writer-3", "backup-host"]

    init(seed: UInt64) {
        var random = SeededRandom(seed: seed, stream: "swarm.plan")
        func uniform(_ range: ClosedRange<Double>) -> Double { range.lowerBound + (range.upperBound - range.lowerBound) * random.nextUnitInterval() }
        let storm = ObjectStore.ErrorStorm(start: .seconds(double: uniform(1...20)), length: .seconds(double: uniform(1...10)),
                                           errorRate: uniform(0.3...1), code: random.chance(0.5) ? .serviceUnavailable : .internalError)
        store = ObjectStore.Configuration(internalErrorRate: uniform(0...0.08), serviceUnavailableRate: uniform(0...0.08), errorStorms: [storm])
        var faults: [FaultSchedule.Entry] = []
        var last = 0.0
        for _ in 0..<Int(random.next() % 4) {
            let at = uniform(0...30), length = uniform(0.2...4)
            faults.append(.init(at: .after(.seconds(double: at)), fault: .pause("s3", duration: .seconds(double: length))))
            last = max(last, at + length)
        }
        for _ in 0..<Int(random.next() % 3) {
            let at = uniform(0...30), length = uniform(0.5...5)
            let cut = Self.clients[Int(random.next() % UInt64(Self.clients.count))]
            faults.append(.init(at: .after(.seconds(double: at)), fault: .partition([[cut], ["s3"]])))
            faults.append(.init(at: .after(.seconds(double: at + length)), fault: .heal))
            last = max(last, at + length)
        }
        if random.chance(0.5) {
            let at = uniform(0...30), down = uniform(0.1...3)
            faults.append(.init(at: .after(.seconds(double: at)), fault: .crash("s3")))
            faults.append(.init(at: .after(.seconds(double: at + down)), fault: .restart("s3", bootTime: .milliseconds(200))))
            last = max(last, at + down + 0.2)
        }
        self.faults = faults.sorted { $0.at < $1.at }
        calmAfter = .seconds(double: max(last, 31))
    }
}
