import Foundation
import Yams
@testable import Scenarios

/// A world with a failure planted by construction: two servers behind a balancer that retries
/// every request onto the other server, with no passive health, so a request fails only while
/// both servers are down (crashed or paused) at once. Chaos draws dozens of crashes and pauses
/// on the two; for the chosen seed exactly one pair of them overlaps while the clients send,
/// so exactly those two incidents are necessary and sufficient for the failure.
enum PlantedPair {
    static let yaml = """
    name: planted-pair
    description: two servers behind a balancer that retries onto the other; a request fails only while both are down
    run:
      duration: 300s
    servers:
      - name: s
        count: 2
        slots: 4
        service_time: 2ms
    balancer:
      strategy: round_robin
      forward_timeout: 100ms
      retries: {tries: 2}
      passive_health: {max_fails: 0}
    workload:
      type: open_loop
      rate: 10
      timeout: 1s
    chaos:
      nodes: [s1, s2]
      crashes_per_hour: 60
      downtime: 1s
      pauses_per_hour: 60
      pause_length: 1s
    expect:
      - success_ratio == 1
    """

    /// The clients stop sending at this virtual second.
    static let clientsStop = 300.0

    /// The file in a fresh temporary directory.
    static func write(_ text: String = yaml, name: String = "planted-pair.yaml") throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("orrery-shrink-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// When an incident keeps its node out of service: from its crash to its restart, or through
    /// its pause, in virtual seconds.
    static func outage(_ incident: FaultIncident) -> (node: String, start: Double, end: Double)? {
        var node = "", start = Double.infinity, end = -Double.infinity
        for item in incident.items {
            guard case .mapping(let fields) = item.node, let at = fields["at"]?.string.flatMap(seconds) else { return nil }
            for action in ["crash", "restart", "pause"] {
                guard let target = fields[action]?.string else { continue }
                node = target
                start = min(start, at)
                end = max(end, at + (fields["for"]?.string.flatMap(seconds) ?? 0))
            }
        }
        return node.isEmpty ? nil : (node, start, end)
    }

    /// `12.5s` as 12.5.
    static func seconds(_ text: String) -> Double? { Double(text.dropLast()) }

    /// The pairs of incidents on different nodes whose outages overlap (or come within
    /// `slack` seconds: a retry waits up to the forward timeout) while the clients send.
    static func overlappingPairs(_ incidents: [FaultIncident], slack: Double = 0.25) -> [[Int]] {
        let outages = incidents.map(outage)
        var pairs: [[Int]] = []
        for i in outages.indices {
            for j in outages.indices where j > i {
                guard let a = outages[i], let b = outages[j], a.node != b.node else { continue }
                if a.start < b.end + slack, b.start < a.end + slack, min(a.end, b.end) > 0, max(a.start, b.start) < clientsStop {
                    pairs.append([i, j])
                }
            }
        }
        return pairs
    }
}
