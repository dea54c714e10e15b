import Simulator

/// What a run shows beyond its reports: a trace for a timeline viewer, time series for
/// Prometheus. Asking for nothing costs nothing: the simulation then has no observer.
public struct ObservationOptions: Sendable, Equatable {
    /// The two trace formats `--trace` writes.
    public enum TraceFormat: String, Sendable, CaseIterable {
        /// Orrery's own events, one JSON object per line (`t` in virtual nanoseconds).
        case jsonLines = "jsonl"
        /// The Chrome trace-event JSON that ui.perfetto.dev and chrome://tracing open.
        case perfetto

        /// The format a trace file's name asks for: `*.perfetto.json` is Perfetto, anything
        /// else JSON lines unless `--trace-format` says otherwise.
        public static func implied(byPath path: String) -> TraceFormat {
            path.hasSuffix(".perfetto.json") ? .perfetto : .jsonLines
        }
    }

    /// The trace to gather, if any.
    public var trace: TraceFormat?
    /// Only what happens in this window of virtual time goes into a Perfetto trace (a span is
    /// kept when it overlaps the window).
    public var traceWindow: ClosedRange<VirtualInstant>?
    /// At most this many trace events; a run that would make more is cut off at the instant the
    /// limit is reached, and the trace says so.
    public var traceEventLimit: Int
    /// Whether to gather OpenMetrics time series.
    public var metrics: Bool
    /// The time between two samples of every series; nil picks one that gives at most
    /// ``MetricsRecorder/targetSamples`` samples per series.
    public var metricsInterval: Duration?

    /// The most events a Perfetto trace holds unless told otherwise: 1,000,000 (about 110 MB).
    public static let defaultTraceEventLimit = 1_000_000
    /// The range `--trace-max-events` accepts.
    public static let traceEventLimits = 1_000...50_000_000

    public init(trace: TraceFormat? = nil, traceWindow: ClosedRange<VirtualInstant>? = nil,
                traceEventLimit: Int = ObservationOptions.defaultTraceEventLimit,
                metrics: Bool = false, metricsInterval: Duration? = nil) {
        self.trace = trace
        self.traceWindow = traceWindow
        self.traceEventLimit = traceEventLimit
        self.metrics = metrics
        self.metricsInterval = metricsInterval
    }

    /// Nothing asked for.
    public static let none = ObservationOptions()

    /// Whether the simulation needs an observer.
    var needsObserver: Bool { trace == .perfetto || metrics }
}
