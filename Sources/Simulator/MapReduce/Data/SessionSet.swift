extension MapReduce {
    /// Sessions of one key, sorted by start, as far as the events seen so far go: the value of the
    /// session-window job.
    ///
    /// Partial session sets from different map tasks merge exactly: every partial session lies
    /// inside one true session (its events are within the gap of each other even without the
    /// events other tasks saw), so merging the intervals that overlap or lie within the gap of each
    /// other rebuilds the true sessions, whatever the order of merging.
    public struct SessionSet: IntermediateValue, Hashable {
        /// The sessions, sorted by start, each separated from the next by more than the gap.
        public private(set) var sessions: [Session]

        /// The set holding one event at `time`.
        public init(event time: Int64) { sessions = [Session(start: time, end: time, count: 1)] }

        private init(sessions: [Session]) { self.sessions = sessions }

        /// Merges `other` in, joining sessions no more than `gap` milliseconds apart.
        ///
        /// - Complexity: O((*n* + *m*) log(*n* + *m*)).
        public mutating func merge(_ other: SessionSet, gap: Int64) {
            let all = (sessions + other.sessions).sorted { ($0.start, $0.end) < ($1.start, $1.end) }
            var merged: [Session] = []
            merged.reserveCapacity(all.count)
            for session in all {
                if let last = merged.last, session.start - last.end <= gap {
                    merged[merged.count - 1].end = max(last.end, session.end)
                    merged[merged.count - 1].count += session.count
                } else {
                    merged.append(session)
                }
            }
            sessions = merged
        }

        /// Writes the count, then each session as start, length and count, all varints.
        public func encode(into buffer: inout Bytes) {
            MapReduce.appendVarint(UInt64(sessions.count), to: &buffer)
            for session in sessions {
                MapReduce.appendVarint(UInt64(bitPattern: session.start), to: &buffer)
                MapReduce.appendVarint(UInt64(session.end - session.start), to: &buffer)
                MapReduce.appendVarint(session.count, to: &buffer)
            }
        }

        /// The size of the encoding in bytes.
        public var encodedSize: Int {
            sessions.reduce(MapReduce.varintSize(UInt64(sessions.count))) {
                $0 + MapReduce.varintSize(UInt64(bitPattern: $1.start)) + MapReduce.varintSize(UInt64($1.end - $1.start))
                    + MapReduce.varintSize($1.count)
            }
        }

        /// Reads a set written by ``encode(into:)``.
        public static func decode(from reader: inout ByteReader) throws(DecodingError) -> SessionSet {
            let count = try reader.readVarint()
            guard count <= UInt64(reader.bytes.count - reader.offset) else {
                throw DecodingError(offset: reader.offset, expected: "\(count) sessions")
            }
            var sessions: [Session] = []
            for _ in 0..<count {
                let start = Int64(bitPattern: try reader.readVarint())
                let length = Int64(bitPattern: try reader.readVarint())
                sessions.append(Session(start: start, end: start &+ length, count: try reader.readVarint()))
            }
            return SessionSet(sessions: sessions)
        }
    }
}
