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

    /// The last `crash` line kept, while the instant it was recorded at lasts: a `restart` of
    /// the same node at that instant takes it back (see ``append(_:)``).
    private var lastCrash: (line: Int, subject: String, time: VirtualInstant)?

    /// Adds `event`'s line. A process restart of a running node is recorded as a `crash` (the
    /// kill, which the digest folds) and a `restart` at the same instant; it is one fault, and
    /// the trace shows it as the metrics, the Perfetto trace and the report do: one `restart`.
    func append(_ event: TraceEvent) {
        if let crash = lastCrash, crash.time != event.time { lastCrash = nil }
        if event.kind == .restart, let crash = lastCrash, crash.subject == event.subject, cutOffAt == nil {
            lines.remove(at: crash.line)
            lastCrash = nil
        }
        guard cutOffAt == nil, lines.count < eventLimit else {
            if cutOffAt == nil { cutOffAt = event.time }
            omitted += 1
            return
        }
        if event.kind == .crash { lastCrash = (lines.count, event.subject, event.time) }
        lines.append("{\"t\":\(event.time.nanoseconds),\"kind\":\"\(event.kind.name)\",\"subject\":\(AssignmentJSON.quote(event.subject)),\"object\":\(AssignmentJSON.quote(event.object)),\"value\":\(event.value)}")
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
