extension MapReduceScenarioLoader {
    /// Parses `expect:` assertions `metric op value`: durations carry units (`makespan < 30s`),
    /// booleans read `true` or `false` (`output_exact == true`), the rest are numbers.
    static func parseMapReduceExpectations(_ cursor: YAMLCursor) throws(ScenarioError) -> [MapReduceExpectation] {
        var expectations: [MapReduceExpectation] = []
        for item in try cursor.list() {
            let text = try item.string()
            guard let op = Expectation.Comparison.allCases.sorted(by: { $0.rawValue.count > $1.rawValue.count })
                .first(where: { text.contains($0.rawValue) }),
                let range = text.range(of: op.rawValue) else {
                throw item.error(.invalidValue("an expectation reads 'metric op value' with op one of < <= > >= ==, e.g. 'makespan < 30s'"))
            }
            let metricName = String(text[..<range.lowerBound]).trimmingSpaces
            let valueText = String(text[range.upperBound...]).trimmingSpaces
            guard let metric = MapReduceExpectation.Metric(rawValue: metricName) else {
                let names = MapReduceExpectation.Metric.allCases.map(\.rawValue)
                let hint = Suggestion.closest(to: metricName, among: names).map { "; did you mean '\($0)'?" } ?? "; known metrics: \(names.joined(separator: ", "))"
                throw item.error(.invalidValue("unknown metric '\(metricName)'\(hint)"))
            }
            let valueCursor = YAMLCursor(node: .scalar(.init(valueText)), file: item.file, path: item.path)
            let threshold: Double
            do throws(ScenarioError) {
                if metric.isBoolean {
                    guard op == .equal else {
                        throw item.error(.invalidValue("'\(metricName)' is true or false: compare it with ==, e.g. '\(metricName) == true'"))
                    }
                    threshold = try valueCursor.bool() ? 1 : 0
                } else {
                    threshold = metric.isDuration ? try valueCursor.seconds() : try valueCursor.double()
                }
            } catch {
                throw item.error(error.kind)
            }
            expectations.append(MapReduceExpectation(metric: metric, comparison: op, threshold: threshold, text: text,
                                                     line: item.line, column: item.column))
        }
        return expectations
    }
}
