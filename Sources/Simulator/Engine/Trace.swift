/// What happened, for the trace and the digest.
///
/// Each kind has a fixed code that the digest folds in; codes are never reused or renumbered,
/// so adding a kind never changes the digest of a run that does not use it.
public enum TraceKind: UInt64, Sendable, CaseIterable {
    case send = 1, deliver, drop, duplicate, respond, timeout, unreachable, refused
    case crash = 20, restart, pause, resume, slow, partition, heal, dropRate, latencySpike
    /// `booted` (29): a restarted node's boot is over and it serves again (value: the boot's
    /// length in nanoseconds); only ever noted (``Trace/note(_:_:_:value:)``), never folded.
    case booted = 29
    case hang = 30, errorRate, storm
    /// `hangOver` (33) and `stormOver` (34): a `hang` with a length, or a store's `storm`, is
    /// over (value: its length, as the line that started it). Never folded nor noted by the
    /// simulation (an end would need a timer, and a timer moves digests): the JSON-lines trace
    /// writes them itself, at the instant the fault's own line fixes.
    case hangOver = 33, stormOver
    case taskStart = 40, taskFinish, route, serve, reject, healthCheck, markDown, markUp, spawnReplica
    case put = 60, get, delete, mapStart, mapDone, reduceStart, reduceDone, custom

    /// The kind's name as written in JSON-lines traces, e.g. `send`, `latencySpike`.
    public var name: String { String(describing: self) }
}

/// One traced event: when, what, who, and to whom or what.
public struct TraceEvent: Sendable, Equatable {
    /// Virtual time of the event.
    public let time: VirtualInstant
    /// The kind of event.
    public let kind: TraceKind
    /// The node or component that acted.
    public let subject: String
    /// The other party or object (a destination node, a key), or empty.
    public let object: String
    /// A number that matters (request id, bytes, status), or zero.
    public let value: Int64
    /// The network call the event belongs to — the same number on its `send` and on every later
    /// line of it (`duplicate`, `drop`, `respond`, `timeout`, `unreachable`, `refused`), unique
    /// within a run: the calls sent are numbered from 1 in the order their `send` lines are
    /// written (a call keeps its number in four bytes, so one past 2³² − 1 wraps: a JSON-lines
    /// trace keeps at most 4,000,000 lines, a call's first its `send`, and never gets there).
    /// Zero for an event of no call. Never folded into the digest: set only for a sink.
    public let call: UInt64
    /// On a call's `send` line, the id of the client request it carries (to a balancer or a
    /// server: the Perfetto trace's flow id, the `#17` of its request slice, shared by a
    /// balancer's forwards of the request and their retries); zero otherwise.
    public let request: UInt64

    public init(time: VirtualInstant, kind: TraceKind, subject: String, object: String, value: Int64, call: UInt64 = 0, request: UInt64 = 0) {
        self.time = time
        self.kind = kind
        self.subject = subject
        self.object = object
        self.value = value
        self.call = call
        self.request = request
    }
}

/// The running 64-bit digest of every meaningful event of a simulation, and an optional sink
/// that receives each event (the scenario runner writes them as JSON lines).
///
/// "Same seed, same digest" is the determinism contract: the digest folds in the virtual time,
/// the kind, both parties and the value of every event, in order.
///
/// `@unchecked Sendable`: touched only on the simulation thread.
public final class Trace: @unchecked Sendable {
    /// The digest of all events so far.
    @exclusivity(unchecked) public private(set) var digest: UInt64 = 0x6F72_7265_7279_2121
    /// Number of events recorded.
    @exclusivity(unchecked) public private(set) var eventCount: UInt64 = 0
    /// Receives every event when set; leave nil for speed.
    @exclusivity(unchecked) public var sink: ((TraceEvent) -> Void)?
    /// The number of the last network call whose `send` was handed to the sink (``TraceEvent/call``).
    @exclusivity(unchecked) private var lastCall: UInt64 = 0
    private let executor: SimulationExecutor

