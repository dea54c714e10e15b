import ArgumentParser
import Reports
import Scenarios
import Simulator

/// `--trace`, `--trace-format`, `--trace-window`, `--trace-max-events`, `--metrics`,
/// `--metrics-interval`: what a run shows beyond its reports.
struct ObservationArguments: ParsableArguments {
    @Option(help: "Write the run's trace to this file (one scenario only): JSON lines, or a Perfetto trace with --trace-format perfetto or a name ending in .perfetto.json.")
    var trace: String?
    @Option(help: "jsonl (Orrery's events, one JSON object per line) or perfetto (Chrome trace-event JSON for ui.perfetto.dev).")
    var traceFormat: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("Perfetto trace: keep only what happens between two instants of virtual time, e.g. 10s..20s.", valueName: "from..to"))
    var traceWindow: String?
    @Option(parsing: .unconditional, help: "At most this many trace events, \(NumberArgument.rangeText(ObservationOptions.traceEventLimits)) (default \(NumberFormat.integer(ObservationOptions.defaultTraceEventLimit)); about 110 bytes each in a Perfetto file, 80 in JSON lines); a longer run's trace stops where the limit is reached and says so (Perfetto: in otherData; JSON lines: a last line of kind trace_cut_off).", transform: NumberArgument.parse(within: ObservationOptions.traceEventLimits))
    var traceMaxEvents: Int?
    @Option(help: "Write the run's time series to this file in the OpenMetrics text format (one scenario only), for promtool tsdb create-blocks-from openmetrics.")
    var metrics: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("The time between two samples of every series, at least 1ms, e.g. 1s or 1m (default: the shortest of 1s, 2s, 5s, 10s, 15s, 30s, 1m, … giving at most 1,000 samples).", valueName: "duration"))
    var metricsInterval: String?

    func validate() throws {
        _ = try options
    }

    /// The options the arguments ask for; the parser's error when one is wrong.
    var options: ObservationOptions {
        get throws {
            if let trace, trace.isEmpty { throw ValidationError("--trace must name a file (got an empty path)") }
            if let metrics, metrics.isEmpty { throw ValidationError("--metrics must name a file (got an empty path)") }
            let eventLimit = traceMaxEvents ?? ObservationOptions.defaultTraceEventLimit
            guard ObservationOptions.traceEventLimits.contains(eventLimit) else {
                throw ValidationError("--trace-max-events must be \(NumberArgument.rangeText(ObservationOptions.traceEventLimits)), got \(eventLimit)")
            }
            if trace == nil && (traceFormat != nil || traceWindow != nil || traceMaxEvents != nil) {
                throw ValidationError("--trace-format, --trace-window and --trace-max-events need --trace FILE")
            }
            if metrics == nil && metricsInterval != nil { throw ValidationError("--metrics-interval needs --metrics FILE") }
            var format: ObservationOptions.TraceFormat?
            if let trace {
                if let traceFormat {
                    guard let named = ObservationOptions.TraceFormat(rawValue: traceFormat) else {
                        throw ValidationError("--trace-format must be jsonl or perfetto, got '\(traceFormat)'")
                    }
                    format = named
                } else {
                    format = ObservationOptions.TraceFormat.implied(byPath: trace)
                }
            }
            var window: ClosedRange<VirtualInstant>?
            if let traceWindow {
                guard format == .perfetto else { throw ValidationError("--trace-window applies to Perfetto traces (--trace-format perfetto)") }
                do { window = try ObservationOptions.window(parsing: traceWindow) } catch { throw ValidationError(error.description) }
            }
            var interval: Duration?
            if let metricsInterval {
                do { interval = try ObservationOptions.duration(parsing: metricsInterval, option: "--metrics-interval") } catch {
                    throw ValidationError(error.description)
                }
                guard interval! >= .milliseconds(1) else { throw ValidationError("--metrics-interval must be at least 1ms, got '\(metricsInterval)'") }
            }
            return ObservationOptions(trace: format, traceWindow: window, traceEventLimit: eventLimit,
                                      metrics: metrics != nil, metricsInterval: interval,
                                      metricsIntervalUnit: metricsInterval.map(ObservationOptions.IntervalUnit.init(typed:)))
        }
    }
}
