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

    /// The faults' ends to come (`hangOver`, `stormOver`), in time order (two at one instant in
    /// the order their faults struck).
    private var ends: [TraceEvent] = []

    /// Adds `event`'s line. A process restart of a running node reaches it as its `restart`
    /// alone (the kill before it is folded into the digest, not written: ``Trace/fold(_:_:_:value:)``),
    /// one fault as the metrics, the Perfetto trace and the report show it; a `crash` fault and a
    /// `restart` fault at the same instant are two lines. A restart's boot, when it has a length,
    /// ends with a `booted` line (noted, not folded).
    ///
    /// A `hang` with a length and a store's `storm` end with a `hangOver` or `stormOver` line at
    /// the instant their own line fixes (its time plus its value, the length), which the
    /// simulation neither writes nor folds (an end would need a timer, and a timer moves
    /// digests): this trace writes it before the first event at or after that instant, or at the
    /// run's end if the run reached it (``finish(reachedAt:)``). A crash or a restart of a hung
    /// node ends its hang without one (its own line stands for the end), as a later hang of the
    /// node replaces it.
    func append(_ event: TraceEvent) {
        writeEnds(through: event.time)
        switch event.kind {
        case .hang, .crash, .restart:
            ends.removeAll { $0.kind == .hangOver && $0.subject == event.subject }
            if event.kind == .hang, event.value >= 0 { expect(.hangOver, of: event) }
        case .storm:
            expect(.stormOver, of: event)
        default:
            break
        }
        write(event)
    }

    /// The run is over with its clock at `end`: the ends it reached are written.
    func finish(reachedAt end: VirtualInstant) {
        writeEnds(through: end)
    }

    /// Keeps the end of `fault`, of kind `kind`, for its instant.
    private func expect(_ kind: TraceKind, of fault: TraceEvent) {
        let end = TraceEvent(time: VirtualInstant(nanoseconds: VirtualInstant.saturating(fault.time.nanoseconds, plus: fault.value)), kind: kind,
                             subject: fault.subject, object: fault.object, value: fault.value)
        ends.insert(end, at: ends.lastIndex { $0.time <= end.time }.map { $0 + 1 } ?? 0)
    }

    /// Writes the ends due at or before `instant`.
    private func writeEnds(through instant: VirtualInstant) {
        guard let first = ends.first, first.time <= instant else { return }
        let due = ends.prefix { $0.time <= instant }
        ends.removeFirst(due.count)
        for end in due { write(end) }
    }

    private func write(_ event: TraceEvent) {
        guard cutOffAt == nil, lines.count < eventLimit else {
            if cutOffAt == nil { cutOffAt = event.time }
            omitted += 1
            return
        }
        var line = "{\"t\":\(event.time.nanoseconds),\"kind\":\"\(event.kind.name)\",\"subject\":\(JSONText.quote(event.subject)),\"object\":\(JSONText.quote(event.object)),\"value\":\(event.value)"
        if event.call != 0 { line += ",\"call\":\(event.call)" }
        if event.request != 0 { line += ",\"request\":\(event.request)" }
        lines.append(line + "}")
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