    init(executor: SimulationExecutor) {
        self.executor = executor
    }

    /// Records one event at the current virtual time.
    public func record(_ kind: TraceKind, _ subject: String, _ object: String = "", value: Int64 = 0) {
        record(kind, subjectHash: StableHash.fnv1a64(subject), objectHash: object.isEmpty ? 0 : StableHash.fnv1a64(object), value: value) {
            TraceEvent(time: VirtualInstant(nanoseconds: executor.now), kind: kind, subject: subject, object: object, value: value)
        }
    }

    /// Records one event of the network call numbered `call` (``TraceEvent/call``; 0: none), as
    /// ``record(_:_:_:value:)`` does: the number goes to the sink alone, never into the digest.
    public func record(_ kind: TraceKind, _ subject: String, _ object: String = "", value: Int64 = 0, call: UInt64) {
        record(kind, subjectHash: StableHash.fnv1a64(subject), objectHash: object.isEmpty ? 0 : StableHash.fnv1a64(object), value: value) {
            TraceEvent(time: VirtualInstant(nanoseconds: executor.now), kind: kind, subject: subject, object: object, value: value, call: call)
        }
    }

    /// The number of the next network call sent (``TraceEvent/call``): only asked for while
    /// building a `send` event for the sink, so a run without one counts nothing.
    func nextCall() -> UInt64 {
        lastCall &+= 1
        return lastCall
    }

    /// Records one event whose parties are given by precomputed stable hashes (hot paths), with
    /// names only built when a sink wants them.
    public func record(
        _ kind: TraceKind, subjectHash: UInt64, objectHash: UInt64, value: Int64,
        event: () -> TraceEvent
    ) {
        guard foldIntoDigest(kind, subjectHash: subjectHash, objectHash: objectHash, value: value) else { return }
        if let sink { sink(event()) }
    }

    /// Counts one event and folds it into the digest; false (nothing done) while the world is
    /// wound down after its last run, which is not part of any run.
    @inline(__always)
    private func foldIntoDigest(_ kind: TraceKind, subjectHash: UInt64, objectHash: UInt64, value: Int64) -> Bool {
        guard !executor.isTearingDown else { return false }
        eventCount &+= 1
        var d = StableHash.fold(digest, UInt64(bitPattern: executor.now))
        d = StableHash.fold(d, kind.rawValue)
        d = StableHash.fold(d, subjectHash)
        d = StableHash.fold(d, objectHash)
        digest = StableHash.fold(d, UInt64(bitPattern: value))
        return true
    }

    /// Folds one event into the digest and counts it, as ``record(_:_:_:value:)`` does, without
    /// handing it to the sink: only for an event that another one written at the same instant
    /// stands for — the kill that starts a process restart of a running node, which its
    /// `restart` line stands for (one fault, as the metrics, the Perfetto trace and the report
    /// show it). The digest is that of a run that wrote it.
    public func fold(_ kind: TraceKind, _ subject: String, _ object: String = "", value: Int64 = 0) {
        _ = foldIntoDigest(kind, subjectHash: StableHash.fnv1a64(subject), objectHash: object.isEmpty ? 0 : StableHash.fnv1a64(object), value: value)
    }

    /// Writes one event at the current virtual time to the sink alone: neither folded into the
    /// digest nor counted. Only for an event the digest already implies — a store's storm, whose
    /// window and rate the file fixes (value: its length in nanoseconds, as a hang's) — so that
    /// the JSON-lines trace shows every fault while no run's digest moves for it.
    public func note(_ kind: TraceKind, _ subject: String, _ object: String = "", value: Int64 = 0) {
        guard !executor.isTearingDown, let sink else { return }
        sink(TraceEvent(time: VirtualInstant(nanoseconds: executor.now), kind: kind, subject: subject, object: object, value: value))
    }

    /// The digest as 16 lowercase hex digits.
    public var digestHex: String {
        let hex = String(digest, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
