import Reports

/// A figure a run reports, named by its subsystem's namespace: `balancer.p99`, `store.errors`.
public struct Metric: Hashable, Sendable, CustomStringConvertible {
    /// The subsystem that measures it.
    public var subsystem: Subsystem
    /// Its name within the subsystem.
    public var name: String
    /// How its values read and how thresholds for it are written.
    public var unit: MetricUnit

    /// Creates a metric.
    public init(_ subsystem: Subsystem, _ name: String, _ unit: MetricUnit) {
        self.subsystem = subsystem
        self.name = name
        self.unit = unit
    }

    /// `namespace.name`.
    public var description: String { "\(subsystem.rawValue).\(name)" }
}

/// How a metric's values read, and how `expect:` thresholds for it are written.
public enum MetricUnit: Sendable, Hashable {
    /// Seconds; thresholds need a unit (`200ms`, `2s`).
    case duration
    /// A count of things.
    case count
    /// A share or a factor (0.999, 1.05).
    case ratio
    /// Something per virtual second.
    case rate
    /// 1 for true, 0 for false; thresholds are `true` or `false`.
    case boolean

    /// `value` as a report shows it.
    public func format(_ value: Double) -> String {
        switch self {
        case .duration: return DurationFormat.seconds(value)
        case .count: return value == value.rounded() && abs(value) < 1e15 ? NumberFormat.integer(Int(value)) : NumberFormat.trimmed(value, maxDecimals: 3, grouping: true)
        case .ratio: return NumberFormat.trimmed(value, maxDecimals: 4)
        case .rate: return NumberFormat.fixed(value, decimals: 1, grouping: true) + "/s"
        case .boolean: return value == 1 ? "true" : "false"
        }
    }

    /// `value` as a table of figures shows it: like ``format(_:)``, durations that read under a
    /// second in milliseconds (``DurationFormat/readable(_:grouping:)``: the unit chosen on the
    /// rounded figure, so 0.9999996 s reads `1.000 s`, not `1,000.000 ms`).
    public func readable(_ value: Double) -> String {
        self == .duration ? DurationFormat.readable(value, grouping: false) : format(value)
    }
}

/// The metrics one subsystem measures: an enum whose raw values are the names after the
/// namespace, each with its unit.
public protocol MetricCatalog: RawRepresentable<String>, CaseIterable, Sendable {
    /// The namespace.
    static var subsystem: Subsystem { get }
    /// How the metric's values read.
    var unit: MetricUnit { get }
}

extension MetricCatalog {
    /// The metric as a namespaced name.
    public var metric: Metric { Metric(Self.subsystem, rawValue, unit) }
    /// Every metric of the catalog.
    public static var metrics: [Metric] { allCases.map(\.metric) }
}

extension MetricUnit {
    /// A threshold in this unit, for examples in messages.
    var exampleThreshold: String {
        switch self {
        case .duration: "200ms"
        case .count: "10"
        case .ratio: "0.99"
        case .rate: "100"
        case .boolean: "true"
        }
    }
}
