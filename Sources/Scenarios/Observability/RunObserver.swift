import Simulator

/// The observer a world is given when its run is to be shown: it hands each observation to the
/// timeline (for a Perfetto trace) and to the metrics recorder (for OpenMetrics), whichever were
/// asked for.
///
/// `@unchecked Sendable`: fed only on the simulation thread, read after the run.
final class RunObserver: SimulationObserver, @unchecked Sendable {
    let timeline: TimelineRecorder?
    let metrics: MetricsRecorder?

    init(_ options: ObservationOptions) {
        timeline = options.trace == .perfetto ? TimelineRecorder(window: options.traceWindow, eventLimit: options.traceEventLimit) : nil
        metrics = options.metrics ? MetricsRecorder() : nil
    }

    /// Whether the process restart of `node` now is a deployment's (set by a world that deploys):
    /// the network observes every restart alike, but only a fault's is a fault.
    var isDeploymentRestart: ((_ node: String, _ at: VirtualInstant) -> Bool)?

    /// The name a deployment's restart is observed under: not a fault, so no `restart` in
    /// `orrery_faults_total` and no `cat:"fault"` instant for a report that lists no fault.
    static let deploymentRestart = "deployment restart"

    /// Whether `observation` is a change of a balancer's replica set (an operation's, or the
    /// replica manager's): the network observes it under its own name (``Network/retire(_:)``,
    /// ``Network/enlist(_:)``), no fault — no `orrery_faults_total`, a Perfetto instant of
    /// category `operation`.
    static func isReplicaSetChange(_ observation: Observation) -> Bool {
        observation.subsystem == .network
            && (observation.name == Network.removedFromReplicaSet || observation.name == Network.addedToReplicaSet)
    }

    func observe(_ observation: Observation) {
        var observation = observation
        if observation.subsystem == .network, observation.name == "restart", case .instant = observation.shape,
           isDeploymentRestart?(observation.node, observation.time) == true {
            observation = Observation(time: observation.time, shape: .instant, subsystem: .network, node: observation.node,
                                      name: Self.deploymentRestart, detail: observation.detail, subject: observation.subject, value: observation.value)
        }
        timeline?.record(observation)
        metrics?.record(observation)
    }
}

/// The observations a Perfetto trace is made from, in the order they happened: those within the
/// window, gauges only when their level changes, and none after the event limit is reached.
final class TimelineRecorder: @unchecked Sendable {
    private(set) var observations: [Observation] = []
    /// When the event limit cut the trace short, the instant it did.
    private(set) var cutOffAt: VirtualInstant?
    /// Observations left out by the window or the limit.
    private(set) var omitted = 0
    private let window: ClosedRange<VirtualInstant>?
    private let eventLimit: Int
    /// Trace events the kept observations make — a slice, an instant or a counter value each,
    /// and the flow arrows the trace draws between kept slices — so that `--trace-max-events N`
    /// keeps N events, as the JSON-lines trace keeps N lines (fewer only when the next
    /// observation's slice and arrows together would pass N). A fault's copies on its node's
    /// other tracks (`fault copy`) are not counted: which tracks a node has is known only once
    /// the whole trace is.
    private var events = 0
    /// Per flow (a client request's id): whether its request slice is kept, and how many kept
    /// slices it flowed to. Its arrows are drawn once both are there: a start arrow and one per
    /// served slice (``PerfettoTrace``).
    private var flows: [UInt64: (sourceKept: Bool, targets: Int)] = [:]
    private var gaugeLevels: [GaugeKey: Double] = [:]
    /// Where each job's span is in ``observations``, by job id, for a give-up to replace.
    private var jobSpans: [String: Int] = [:]

    private struct GaugeKey: Hashable {
        let subsystem: ObservedSubsystem
        let node: String
        let name: String
        let detail: String
    }

    init(window: ClosedRange<VirtualInstant>?, eventLimit: Int) {
        self.window = window
        self.eventLimit = eventLimit
    }

    /// The faults' ends to come (`hang over`, `storm over`), in time order (two at one instant in
    /// the order their faults struck).
    private var ends: [Observation] = []

    /// What ends a node's hang before its time: its process killed or replaced. The network
    /// observes each (a restart as a deployment's too, ``RunObserver/deploymentRestart``).
    private static let hangEnders: Set<String> = ["crash", "restart", RunObserver.deploymentRestart, Network.removedFromReplicaSet,
                                                  Network.addedToReplicaSet]

