/// What a deployment did, server by server and instant by instant: the record its report and
/// tests read. `@unchecked Sendable`: written by the deployment's task on the simulation thread,
/// read after the run.
public final class DeploymentRecord: @unchecked Sendable {
    /// How a deployment ended.
    public enum Outcome: Sendable, Equatable {
        /// Still going when the run ended (or not started).
        case unfinished
        /// Every server runs the new version.
        case completed
        /// A step failed its check (`reason`); the servers already deployed were rolled back.
        case rolledBack(reason: String)
    }

    /// One server's pass through drain, restart, health and back into rotation.
    public struct Step: Sendable, Equatable {
        /// Deploying the new version, or restoring the old one after a halt.
        public enum Kind: String, Sendable, Equatable {
            case deploy
            case rollback
        }

        public var server: String
        public var kind: Kind
        /// The version it ran before the step, and the one it was restarted into.
        public var fromVersion: Int
        public var toVersion: Int
        /// When it was taken out of rotation (nil without drain).
        public var drainStarted: VirtualInstant?
        /// When the drain ended: its last request finished, or the drain timeout passed.
        public var drainEnded: VirtualInstant?
        /// Whether the drain timeout passed with requests still in flight.
        public var drainTimedOut = false
        /// Requests in flight to it when its process was restarted (reset: their callers are refused).
        public var resetAtRestart = 0
        public var restarted: VirtualInstant
        /// When the health checks had passed it `rise` times; nil if not by the health deadline.
        public var healthy: VirtualInstant?
        /// When it was put back in rotation (nil if it never was healthy).
        public var backInRotation: VirtualInstant?
    }

    /// The error check of one step (a wave of servers: one when rolling, all at once otherwise).
    public struct Check: Sendable, Equatable {
        /// The servers of the wave.
        public var servers: [String]
        /// The wave's pause: from its servers back in rotation to the next wave.
        public var from: VirtualInstant
        public var to: VirtualInstant
        /// Answers the balancer gave in that window (from every server), and the failed (5xx) ones.
        public var answered: Int
        public var failed: Int
        /// Forwards the wave's own servers answered in that window: what the check saw of the new
        /// version (with `max_error_ratio`, none fails the check).
        public var answeredByWave: Int
        /// Whether it let the deployment go on.
        public var passed: Bool

        /// The failed share of the answers (0 without answers).
        public var errorRatio: Double { answered == 0 ? 0 : Double(failed) / Double(answered) }
    }

    /// The plan carried out.
    public let plan: DeploymentPlan
    public internal(set) var started: VirtualInstant?
    public internal(set) var ended: VirtualInstant?
    public internal(set) var outcome: Outcome = .unfinished
    /// Every step, in the order they started.
    public internal(set) var steps: [Step] = []
    /// Every wave's error check, in order.
    public internal(set) var checks: [Check] = []
    /// The version each server ran at the end, in the plan's order.
    public internal(set) var finalVersions: [(server: String, version: Int)] = []

    init(plan: DeploymentPlan) { self.plan = plan }

    /// From the start of the deployment to its end (nil while unfinished).
    public var duration: Duration? {
        guard let started, let ended else { return nil }
        return started.duration(to: ended)
    }
}
