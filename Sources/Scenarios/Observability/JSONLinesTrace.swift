import Reports
import Simulator

/// A run's trace events as JSON lines (`--trace FILE.jsonl`), gathered during the run and handed
/// over once at the end, at most ``eventLimit`` of them: the lines are held until the run is
/// over, about 250 bytes an event with the text they are joined into, and a run of 10⁹ requests
/// makes billions (a 4,000,000-request world held 2.9 GB). The first event past the limit ends
/// the recording, and the trace's last line says so:
///
///     {"t":1234000,"kind":"trace_cut_off","event_limit":1000000,"omitted_events":52311}
///
/// `t` is the instant of the first event left out; the events before it are all there.
///
/// `@unchecked Sendable`: appended to only on the simulation thread, read after the run.
final class JSONLinesTrace: @unchecked Sendable {
    /// The most events the trace holds (`--trace-max-events`).
    let eventLimit: Int
    private var lines: [String] = []
    /// When the limit was reached: the instant of the first event left out.
    private(set) var cutOffAt: VirtualInstant?
    /// Events left out once the limit was reached.
    private(set) var omitted = 0

    init(eventLimit: Int = ObservationOptions.defaultTraceEventLimit) {
        self.eventLimit = eventLimit
    }

    /// Adds `event`'s line. A process restart of a running node reaches it as its `restart`
    /// alone (the kill before it is folded into the digest, not written: ``Trace/fold(_:_:_:value:)``),
    /// one fault as the metrics, the Perfetto trace and the report show it; a `crash` fault and a
    /// `restart` fault at the same instant are two lines. A restart's boot, when it has a length,
    /// ends with a `booted` line (noted, not folded).
    func append(_ event: TraceEvent) {
        guard cutOffAt == nil, lines.count < eventLimit else {
            if cutOffAt == nil { cutOffAt = event.time }
            omitted += 1
            return
        }
        lines.append("{\"t\":\(event.time.nanoseconds),\"kind\":\"\(event.kind.name)\",\"subject\":\(JSONText.quote(event.subject)),\"object\":\(JSONText.quote(event.object)),\"value\":\(event.value)}")
    }

    /// Every line kept, each ending in a newline, then the cut-off note if the limit was reached.
    var text: String {
        var all = lines
        if let cutOffAt {
            all.append("{\"t\":\(cutOffAt.nanoseconds),\"kind\":\"trace_cut_off\",\"event_limit\":\(eventLimit),\"omitted_events\":\(omitted)}")
        }
        return all.isEmpty ? "" : all.joined(separator: "\n") + "\n"
    }
}
