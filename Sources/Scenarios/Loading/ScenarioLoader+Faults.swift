import Foundation
import Simulator

extension ScenarioLoader {
    static let faultActions = ["crash", "restart", "pause", "slow", "partition", "heal", "drop_rate", "latency_spike", "hang", "errors"]

    /// Parses the `faults:` list. `slow`, `drop_rate`, `latency_spike` and `errors` with a `for:`
    /// are undone automatically when it ends; `pause` needs `for:`; `hang` without `for:` lasts
    /// until the node crashes or restarts.
    static func parseFaults(_ cursor: YAMLCursor, nodes: [NodeID]) throws(ScenarioError) -> [FaultSchedule.Entry] {
        var entries: [FaultSchedule.Entry] = []
        for item in try cursor.list() {
            let fields = try item.mapping(allowed: ["at"] + faultActions + ["for", "boot_time", "factor", "rate"])
            let at = VirtualInstant.after(try fields.required("at").duration())
            let actions = fields.keys.filter { faultActions.contains($0) }
            guard actions.count == 1, let action = actions.first, let value = fields[action] ?? fields.entries.first(where: { $0.key == action })?.value else {
                throw item.error(.invalidValue("each fault names exactly one of: \(faultActions.joined(separator: ", "))"))
            }
            func node(_ cursor: YAMLCursor) throws(ScenarioError) -> NodeID {
                let name = try cursor.string()
                guard nodes.contains(NodeID(name)) else {
                    let suggestion = Suggestion.closest(to: name, among: nodes.map(\.name))
                    throw cursor.error(.invalidValue("unknown node '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "; known nodes: \(nodes.map(\.name).joined(separator: ", "))")))
                }
                return NodeID(name)
            }
            let lasting = try fields["for"]?.positiveDuration()
            func undo(_ fault: Fault) {
                if let lasting { entries.append(.init(at: at.advanced(by: lasting), fault: fault)) }
            }
            switch action {
            case "crash":
                entries.append(.init(at: at, fault: .crash(try node(value))))
            case "restart":
                entries.append(.init(at: at, fault: .restart(try node(value), bootTime: try fields["boot_time"]?.duration() ?? .zero)))
            case "pause":
                guard let lasting else { throw item.error(.missingKey("for")) }
                entries.append(.init(at: at, fault: .pause(try node(value), duration: lasting)))
            case "slow":
                let target = try node(value)
                let factor = try fields.required("factor").positive()
                entries.append(.init(at: at, fault: .slow(target, factor: factor)))
                undo(.slow(target, factor: 1))
            case "partition":
                var groups: [[NodeID]] = []
                for group in try value.list() {
                    var members: [NodeID] = []
                    for member in try group.list() {
                        // Client hosts (`client`, `client-N`) may be placed in a partition too.
                        if let name = member.text, name == "client" || name.hasPrefix("client-") {
                            members.append(NodeID(name))
                        } else {
                            members.append(try node(member))
                        }
                    }
                    groups.append(members)
                }
                guard groups.count >= 1 else { throw value.error(.invalidValue("a partition needs at least one group")) }
                entries.append(.init(at: at, fault: .partition(groups)))
                undo(.heal)
            case "heal":
                entries.append(.init(at: at, fault: .heal))
            case "hang":
                entries.append(.init(at: at, fault: .hang(try node(value), duration: lasting)))
            case "errors":
                let target = try node(value)
                entries.append(.init(at: at, fault: .errors(target, rate: try fields.required("rate").probability())))
                undo(.errors(target, rate: 0))
            case "drop_rate":
                entries.append(.init(at: at, fault: .dropRate(try value.probability())))
                undo(.dropRate(0))
            default:
                entries.append(.init(at: at, fault: .latencySpike(extra: try value.duration())))
                undo(.latencySpike(extra: .zero))
            }
        }
        return entries
    }

    static func parseChaos(_ cursor: YAMLCursor, nodes: [NodeID]) throws(ScenarioError) -> FaultSchedule.Chaos {
        let fields = try cursor.mapping(allowed: ["nodes", "crashes_per_hour", "downtime", "pauses_per_hour", "pause_length"])
        var targets = nodes
        if let list = fields["nodes"] {
            targets = []
            for item in try list.list() {
                let name = try item.string()
                guard nodes.contains(NodeID(name)) else { throw item.error(.invalidValue("unknown node '\(name)'")) }
                targets.append(NodeID(name))
            }
        }
        return FaultSchedule.Chaos(
            nodes: targets,
            crashesPerHour: try fields["crashes_per_hour"]?.nonNegative() ?? 0,
            downtime: try fields["downtime"]?.durationDistribution() ?? .constant(5),
            pausesPerHour: try fields["pauses_per_hour"]?.nonNegative() ?? 0,
            pauseLength: try fields["pause_length"]?.durationDistribution() ?? .constant(1))
    }

    /// Parses `expect:` assertions of the form `metric op value`, e.g. `p99 < 200ms`.
    static func parseExpectations(_ cursor: YAMLCursor) throws(ScenarioError) -> [Expectation] {
        var expectations: [Expectation] = []
        for item in try cursor.list() {
            let text = try item.string()
            guard let op = Expectation.Comparison.allCases.sorted(by: { $0.rawValue.count > $1.rawValue.count })
                .first(where: { text.contains($0.rawValue) }),
                let range = text.range(of: op.rawValue) else {
                throw item.error(.invalidValue("an expectation reads 'metric op value' with op one of < <= > >= ==, e.g. 'p99 < 200ms'"))
            }
            let metricName = String(text[..<range.lowerBound]).trimmingSpaces
            let valueText = String(text[range.upperBound...]).trimmingSpaces
            guard let metric = Expectation.Metric(rawValue: metricName) else {
                let names = Expectation.Metric.allCases.map(\.rawValue)
                throw item.error(.invalidValue("unknown metric '\(metricName)'" + (Suggestion.closest(to: metricName, among: names).map { "; did you mean '\($0)'?" } ?? "; known metrics: \(names.joined(separator: ", "))")))
            }
            let valueCursor = YAMLCursor(node: .scalar(.init(valueText)), file: item.file, path: item.path)
            let threshold: Double
            do {
                threshold = metric.isLatency ? try valueCursor.seconds() : try valueCursor.double()
            } catch {
                throw item.error(error.kind)
            }
            expectations.append(Expectation(metric: metric, comparison: op, threshold: threshold, text: text, line: item.line, column: item.column))
        }
        return expectations
    }
}
