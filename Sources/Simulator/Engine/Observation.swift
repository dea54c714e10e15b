/// The subsystem a node's activity belongs to: a timeline viewer shows one process per
/// subsystem, a metrics exporter names its series after it.
public enum ObservedSubsystem: String, Sendable, CaseIterable {
    case traffic, mapreduce, log, store, backup, network, queue
}

/// One thing a simulation shows to timeline viewers and metrics exporters: a span of work, an
/// instant, or the new level of a gauge, on one node.
///
/// Observations never fold into the digest and change nothing in the run: a simulation with an
/// observer runs exactly as one without. Without an observer none is built.
public struct Observation: Sendable, Equatable {
    /// The shape of an observation.
    public enum Shape: Sendable, Equatable {
        /// Work that began at `start` and ended at the observation's time.
        case span(start: VirtualInstant)
        /// Something that happened at the observation's time.
        case instant
        /// A level (a queue length, open connections, running attempts) that holds from the
        /// observation's time on.
        case gauge(Double)
    }

    /// When it happened (for a span, when it ended).
    public let time: VirtualInstant
    public let shape: Shape
    public let subsystem: ObservedSubsystem
    /// The node it happened on.
    public let node: String
    /// What kind of thing it is, one fixed word or phrase per kind: `request`, `serve`,
    /// `map attempt`, `fetch`, `backup`, `queue length`.
    public let name: String
    /// Which one, for a reader: `client-7 #17`, `job-1/map-3#2`; empty when the name says it all.
    /// Words only: what a program needs of it is in ``subject``.
    public let detail: String
    /// What it is about, as data: the names and numbers a metrics exporter labels it by.
    public let subject: Subject
    /// How it ended, in a word (`ok`, `timeout`, `crashed`, a status code); empty when it has no outcome.
    public let outcome: String
    /// The number that matters (bytes, records, a status code), or zero.
    public let value: Int64
    /// Joins a client's request to the server that served it (the request id); zero when none.
    public let flow: UInt64

    public init(time: VirtualInstant, shape: Shape, subsystem: ObservedSubsystem, node: String, name: String,
                detail: String = "", subject: Subject = Subject(), outcome: String = "", value: Int64 = 0, flow: UInt64 = 0) {
        self.time = time
        self.shape = shape
        self.subsystem = subsystem
        self.node = node
        self.name = name
        self.detail = detail
        self.subject = subject
        self.outcome = outcome
        self.value = value
        self.flow = flow
    }

    /// What an observation is about, as data, each name exactly as the world has it: a name
    /// holding a space, a colon or a slash is still one name here, where ``Observation/detail``
    /// — words for a reader, `billing T1:P2`, `broker-2 T1:P1`, `orders/3` — could not be split
    /// back into its parts, and may be reworded without changing what a program reads.
    ///
    /// A partition and at most one other name: what every observation a metric labels needs,
    /// in 56 bytes (a field for each kind of name took 96, and a trace keeps up to millions of
    /// observations).
    public struct Subject: Sendable, Equatable {
        /// A topic of the queue or the log.
        public let topic: String?
        /// A partition of ``topic``, counted from 0.
        public let partition: Int?
        /// The other thing it names, if any.
        public let named: Named?

        /// A name an observation is about, by what it names.
        public enum Named: Sendable, Equatable {
            /// A consumer group.
            case group(String)
            /// The other node or host it concerns: the broker a queue controller's decision
            /// names, the server a balancer's connections and health events are to.
            case peer(String)
            /// A MapReduce job's id.
            case job(String)
            /// Which of a node's gauges of one name it is: a connection pool's `open` or `idle`.
            case state(String)
        }

        public init(topic: String? = nil, partition: Int? = nil, _ named: Named? = nil) {
            self.topic = topic
            self.partition = partition
            self.named = named
        }

        public var group: String? { if case .group(let name) = named { name } else { nil } }
        public var peer: String? { if case .peer(let name) = named { name } else { nil } }
        public var job: String? { if case .job(let name) = named { name } else { nil } }
        public var state: String? { if case .state(let name) = named { name } else { nil } }
    }

    /// When the observed work began: a span's start, otherwise its time.
    public var start: VirtualInstant {
        if case .span(let start) = shape { return start }
        return time
    }
}

/// Receives every observation of a simulation, in the order they happen, on the simulation thread.
public protocol SimulationObserver: AnyObject, Sendable {
    func observe(_ observation: Observation)
}

extension Simulation {
    /// Reports a span of work on `node` that began at `start` and ends now. Its text is only
    /// built when an observer listens.
    public func observeSpan(
        _ subsystem: ObservedSubsystem, _ node: @autoclosure () -> String, _ name: String, from start: VirtualInstant,
        detail: @autoclosure () -> String = "", subject: @autoclosure () -> Observation.Subject = Observation.Subject(),
        outcome: @autoclosure () -> String = "", value: Int64 = 0, flow: UInt64 = 0
    ) {
        guard let observer, !executor.isTearingDown else { return }
        observer.observe(Observation(time: now, shape: .span(start: start), subsystem: subsystem, node: node(), name: name,
                                     detail: detail(), subject: subject(), outcome: outcome(), value: value, flow: flow))
    }

    /// Reports something that happened on `node` now.
    public func observeInstant(
        _ subsystem: ObservedSubsystem, _ node: @autoclosure () -> String, _ name: String,
        detail: @autoclosure () -> String = "", subject: @autoclosure () -> Observation.Subject = Observation.Subject(), value: Int64 = 0
    ) {
        guard let observer, !executor.isTearingDown else { return }
        observer.observe(Observation(time: now, shape: .instant, subsystem: subsystem, node: node(), name: name, detail: detail(),
                                     subject: subject(), value: value))
    }

    /// Reports the level of gauge `name` on `node` from now on; `detail` says which one when a
    /// node has several (`connections` to `s2`, `end offset` of `events/3`), to a reader, and
    /// `subject` as data.
    public func observeGauge(
        _ subsystem: ObservedSubsystem, _ node: @autoclosure () -> String, _ name: String,
        of detail: @autoclosure () -> String = "", subject: @autoclosure () -> Observation.Subject = Observation.Subject(), _ level: Double
    ) {
        guard let observer, !executor.isTearingDown else { return }
        observer.observe(Observation(time: now, shape: .gauge(level), subsystem: subsystem, node: node(), name: name, detail: detail(),
                                     subject: subject()))
    }
}
