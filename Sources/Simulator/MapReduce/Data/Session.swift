extension MapReduce {
    /// One session: events of one key with no silence longer than the session gap between two
    /// consecutive ones. Times are milliseconds since the Unix epoch.
    public struct Session: Sendable, Hashable {
        /// The first event's time.
        public var start: Int64
        /// The last event's time.
        public var end: Int64
        /// How many events the session holds.
        public var count: UInt64

        /// Creates a session.
        public init(start: Int64, end: Int64, count: UInt64) {
            self.start = start
            self.end = end
            self.count = count
        }
    }
}
