import Simulator

extension RunResult {
    /// The sharded queue's figures at the end of a world's run.
    public struct QueueFigures: Sendable, Equatable {
        public var audit: QueueAudit
        /// What the controller decided, in order.
        public var events: [QueueEvent]
        /// The consumer groups, in first-mention order.
        public var groups: [String]
    }
}
