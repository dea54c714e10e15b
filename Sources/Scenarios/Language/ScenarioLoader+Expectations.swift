extension ScenarioLoader {
    /// Parses `expect:` assertions of the form `metric op value`: `balancer.p99 < 200ms`,
    /// `mapreduce.output_exact == true`. A metric without a namespace is looked up among the
    /// subsystems the scenario has; a name two of them measure must say which.
    ///
    /// Durations need a unit (`200ms`, `2s`), booleans are `true` or `false`. A metric the world
    /// does not measure — a balancer's without one, a keepalive or zone metric without
    /// `features` — is refused: it would read 0 and hold or fail whatever the run did.
    static func parseExpectations(_ cursor: YAMLCursor, subsystems: [Subsystem], hasBalancer: Bool = true,
                                  features: Metric.Features = .all) throws(ScenarioError) -> [Expectation] {
        var expectations: [Expectation] = []
        for item in try cursor.list(atMost: ScenarioSchema.maximumExpectations, of: "expectations") {
            expectations.append(try parseExpectation(item, subsystems: subsystems, hasBalancer: hasBalancer, features: features))
        }
        return expectations
    }

    /// One assertion `metric op value`, checked as ``parseExpectations(_:subsystems:hasBalancer:features:)`` says.
    static func parseExpectation(_ item: YAMLCursor, subsystems: [Subsystem], hasBalancer: Bool = true,
                                 features: Metric.Features = .all) throws(ScenarioError) -> Expectation {
        let text = try item.string()
        guard let op = Expectation.Comparison.allCases.sorted(by: { $0.rawValue.count > $1.rawValue.count })
            .first(where: { text.contains($0.rawValue) }),
            let range = text.range(of: op.rawValue) else {
            throw item.error(.invalidValue("an expectation reads 'metric op value' with op one of < <= > >= ==, e.g. 'balancer.p99 < 200ms'"))
        }
        let written = String(text[..<range.lowerBound]).trimmingSpaces
        let metric = try resolveMetric(written, subsystems: subsystems, at: item)
        if metric.subsystem == .balancer, !hasBalancer, let known = BalancerMetric(rawValue: metric.name), known.needsBalancer {
            throw item.error(.invalidValue("'\(written.excerpt)' is measured by a balancer; this scenario's clients talk to the servers directly (add a 'balancer' section)"))
        }
        if let reason = metric.unmeasured(with: features) {
            throw item.error(.invalidValue("'\(written.excerpt)' \(reason)"))
        }
        if metric.unit == .boolean, op != .equal {
            throw item.error(.invalidValue("'\(written.excerpt)' is true or false: compare it with ==, e.g. '\(written.excerpt) == true'"))
        }
        let valueText = String(text[range.upperBound...]).trimmingSpaces
        guard !valueText.isEmpty else {
            throw item.error(.invalidValue("'\(text.trimmingSpaces.excerpt)' has no threshold after '\(op.rawValue)', e.g. '\(written.excerpt) \(op.rawValue) \(metric.unit.exampleThreshold)'"))
        }
        let valueCursor = YAMLCursor(node: .scalar(.init(valueText)), file: item.file, path: item.path)
        var threshold: Double
        // Read exactly too where rounding can move a threshold across an edge (ratios, counts,
        // rates); a duration is whole nanoseconds and a boolean 0 or 1 already.
        var exact: WrittenThreshold?
        do throws(ScenarioError) {
            switch metric.unit {
            case .boolean:
                threshold = try valueCursor.bool() ? 1 : 0
            case .duration:
                guard let last = valueText.last, last.isLetter else {
                    // A bare number gets its units suggested; anything else (`p99 <<`) a whole
                    // expectation: "e.g. <ms or <s" was no example.
                    if Double(valueText) != nil {
                        throw valueCursor.error(.invalidValue("'\(metric)' is a duration: give the threshold a unit, e.g. \(valueText.excerpt)ms or \(valueText.excerpt)s"))
                    }
                    throw valueCursor.error(.invalidValue("'\(metric)' is a duration, and '\(valueText.excerpt)' is not one: give the threshold as a number and a unit, e.g. '\(written.excerpt) \(op.rawValue) \(metric.unit.exampleThreshold)'"))
                }
                threshold = try valueCursor.seconds()
            default:
                threshold = try valueCursor.double()
                exact = WrittenThreshold(valueText)
            }
        } catch {
            throw item.error(error.kind)
        }
        // A threshold no measurement can reach makes an expectation that always or never holds
        // (`success_ratio >= 2` was accepted and failed every run).
        let possible = metric.possibleValues
        func position(_ bound: Double) -> Int {
            exact?.compared(with: bound) ?? (threshold < bound ? -1 : threshold == bound ? 0 : 1)
        }
        guard position(possible.lowerBound) >= 0, position(possible.upperBound) <= 0 else {
            let values = possible.upperBound.isFinite ? "lies within \(NumberText.plain(possible.lowerBound)) … \(NumberText.plain(possible.upperBound))" : "is never negative"
            throw item.error(.invalidValue("'\(metric)' \(values), so '\(text.trimmingSpaces.excerpt)' would hold always or never"))
        }
        // A threshold on the edge of what can be measured that no measurement can pass: below the
        // least value, above the greatest, or a count equal to a fraction (`queue.sent < 0`,
        // `success_ratio > 1`, `completed == 0.5` were accepted and failed every run). One that
        // every measurement passes (`success_ratio >= 0`) is kept: it still fails a run that
        // measured nothing.
        let never = switch op {
        case .lessThan: position(possible.lowerBound) <= 0
        case .greaterThan: position(possible.upperBound) >= 0
        case .equal: metric.unit == .count && !(exact?.isWhole ?? (threshold.rounded(.towardZero) == threshold))
        case .lessOrEqual, .greaterOrEqual: false
        }
        guard !never else {
            let values = metric.unit == .count && op == .equal ? "is a whole number"
                : possible.upperBound.isFinite ? "lies within \(NumberText.plain(possible.lowerBound)) … \(NumberText.plain(possible.upperBound))" : "is never negative"
            throw item.error(.invalidValue("'\(metric)' \(values), so '\(text.trimmingSpaces.excerpt)' would never hold"))
        }
        if let exact { threshold = exact.comparedValue(threshold, comparison: op, within: possible) }
        return Expectation(metric: metric, comparison: op, threshold: threshold, text: text, line: item.line, column: item.column)
    }

    /// The metric `name` names: `namespace.name`, or a bare name measured by exactly one of
    /// `subsystems`.
    static func resolveMetric(_ name: String, subsystems: [Subsystem], at item: YAMLCursor) throws(ScenarioError) -> Metric {
        if let dot = name.firstIndex(of: "."), let subsystem = Subsystem(rawValue: String(name[..<dot])) {
            let bare = String(name[name.index(after: dot)...])
            guard subsystems.contains(subsystem) else {
                throw item.error(.invalidValue("'\(name.excerpt)' measures the \(subsystem.rawValue) section, which this scenario does not have"))
            }
            guard let metric = subsystem.metrics.first(where: { $0.name == bare }) else {
                let names = subsystem.metrics.map(\.name)
                throw item.error(.invalidValue("unknown metric '\(name.excerpt)'" + (Suggestion.closest(to: bare, among: names).map { "; did you mean '\(subsystem.rawValue).\($0)'?" } ?? "; \(subsystem.rawValue) measures: \(names.joined(separator: ", "))")))
            }
            return metric
        }
        let matches = subsystems.flatMap(\.metrics).filter { $0.name == name }
        if matches.count == 1 { return matches[0] }
        if matches.count > 1 {
            throw item.error(.invalidValue("'\(name.excerpt)' is measured by several sections; write \(matches.map(\.description).joined(separator: " or "))"))
        }
        let all = subsystems.flatMap(\.metrics).map(\.description) + subsystems.flatMap(\.metrics).map(\.name)
        throw item.error(.invalidValue("unknown metric '\(name.excerpt)'" + (Suggestion.closest(to: name, among: all).map { "; did you mean '\($0)'?" } ?? "; known metrics: \(subsystems.flatMap(\.metrics).map(\.description).joined(separator: ", "))")))
    }
}
