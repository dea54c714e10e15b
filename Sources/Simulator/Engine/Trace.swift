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