    /// Keeps `observation` (within the window and the limit), after the faults' ends due by its
    /// time.
    ///
    /// A hang with a length and a store's storm end where the network observes nothing (an end
    /// would need a timer, and a timer moves digests): the `hang` and `storm` instants carry their
    /// length as their value, and the recorder adds each one's end itself — a `hang over` or
    /// `storm over` instant on the same node, its detail the fault's own — before the first
    /// observation at or after that instant, or at the run's end if the run reached it
    /// (``finish(reachedAt:)``), as the JSON-lines trace writes its `hangOver` and `stormOver`
    /// lines. A crash or a restart of a hung node ends its hang without one (its own instant
    /// stands for the end), as a later hang of the node replaces it.
    func record(_ observation: Observation) {
        keepEnds(through: observation.time)
        if observation.subsystem == .network, case .instant = observation.shape {
            if observation.name == "hang" || Self.hangEnders.contains(observation.name) {
                ends.removeAll { $0.name == "hang over" && $0.node == observation.node }
                if observation.name == "hang", observation.value >= 0 { expect("hang over", of: observation) }
            } else if observation.name == "storm" {
                expect("storm over", of: observation)
            }
        }
        keep(observation)
    }

    /// The run is over with its clock at `end`: the faults' ends it reached are kept.
    func finish(reachedAt end: VirtualInstant) {
        keepEnds(through: end)
    }

    /// Keeps the end, named `name`, of `fault`, for its instant.
    private func expect(_ name: String, of fault: Observation) {
        let end = Observation(time: VirtualInstant(nanoseconds: VirtualInstant.saturating(fault.time.nanoseconds, plus: fault.value)),
                              shape: .instant, subsystem: fault.subsystem, node: fault.node, name: name, detail: fault.detail, value: fault.value)
        ends.insert(end, at: ends.lastIndex { $0.time <= end.time }.map { $0 + 1 } ?? 0)
    }

    /// Keeps the ends due at or before `instant`.
    private func keepEnds(through instant: VirtualInstant) {
        guard let first = ends.first, first.time <= instant else { return }
        let due = ends.prefix { $0.time <= instant }
        ends.removeFirst(due.count)
        for end in due { keep(end) }
    }

    private func keep(_ observation: Observation) {
        if let window, observation.time < window.lowerBound || observation.start > window.upperBound {
            omitted += 1
            return
        }
        guard cutOffAt == nil else {
            omitted += 1
            return
        }
        if case .gauge(let level) = observation.shape {
            let key = GaugeKey(subsystem: observation.subsystem, node: observation.node, name: observation.name, detail: observation.detail)
            guard gaugeLevels.updateValue(level, forKey: key) != level else { return }
        }
        var observation = observation
        if observation.subsystem == .mapreduce, observation.name == MapReduce.Cluster.gaveUpSpan {
            observation = Self.jobSpan(givenUp: observation)
            // In place of the coordinator's span of the job, kept where it was.
            if let earlier = jobSpans[observation.detail] {
                observations[earlier] = observation
                return
            }
        }
        let cost = Self.events(of: observation, flow: observation.flow == 0 ? nil : flows[observation.flow] ?? (false, 0))
        guard events + cost <= eventLimit else {
            cutOffAt = observation.time
            omitted += 1
            return
        }
        events += cost
        if observation.flow != 0, case .span = observation.shape {
            if observation.name == "request" { flows[observation.flow, default: (false, 0)].sourceKept = true } else { flows[observation.flow, default: (false, 0)].targets += 1 }
        }
        if observation.subsystem == .mapreduce, observation.name == "job", case .span = observation.shape {
            jobSpans[observation.detail] = observations.count
        }
        observations.append(observation)
    }

    /// The trace events `observation` adds: itself, and for a slice in a flow the arrows it
    /// completes — a request slice those to the served slices kept before it (a start arrow and
    /// one each), a served slice after its request's its own (and the start arrow if first).
    private static func events(of observation: Observation, flow: (sourceKept: Bool, targets: Int)?) -> Int {
        guard let flow, case .span = observation.shape else { return 1 }
        if observation.name == "request" { return flow.targets > 0 ? 2 + flow.targets : 1 }
        return flow.sourceKept ? (flow.targets == 0 ? 3 : 2) : 1
    }

    /// The job's span as its client's give-up ends it: the job `job-1` from its submission to the
    /// give-up, outcome `failed: client gave up`. It takes the place of the coordinator's span of
    /// the job, which said `succeeded` for a job done just before the coordinator died for good
    /// while every report says the job failed; a job the coordinator died in the middle of had
    /// no span at all. One span a job, as for a job whose client had its report.
    private static func jobSpan(givenUp observation: Observation) -> Observation {
        Observation(time: observation.time, shape: observation.shape, subsystem: observation.subsystem, node: observation.node,
                    name: "job", detail: observation.detail, subject: observation.subject, outcome: observation.outcome, value: observation.value,
                    flow: observation.flow)
    }
}
