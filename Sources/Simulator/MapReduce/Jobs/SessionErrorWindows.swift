extension MapReduce {
    /// Error sessions per service: a service's `ERROR` lines form one session as long as no two
    /// consecutive ones are more than `gap` apart (a session window). The key is the service; the
    /// value lists its sessions in time order as `start/end count`, separated by `; `.
    public struct SessionErrorWindows: Job {
        /// The catalog name, `error-sessions`.
        public var name: String { "error-sessions" }
        /// The longest silence inside one session, in milliseconds.
        public let gapMilliseconds: Int64

        /// The job with sessions closed by a silence longer than `gap`.
        public init(gap: Duration) {
            gapMilliseconds = max(0, gap.nanoseconds / 1_000_000)
        }

        /// Emits `(service, one-event session)` for an `ERROR` line.
        public func map(_ record: InputRecord, into output: inout Emitter<SessionErrorWindows>) {
            guard let line = LogLine(record.line), line.isError else { return }
            output.emit(line.service, SessionSet(event: line.timestamp))
        }

        /// Merges partial sessions that lie within the gap of each other.
        public func combine(_ accumulated: inout SessionSet, with value: SessionSet) {
            accumulated.merge(value, gap: gapMilliseconds)
        }

        /// The service's sessions as `start/end count`, separated by `; `.
        public func reduce(key: ArraySlice<UInt8>, values: [SessionSet]) -> Bytes {
            var all = values[0]
            for value in values.dropFirst() { all.merge(value, gap: gapMilliseconds) }
            return SessionErrorWindows.render(all.sessions)
        }

        static func render(_ sessions: [Session]) -> Bytes {
            Bytes(sessions.map { "\(Timestamp.render($0.start))/\(Timestamp.render($0.end)) \($0.count)" }
                .joined(separator: "; ").utf8)
        }

        /// Sorts each service's error times and cuts them wherever two are more than the gap apart.
        public func reference(_ input: [InputRecord]) -> [Record] {
            var times: [Bytes: [Int64]] = [:]
            for record in input {
                guard let line = LogLine(record.line), line.isError else { continue }
                times[Bytes(line.service), default: []].append(line.timestamp)
            }
            return times.keys.sorted { $0.lexicographicallyPrecedes($1) }.map { service in
                var sessions: [Session] = []
                for time in times[service]!.sorted() {
                    if let last = sessions.last, time - last.end <= gapMilliseconds {
                        sessions[sessions.count - 1].end = time
                        sessions[sessions.count - 1].count += 1
                    } else {
                        sessions.append(Session(start: time, end: time, count: 1))
                    }
                }
                return Record(key: service, value: SessionErrorWindows.render(sessions))
            }
        }
    }
}
