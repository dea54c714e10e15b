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
    /// At most this many trace events, in either format; a run that would make more is cut off
    /// at the instant the limit is reached, and the trace says so (a Perfetto trace in its
    /// metadata, a JSON-lines trace in its last line, ``JSONLinesTrace``).
    public var traceEventLimit: Int
    /// Whether to gather OpenMetrics time series.
    public var metrics: Bool
    /// The time between two samples of every series; nil picks one that gives at most
    /// ``MetricsRecorder/targetSamples`` samples per series.
    public var metricsInterval: Duration?

    /// The most events a trace holds unless told otherwise: 1,000,000 (a Perfetto file of about
    /// 110 MB, a JSON-lines one of about 100 MB).
    public static let defaultTraceEventLimit = 1_000_000
    /// The range `--trace-max-events` accepts. Every event is held until the run is over — a
    /// Perfetto trace's about 520 bytes at its peak, its observation and its line; a JSON-lines
    /// trace's about 250 — so the most stays within about 2 GB: the former maximum of 50,000,000
    /// needed 26 GB, and a JSON-lines trace had no limit at all (a 4,000,000-request world held
    /// 2.9 GB).
    public static let traceEventLimits = 1_000...4_000_000

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

    /// The most samples per series a `--metrics-interval` may ask of a world that runs for a fixed
    /// duration (the duration over the interval): the text of every series is held at once.
    public static let maximumMetricsSamples = 100_000

    /// Why ``metricsInterval`` cannot sample `file`'s run, or nil: a world that runs for a fixed
    /// duration longer than ``maximumMetricsSamples`` intervals would need gigabytes of series
    /// text. (How long a run bounded by its requests lasts is known only once it has run.)
    ///
    /// The length is the load-time estimate's horizon (``ResourceBudget/horizon``), not
    /// `run.duration`: a composed world runs on past its duration for what it schedules later (a
    /// job's `submit_at`, a restore) or a queue producer that may still be retrying, and such a
    /// world passed this check, ran to its end, and was then refused by the check of what it
    /// gathered (exit 2, nothing written).
    public func metricsProblem(for file: ScenarioFile) -> String? {
        guard metrics, let interval = metricsInterval, case .world(let scenario) = file, scenario.limits.duration != nil else { return nil }
        let budget = ResourceBudget(scenario)
        let length = budget.horizon
        let samples = length.seconds / interval.seconds
        // What keeps it running past its duration, when something does (`producer 'p' … may
        // still be retrying until 400.000 s`).
        let over = "\(scenario.name)'s \(NumberText.plain(length.seconds)) s of virtual time" + (budget.runsOn.map { " (it runs on past run.duration: \($0.what))" } ?? "")
        if samples > Double(Self.maximumMetricsSamples) {
            return "--metrics-interval \(NumberText.plain(interval.seconds))s gives about \(NumberText.plain(samples.rounded())) samples per series over \(over); at most \(NumberText.plain(Double(Self.maximumMetricsSamples))): use an interval of at least \(NumberText.plain((length.seconds / Double(Self.maximumMetricsSamples) * 1_000).rounded(.up)))ms"
        }
        // Each server has at least five series (requests, busy time, in service, queue, and the
        // balancer's connections to it): all of them together within the file's bound.
        let series = Double(5 * scenario.servers.count + 5)
        guard series * samples > Double(OpenMetricsText.maximumSamples) else { return nil }
        return "--metrics-interval \(NumberText.plain(interval.seconds))s samples \(scenario.name)'s \(NumberText.plain(series)) or more series about \(NumberText.approximate(samples)) times each over \(NumberText.plain(length.seconds)) s of virtual time\(budget.runsOn.map { " (it runs on past run.duration: \($0.what))" } ?? ""), more than the \(NumberText.approximate(Double(OpenMetricsText.maximumSamples))) samples a metrics file may hold; use an interval of at least \(NumberText.plain((series * length.seconds / Double(OpenMetricsText.maximumSamples) * 1_000).rounded(.up)))ms"
    }

    /// Why ``traceWindow`` would trace nothing of `file`'s run, or nil: a window that starts after
    /// the run's time limit (a trace of no events was written, exit 0, nothing said).
    public func traceWindowProblem(for file: ScenarioFile) -> String? {
        guard let window = traceWindow, case .world(let scenario) = file else { return nil }
        let end = VirtualInstant.after(scenario.limits.timeLimit)
        guard window.lowerBound > end else { return nil }
        return "--trace-window starts at \(window.lowerBound), after \(scenario.name)'s time limit (\(end)): the trace would hold nothing; choose a window within the run"
    }

    /// Whether the simulation needs an observer.
    var needsObserver: Bool { trace == .perfetto || metrics }
}
