import Simulator

/// One figure of a scenario's size the shrinker may lower while the failure stays: how long the
/// clients send (`run.duration`), how many requests they send (`run.requests`), how many users a
/// closed loop has (`workload.users`), how many open-loop clients there are (`workload.clients`).
public struct WorkloadSize: Sendable, Equatable, CustomStringConvertible {
    /// What the figure counts.
    public enum Kind: Sendable, Equatable {
        /// Virtual time, in nanoseconds.
        case duration
        /// A whole number of things.
        case count
    }

    /// The figure's key path in the scenario file, as `--set` takes it.
    public let path: String
    public let kind: Kind
    /// Nanoseconds for a duration, the number itself for a count.
    public let value: Int64

    /// The smallest duration the shrinker tries: below a millisecond no client sends anything.
    static let shortestDuration: Int64 = 1_000_000

    /// The value as the scenario language writes it (`12.5s`, `40`).
    public var text: String {
        kind == .duration ? FaultIncident.seconds(Duration.nanoseconds(value)) : String(value)
    }

    /// `run.duration: 30s`.
    public var description: String { "\(path): \(text)" }

    /// The figure at half its value, or nil when it is as small as it goes.
    func halved() -> WorkloadSize? {
        let half = value / 2
        switch kind {
        case .duration: return half >= Self.shortestDuration ? WorkloadSize(path: path, kind: kind, value: half) : nil
        case .count: return half >= 1 ? WorkloadSize(path: path, kind: kind, value: half) : nil
        }
    }

    /// The value halfway between this one and the smaller `other` (durations rounded down to a
    /// millisecond), or nil when none lies strictly between them.
    func between(_ other: WorkloadSize) -> WorkloadSize? {
        var middle = other.value + (value - other.value) / 2
        if kind == .duration { middle -= middle % Self.shortestDuration }
        guard middle > other.value, middle < value else { return nil }
        return WorkloadSize(path: path, kind: kind, value: middle)
    }

    /// The override that sets it in a document.
    var override: ScenarioOverride { ScenarioOverride(path: path, value: text) }

    /// The sizes `scenario` states, in the order they are shrunk: the clients' stop, how many
    /// clients there are, then each MapReduce job's synthetic input lines and each producer's
    /// records, read from the file's `top` level.
    static func sizes(of scenario: Scenario, top: YAMLMapping?) -> [WorkloadSize] {
        func keys(_ section: String) -> [String] { (try? top?[section]?.openMapping())?.keys ?? [] }
        var sizes: [WorkloadSize] = []
        if keys("run").contains("duration"), let duration = scenario.limits.duration {
            sizes.append(WorkloadSize(path: "run.duration", kind: .duration, value: VirtualInstant.after(duration).nanoseconds))
        }
        if keys("run").contains("requests"), let requests = scenario.limits.requests {
            sizes.append(WorkloadSize(path: "run.requests", kind: .count, value: Int64(requests)))
        }
        if let workload = scenario.workload {
            if keys("workload").contains("users"), case .closedLoop(let users, _) = workload.arrivals {
                sizes.append(WorkloadSize(path: "workload.users", kind: .count, value: Int64(users)))
            }
            if keys("workload").contains("clients"), workload.clients > 1 {
                sizes.append(WorkloadSize(path: "workload.clients", kind: .count, value: Int64(workload.clients)))
            }
        }
        sizes += counts(in: top?["mapreduce"], list: "jobs", at: ["input", "synthetic", "lines"])
        sizes += counts(in: top?["log"], list: "producers", at: ["records"])
        return sizes
    }

    /// For each item of `section.list` that has a whole number at `path`, that number as a size.
    private static func counts(in section: YAMLCursor?, list: String, at path: [String]) -> [WorkloadSize] {
        guard let items = try? section?.openMapping()[list]?.list() else { return [] }
        var sizes: [WorkloadSize] = []
        for (index, item) in items.enumerated() {
            var cursor: YAMLCursor? = item
            for key in path { cursor = try? cursor?.openMapping()[key] }
            guard let cursor, let value = try? cursor.int(in: 1...Int.max) else { continue }
            sizes.append(WorkloadSize(path: "\(section!.path).\(list).\(index).\(path.joined(separator: "."))", kind: .count, value: Int64(value)))
        }
        return sizes
    }
}
