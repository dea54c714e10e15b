import Simulator

/// A run's observations as Chrome trace-event JSON, the format ui.perfetto.dev and
/// chrome://tracing open: one process per subsystem, one track per node (more when a node does
/// several things at once, one per concurrent slot: `s1`, `s1 · 2`, …), complete events for
/// work, instant events for faults and transitions, counter tracks for gauges, and flow arrows
/// from each client request to the server spans that served it. Timestamps are virtual
/// microseconds from the start of the run.
///
/// The file lists one event per line, in a fixed order, so the same run gives the same bytes.
struct PerfettoTrace {
    /// What the trace is of, written into its metadata.
    struct Header {
        var scenario: String
        var seed: UInt64
        var digest: String
    }

    /// The events written so far, one a line, separated by commas: one string rather than a
    /// list of lines joined at the end, which held every line twice at the peak.
    private var body = ""
    private var tracks = TrackTable()

    /// The trace of `timeline`'s observations.
    static func render(_ timeline: TimelineRecorder, header: Header) -> String {
        var trace = PerfettoTrace()
        trace.build(timeline.observations)
        var other = "\"scenario\":\(quote(header.scenario)),\"seed\":\"\(header.seed)\",\"digest\":\(quote(header.digest)),"
            + "\"clock\":\"virtual time; ts 0 is the start of the run, in microseconds\""
        if let cut = timeline.cutOffAt {
            other += ",\"cut_off_at_us\":\(microseconds(cut)),\"omitted_observations\":\(timeline.omitted)"
        } else if timeline.omitted > 0 {
            other += ",\"omitted_observations\":\(timeline.omitted)"
        }
        return "{\"displayTimeUnit\":\"ms\",\"otherData\":{\(other)},\"traceEvents\":[\n" + trace.body + "\n]}\n"
    }

    /// Adds one event's line.
    private mutating func emit(_ line: String) {
        if !body.isEmpty { body += ",\n" }
        body += line
    }

