import Simulator

/// Whether a server is in the balancer's rotation, as its events tell: out while any mechanism
/// holds it down — passive health, active health checks, outlier detection, a deployment's drain —
/// and back only once every one of them has let it go. The mechanisms are independent (nginx's
/// `max_fails` and a health check each take a server out on their own), so a server a health
/// check marked up at 12.176 s while passive health still held it until 17.041 s took no request
/// in between, and was back in rotation at 17.041 s. A restart of the balancer lets every hold
/// go at once ("marked up (balancer restart)"): the new process believes every server up, drains
/// included, and routes to it — a server the crashed process had marked down read down to the
/// run's end though the restarted balancer sent it requests.
struct RotationState {
    /// One bit a mechanism holding the server down.
    private var holds: UInt8 = 0

    /// Whether nothing holds the server down.
    var inRotation: Bool { holds == 0 }

    /// Takes in one of the server's events.
    mutating func apply(_ kind: BalancerEvent.Kind) {
        switch kind {
        case .markedDown(let cause): holds |= Self.bit(cause)
        case .markedUp(.restart): holds = 0
        case .markedUp(let cause): holds &= ~Self.bit(cause)
        case .drainStarted: holds |= Self.drainBit
        case .backInRotation: holds &= ~Self.drainBit
        case .probe, .circuit, .panic: break
        }
    }

    private static func bit(_ cause: BalancerEvent.Cause) -> UInt8 {
        switch cause {
        case .passive: 1
        case .active: 2
        case .outlier: 4
        // Nothing marks a server down for a restart; a restart's mark-up lets every hold go.
        case .restart: 0
        }
    }

    private static let drainBit: UInt8 = 8

    /// A stretch of time a server spent out of rotation.
    struct Gap: Equatable {
        var server: String
        var start: VirtualInstant
        /// When it was back; nil if it was not by the run's end.
        var end: VirtualInstant?
    }

    /// Every stretch each server of `events` (in time order) spent out of rotation, in the order
    /// they began.
    static func gaps(in events: [BalancerEvent]) -> [Gap] {
        var states: [String: RotationState] = [:]
        var open: [String: Int] = [:]
        var gaps: [Gap] = []
        for event in events {
            var state = states[event.subject] ?? RotationState()
            let wasIn = state.inRotation
            state.apply(event.kind)
            states[event.subject] = state
            if wasIn, !state.inRotation {
                open[event.subject] = gaps.count
                gaps.append(Gap(server: event.subject, start: event.at, end: nil))
            } else if !wasIn, state.inRotation, let index = open.removeValue(forKey: event.subject) {
                gaps[index].end = event.at
            }
        }
        return gaps
    }
}
