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

    func observe(_ observation: Observation) {
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
    /// Trace events the kept observations make (spans with a flow make up to two more).
    private var events = 0
    private var gaugeLevels: [GaugeKey: Double] = [:]

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

    func record(_ observation: Observation) {
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
        let cost = observation.flow == 0 ? 1 : 2
        guard events + cost <= eventLimit else {
            cutOffAt = observation.time
            omitted += 1
            return
        }
        events += cost
        observations.append(observation)
    }
}
