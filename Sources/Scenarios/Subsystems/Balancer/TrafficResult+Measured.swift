extension TrafficResult {
    /// A latency as every report gives it, report.md, report.json and summary.csv alike: the
    /// histogram's figure, but no longer than the run. The histogram counts whole microseconds, a
    /// latency under one as one, and gives its bucket's top (3 significant digits): a 3 ns request
    /// of a 3 ns run read 1e-06 s in report.json, and a 5.0008 ms one of a 5.0008 ms run read
    /// 5.003 ms as the maximum of its deployment phase. No request outlasts the run, so the run's
    /// length, which the clock measures to the nanosecond, bounds every latency exactly.
    func latencyWithinRun(_ seconds: Double) -> Double {
        Swift.min(seconds, virtualSeconds)
    }

    /// The shortest span a rate per second is given over: a microsecond. Over a run of 3 ns, one
    /// request read 333,333,333.3 successful requests per virtual second in report.json.
    static let shortestRateSpan = 1e-6

    /// Whether the throughputs (the clients' and each server's) were measured: requests ended over
    /// a span of at least ``shortestRateSpan``. The span is the clients' last completion, never
    /// longer than the run; a throughput of successful requests gives it back exactly enough
    /// (successful requests over the rate), and with none the run's length bounds it.
    var ratesMeasured: Bool {
        guard completed > 0, virtualSeconds >= Self.shortestRateSpan else { return false }
        guard succeeded > 0 else { return true }
        // No span (every request ended at time zero) reads a throughput of 0.
        return throughput > 0 && Double(succeeded) / throughput >= Self.shortestRateSpan * (1 - 1e-9)
    }

    /// Whether the primaries' split (``BalancerMetric/imbalance``) was measured: some primary
    /// served a request. With none served the busiest over the mean is 0/0, which read 1 (perfectly
    /// even) in a run that sent nothing, while its throughput, latency and ratios read unmeasured.
    var servedMeasured: Bool { primaries.contains { $0.served > 0 } }
}