    private mutating func build(_ observations: [Observation]) {
        // Lanes first: every span's track and lane is known before anything is written.
        let spans = observations.indices.filter { if case .span = observations[$0].shape { return true } else { return false } }
        var lanes: [Int: Int] = [:]
        let bySpanTrack = Dictionary(grouping: spans) { TrackTable.Key(observations[$0].subsystem, observations[$0].node) }
        for key in tracks.order(of: observations) {
            let indices = (bySpanTrack[key] ?? []).sorted { (observations[$0].start, $0) < (observations[$1].start, $1) }
            var laneEnds: [VirtualInstant] = []
            for index in indices {
                let span = observations[index]
                if let free = laneEnds.firstIndex(where: { $0 <= span.start }) {
                    laneEnds[free] = span.time
                    lanes[index] = free
                } else {
                    lanes[index] = laneEnds.count
                    laneEnds.append(span.time)
                }
            }
            tracks.add(key, lanes: max(1, laneEnds.count))
        }
        let networkWide = observations.contains { $0.subsystem == .network && $0.node == "network" }
        for line in tracks.metadata(used: Set(observations.map(\.subsystem)), networkWide: networkWide) { emit(line) }
        var flowSources: [UInt64: (tid: Int, ts: String)] = [:]
        var flowTargets: [UInt64: [(tid: Int, ts: String)]] = [:]
        for (index, observation) in observations.enumerated() {
            let key = TrackTable.Key(observation.subsystem, observation.node)
            let pid = TrackTable.pid(observation.subsystem)
            switch observation.shape {
            case .span(let start):
                let tid = tracks.tid(key, lane: lanes[index] ?? 0)
                let ts = Self.microseconds(start)
                let name = observation.detail.isEmpty ? observation.name : "\(observation.name) \(observation.detail)"
                var args = "\"outcome\":\(Self.quote(observation.outcome))"
                if observation.value != 0 { args += ",\"value\":\(observation.value)" }
                emit("{\"ph\":\"X\",\"pid\":\(pid),\"tid\":\(tid),\"ts\":\(ts),\"dur\":\(Self.microseconds(nanoseconds: observation.time.nanoseconds - start.nanoseconds)),"
                    + "\"name\":\(Self.quote(name)),\"cat\":\(Self.quote(observation.name)),\"args\":{\(args)}}")
                if observation.flow != 0 {
                    if observation.name == "request" { flowSources[observation.flow] = (tid, ts) } else { flowTargets[observation.flow, default: []].append((tid, ts)) }
                }
            case .instant:
                let detail = Self.instantDetail(observation)
                let name = detail.isEmpty ? observation.name : "\(observation.name): \(detail)"
                if observation.subsystem == .network && observation.node == "network" {
                    emit("{\"ph\":\"i\",\"s\":\"g\",\"pid\":\(pid),\"tid\":\(TrackTable.networkWideTid),\"ts\":\(Self.microseconds(observation.time)),\"name\":\(Self.quote(name)),\"cat\":\"fault\"}")
                    continue
                }
                // A fault shows on every track of the node it strikes; the first has it as
                // `fault`, the others as `fault copy`, so that counting `cat:"fault"` counts each
                // fault once. A deployment's restart is the deployment's, no fault; a replica set's
                // change (an `rm`, an `add`) is an `operation`.
                let places = observation.subsystem == .network ? tracks.keys(ofNode: observation.node, fallback: key) : [key]
                for (copy, place) in places.enumerated() {
                    let category = observation.subsystem != .network ? observation.name
                        : observation.name == RunObserver.deploymentRestart ? "deployment"
                        : RunObserver.isReplicaSetChange(observation) ? "operation" : copy == 0 ? "fault" : "fault copy"
                    emit("{\"ph\":\"i\",\"s\":\"t\",\"pid\":\(TrackTable.pid(place.subsystem)),\"tid\":\(tracks.tid(place, lane: 0)),"
                        + "\"ts\":\(Self.microseconds(observation.time)),\"name\":\(Self.quote(name)),\"cat\":\(Self.quote(category))}")
                }
            case .gauge(let level):
                let name = observation.detail.isEmpty ? "\(observation.node) \(observation.name)" : "\(observation.node) \(observation.name) \(observation.detail)"
                emit("{\"ph\":\"C\",\"pid\":\(pid),\"ts\":\(Self.microseconds(observation.time)),\"name\":\(Self.quote(name)),\"args\":{\"value\":\(NumberText.plain(level))}}")
            }
        }
        // Flows: from the client's request to each server span that served it (retries included).
        let trafficPid = TrackTable.pid(.traffic)
        for flow in flowSources.keys.sorted() {
            guard let source = flowSources[flow], let targets = flowTargets[flow], !targets.isEmpty else { continue }
            emit("{\"ph\":\"s\",\"id\":\(flow),\"pid\":\(trafficPid),\"tid\":\(source.tid),\"ts\":\(source.ts),\"name\":\"request\",\"cat\":\"flow\"}")
            for (offset, target) in targets.enumerated() {
                let phase = offset == targets.count - 1 ? "f" : "t"
                emit("{\"ph\":\"\(phase)\",\"bp\":\"e\",\"id\":\(flow),\"pid\":\(trafficPid),\"tid\":\(target.tid),\"ts\":\(target.ts),\"name\":\"request\",\"cat\":\"flow\"}")
            }
        }
    }

    // MARK: Numbers and text

    static func microseconds(_ instant: VirtualInstant) -> String { microseconds(nanoseconds: instant.nanoseconds) }

    /// Nanoseconds as microseconds with three decimals, exactly (no floating point).
    static func microseconds(nanoseconds: Int64) -> String {
        let fraction = nanoseconds % 1_000
        guard fraction != 0 else { return String(nanoseconds / 1_000) }
        let digits = String(fraction)
        return "\(nanoseconds / 1_000).\(String(repeating: "0", count: 3 - digits.count) + digits)"
    }

    static func quote(_ text: String) -> String { JSONText.quote(text) }
}
