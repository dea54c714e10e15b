extension RunResult {
    /// The figure a metric names, or nil when the run cannot say (a job that never finished, a
    /// subsystem the scenario lacks).
    public func value(of metric: Metric) -> Double? {
        metric.subsystem.part.measure(metric, in: self)
    }

    /// Every metric of every subsystem present, with its value (nil when not measured), in
    /// catalog order.
    public var metrics: [(metric: Metric, value: Double?)] {
        subsystems.flatMap(\.metrics).filter { $0.isMeasured(in: traffic) }.map { ($0, value(of: $0)) }
    }
}
