extension SweepManifest.MetricEntry {
    /// The values the metric can take, at which a sweep cuts its intervals: durations, counts
    /// and rates are never negative, a boolean is 0 or 1, and a ratio named a share of a whole
    /// (`…_ratio`, `…_share`: success, error, cross-zone) lies within 0 … 1. Other ratios are
    /// factors (`imbalance`, `setups_per_request`, `shuffle_reduction`) and only never negative.
    var possibleValues: ClosedRange<Double> {
        switch MetricUnit(name: unit) {
        case .boolean: return 0...1
        case .ratio where name.hasSuffix("_ratio") || name.hasSuffix("_share"): return 0...1
        case .duration, .count, .rate, .ratio: return 0...Double.infinity
        case nil: return -Double.infinity...Double.infinity
        }
    }
}
