extension SweepManifest.MetricEntry {
    /// The values the metric can take, at which a sweep cuts its intervals
    /// (``MetricUnit/possibleValues(ofMetricNamed:)``); any value for a unit this Orrery does not know.
    var possibleValues: ClosedRange<Double> {
        MetricUnit(name: unit)?.possibleValues(ofMetricNamed: name) ?? -Double.infinity...Double.infinity
    }
}

extension Metric {
    /// The values the metric can take (``MetricUnit/possibleValues(ofMetricNamed:)``).
    var possibleValues: ClosedRange<Double> { unit.possibleValues(ofMetricNamed: name) }
}

extension MetricUnit {
    /// The values a metric of this unit named `name` can take: durations, counts and rates are
    /// never negative, a boolean is 0 or 1, and a ratio named a share of a whole (`…_ratio`,
    /// `…_share`: success, error, cross-zone) lies within 0 … 1. Other ratios are factors
    /// (`imbalance`, `setups_per_request`, `shuffle_reduction`) and only never negative.
    func possibleValues(ofMetricNamed name: String) -> ClosedRange<Double> {
        switch self {
        case .boolean: return 0...1
        case .ratio where name.hasSuffix("_ratio") || name.hasSuffix("_share"): return 0...1
        case .duration, .count, .rate, .ratio: return 0...Double.infinity
        }
    }
}
