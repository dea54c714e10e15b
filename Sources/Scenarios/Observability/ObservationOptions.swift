import Reports
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
    /// The unit ``metricsInterval`` was typed in (`8652ms`, `8.652s`), so that a refusal writes
    /// the interval and its hint in that one unit; nil writes them in the interval's own
    /// (``IntervalUnit/natural(for:)``).
    public var metricsIntervalUnit: IntervalUnit?

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
                metrics: Bool = false, metricsInterval: Duration? = nil, metricsIntervalUnit: IntervalUnit? = nil) {
        self.trace = trace
        self.traceWindow = traceWindow
        self.traceEventLimit = traceEventLimit
        self.metrics = metrics
        self.metricsInterval = metricsInterval
        self.metricsIntervalUnit = metricsIntervalUnit
    }

    /// Nothing asked for.
    public static let none = ObservationOptions()

    /// The most samples per series a `--metrics-interval` may ask of a world that runs for a fixed
    /// duration (the duration over the interval): the text of every series is held at once.
    public static let maximumMetricsSamples = 100_000

    /// Why ``metricsInterval`` cannot sample `file`'s run, or nil: a world that runs for a fixed
    /// duration longer than ``maximumMetricsSamples`` intervals would need gigabytes of series
    /// text (how long a run bounded by its requests lasts is known only once it has run); and a
    /// world whose series could hold more samples than a metrics file may (``seriesProblem(_:)``).
    ///
    /// The length is the load-time estimate's horizon (``ResourceBudget/horizon``), not
    /// `run.duration`: a composed world runs on past its duration for what it schedules later (a
    /// job's `submit_at`, a restore) or a queue producer that may still be retrying, and such a
    /// world passed this check, ran to its end, and was then refused by the check of what it
    /// gathered (exit 2, nothing written).
    public func metricsProblem(for file: ScenarioFile) -> String? {
        guard metrics, case .world(let scenario) = file else { return nil }
        if let interval = metricsInterval, scenario.limits.duration != nil {
            let budget = ResourceBudget(scenario)
            let length = budget.horizon
            let samples = length.seconds / interval.seconds
            if samples > Double(Self.maximumMetricsSamples) {
                // The interval named must pass both checks: the series' total may bind harder
                // (seed 000 at 1 s: 2,196 ms per series, 8,653 ms for the file's total).
                let perSeries = (length.seconds / Double(Self.maximumMetricsSamples) * 1_000).rounded(.up)
                let fitting = max(perSeries, Self.seriesMinimumMilliseconds(scenario) ?? 0)
                let unit = intervalUnit(interval)
                return "--metrics-interval \(unit.written(interval)) gives about \(NumberFormat.counted(Int(samples.rounded()), "sample")) per series over \(scenario.name)'s \(Self.lengthText(budget, length: length)); at most \(NumberFormat.integer(Self.maximumMetricsSamples)): use an interval of at least \(unit.atLeast(milliseconds: fitting))"
            }
        }
        return seriesProblem(scenario)
    }

    /// `400 s of virtual time`, and what keeps the world running past its duration when something
    /// does (`producer 'p' … may still be retrying until 400.000 s`).
    private static func lengthText(_ budget: ResourceBudget, length: Duration) -> String {
        "\(NumberFormat.trimmed(length.seconds, maxDecimals: 9, grouping: true)) s of virtual time" + (budget.runsOn.map { " (it runs on past run.duration: \($0.what))" } ?? "")
    }

    /// Why `scenario`'s series could hold more samples than a metrics file may
    /// (``OpenMetricsText/maximumSamples``), or nil, counted as the run's own check of what it
    /// gathered counts them (``OpenMetricsText/problem(_:end:interval:)``): the most series the
    /// world can have (``MetricsSeriesBound``) and the latency summary's five, times the most
    /// instants it is sampled at — at most ``MetricsRecorder/targetSamples`` and two more at the
    /// default interval, and at ``metricsInterval`` two more than its intervals over the world's
    /// length: the load-time estimate's horizon, and the clients' timeout past it (a request
    /// under way at `run.duration` ends by then), never past the time limit. Five series a server
    /// and five more were counted: a queue world of 2,000 partitions passed, ran, and was refused
    /// after its run with 8,001 series (exit 2, nothing written). A world bounded by its requests
    /// with an interval of its own is left to that check (its length is known only once it has run).
    func seriesProblem(_ scenario: Scenario) -> String? {
        let series = Double(MetricsSeriesBound.of(scenario) + OpenMetricsText.summarySamples)
        let maximum = Double(OpenMetricsText.maximumSamples)
        let budget = scenario.limits.duration == nil ? nil : ResourceBudget(scenario)
        let length = budget.map { Self.seriesLength(scenario, budget: $0) }
        // series × (length / interval + 2) ≤ maximum
        let room = maximum - 2 * series
        let fix = if room <= 0 {
            "no interval can sample that many series; run it without --metrics"
        } else if let length {
            "use \(metricsInterval == nil ? "a --metrics-interval" : "an interval") of at least \((metricsInterval.map(intervalUnit) ?? .milliseconds).atLeast(milliseconds: Self.intervalMilliseconds(series: series, length: length, room: room)))"
        } else {
            "use a --metrics-interval of at least \(NumberFormat.integer(Int(series))) × the run's length / \(NumberText.figure(room))"
        }
        guard let interval = metricsInterval else {
            let instants = Double(MetricsRecorder.targetSamples + 2)
            guard series * instants > maximum else { return nil }
            let figures = NumberText.figures(series * instants, against: maximum)
            return "--metrics samples \(scenario.name)'s up to \(NumberFormat.integer(Int(series))) series up to \(NumberFormat.integer(Int(instants))) times each at the default interval, up to \(figures.value) samples, more than the \(figures.limit) a metrics file may hold; \(fix)"
        }
        guard let budget, let length else { return nil }
        let instants = length.seconds / interval.seconds + 2
        guard series * instants > maximum else { return nil }
        let figures = NumberText.figures(series * instants, against: maximum)
        return "--metrics-interval \(intervalUnit(interval).written(interval)) samples \(scenario.name)'s up to \(NumberFormat.integer(Int(series))) series up to \(NumberFormat.integer(Int(instants.rounded(.down)))) times each over \(Self.lengthText(budget, length: length)), up to \(figures.value) samples, more than the \(figures.limit) a metrics file may hold; \(fix)"
    }

    /// How long ``seriesProblem(_:)`` counts `scenario`'s series sampled: the load-time
    /// estimate's horizon and the clients' timeout past it, never past the time limit.
    private static func seriesLength(_ scenario: Scenario, budget: ResourceBudget) -> Duration {
        min(budget.horizon + (scenario.workload?.timeout ?? .zero), scenario.limits.timeLimit)
    }

    /// The shortest interval, in whole milliseconds, at which `series` sampled over `length` fit
    /// a metrics file with `room` samples to spare: series × (length / interval + 2) ≤ maximum.
    private static func intervalMilliseconds(series: Double, length: Duration, room: Double) -> Double {
        (series * length.seconds / room * 1_000).rounded(.up)
    }

    /// The shortest interval ``seriesProblem(_:)`` accepts for `scenario`, or nil when no
    /// interval does or its length is known only once it has run.
    private static func seriesMinimumMilliseconds(_ scenario: Scenario) -> Double? {
        guard scenario.limits.duration != nil else { return nil }
        let series = Double(MetricsSeriesBound.of(scenario) + OpenMetricsText.summarySamples)
        let room = Double(OpenMetricsText.maximumSamples) - 2 * series
        guard room > 0 else { return nil }
        return intervalMilliseconds(series: series, length: seriesLength(scenario, budget: ResourceBudget(scenario)), room: room)
    }

    /// Why ``traceWindow`` would trace nothing of `file`'s run, or nil: a window that starts after
    /// the run's time limit (a trace of no events was written, exit 0, nothing said).
    public func traceWindowProblem(for file: ScenarioFile) -> String? {
        guard let window = traceWindow, case .world(let scenario) = file else { return nil }
        let end = VirtualInstant.after(scenario.limits.timeLimit)
        guard window.lowerBound > end else { return nil }
        return "--trace-window starts at \(DurationFormat.seconds(window.lowerBound.seconds, grouping: true)), after \(scenario.name)'s time limit (\(DurationFormat.seconds(end.seconds, grouping: true))): the trace would hold nothing; choose a window within the run"
    }

    /// Whether the simulation needs an observer.
    var needsObserver: Bool { trace == .perfetto || metrics }
}
