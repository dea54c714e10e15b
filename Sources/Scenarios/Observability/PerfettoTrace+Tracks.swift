import Simulator

extension PerfettoTrace {
    /// The processes and threads of a trace: one process per subsystem, and per node the
    /// threads its concurrent lanes need, numbered in the order nodes first appear.
    struct TrackTable {
        struct Key: Hashable {
            let subsystem: ObservedSubsystem
            let node: String

            init(_ subsystem: ObservedSubsystem, _ node: String) {
                self.subsystem = subsystem
                self.node = node
            }
        }

        private var firstTid: [Key: Int] = [:]
        private var laneCount: [Key: Int] = [:]
        private var keys: [Key] = []
        private var nextTid = 1

        /// The process id of `subsystem`: its place in ``ObservedSubsystem/allCases``, from 1.
        static func pid(_ subsystem: ObservedSubsystem) -> Int {
            ObservedSubsystem.allCases.firstIndex(of: subsystem)! + 1
        }

        /// Every track `observations` need, in the order their nodes first appear; a fault on a
        /// node that has no track elsewhere gets one in the network process.
        func order(of observations: [Observation]) -> [Key] {
            var seen: Set<Key> = []
            var ordered: [Key] = []
            for observation in observations {
                if case .gauge = observation.shape { continue }
                if observation.subsystem == .network && observation.node == "network" { continue }
                let key = Key(observation.subsystem, observation.node)
                if seen.insert(key).inserted { ordered.append(key) }
            }
            // Network-process tracks only for nodes no other subsystem has.
            let elsewhere = Set(ordered.filter { $0.subsystem != .network }.map(\.node))
            return ordered.filter { $0.subsystem != .network || !elsewhere.contains($0.node) }
        }

        mutating func add(_ key: Key, lanes: Int) {
            firstTid[key] = nextTid
            laneCount[key] = lanes
            keys.append(key)
            nextTid += lanes
        }

        func tid(_ key: Key, lane: Int) -> Int { firstTid[key].map { $0 + lane } ?? 0 }

        /// The tracks of `node` in every subsystem that has one, or `fallback`.
        func keys(ofNode node: String, fallback: Key) -> [Key] {
            let found = keys.filter { $0.node == node }
            return found.isEmpty ? [fallback] : found
        }

        /// The thread of the network process that network-wide faults (a partition, a drop
        /// rate, a latency spike) are drawn on: no node's, so numbered before every node's.
        static let networkWideTid = 0

        /// Process and thread names and sort orders, for the subsystems in `used`, and the
        /// network-wide thread's when `networkWide` faults are drawn on it.
        func metadata(used: Set<ObservedSubsystem>, networkWide: Bool = false) -> [String] {
            var lines: [String] = []
            for subsystem in ObservedSubsystem.allCases where used.contains(subsystem) {
                let pid = Self.pid(subsystem)
                lines.append("{\"ph\":\"M\",\"pid\":\(pid),\"name\":\"process_name\",\"args\":{\"name\":\"\(subsystem.rawValue)\"}}")
                lines.append("{\"ph\":\"M\",\"pid\":\(pid),\"name\":\"process_sort_index\",\"args\":{\"sort_index\":\(pid)}}")
            }
            if networkWide {
                let pid = Self.pid(.network)
                lines.append("{\"ph\":\"M\",\"pid\":\(pid),\"tid\":\(Self.networkWideTid),\"name\":\"thread_name\",\"args\":{\"name\":\"whole network\"}}")
                lines.append("{\"ph\":\"M\",\"pid\":\(pid),\"tid\":\(Self.networkWideTid),\"name\":\"thread_sort_index\",\"args\":{\"sort_index\":\(Self.networkWideTid)}}")
            }
            for key in keys {
                let first = firstTid[key]!
                for lane in 0..<laneCount[key]! {
                    let name = lane == 0 ? key.node : "\(key.node) · \(lane + 1)"
                    lines.append("{\"ph\":\"M\",\"pid\":\(Self.pid(key.subsystem)),\"tid\":\(first + lane),\"name\":\"thread_name\",\"args\":{\"name\":\(PerfettoTrace.quote(name))}}")
                    lines.append("{\"ph\":\"M\",\"pid\":\(Self.pid(key.subsystem)),\"tid\":\(first + lane),\"name\":\"thread_sort_index\",\"args\":{\"sort_index\":\(first + lane)}}")
                }
            }
            return lines
        }
    }
}
