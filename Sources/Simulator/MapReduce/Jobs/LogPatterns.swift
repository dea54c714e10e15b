extension MapReduce {
    /// Pattern extraction over log lines (``LogLine`` format): how many lines at each level, from
    /// each service and with each status code, under the keys `level:ERROR`, `service:payments`,
    /// `status:503`; lines not in the format count under `malformed`.
    public struct LogPatterns: Job {
        /// The catalog name, `log-patterns`.
        public var name: String { "log-patterns" }

        /// Creates the job.
        public init() {}

        static let malformed = Bytes("malformed".utf8)

        /// Emits `(key, 1)` for the line's level, service and status, or `(malformed, 1)`. Each
        /// key is put together in a buffer on the stack, which the emitter copies only if the key
        /// is new: a line's keys allocate nothing (three arrays of three concatenations did).
        public func map(_ record: InputRecord, into output: inout Emitter<LogPatterns>) {
            guard let parsed = LogLine(record.line) else { return output.emit(LogPatterns.malformed, 1) }
            func emit(_ name: StaticString, _ field: ArraySlice<UInt8>) {
                let nameCount = name.utf8CodeUnitCount
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: nameCount + field.count) { key in
                    _ = UnsafeMutableBufferPointer(rebasing: key[..<nameCount]).initialize(from: UnsafeBufferPointer(start: name.utf8Start, count: nameCount))
                    _ = UnsafeMutableBufferPointer(rebasing: key[nameCount...]).initialize(from: field)
                    output.emit(UnsafeRawBufferPointer(key), 1)
                }
            }
            emit("level:", parsed.level)
            emit("service:", parsed.service)
            emit("status:", parsed.status)
        }

        /// The keys one line counts under, put together on their own for the reference.
        static func keys(of line: ArraySlice<UInt8>) -> [Bytes] {
            guard let parsed = LogLine(line) else { return [malformed] }
            return [Bytes("level:".utf8) + parsed.level, Bytes("service:".utf8) + parsed.service,
                    Bytes("status:".utf8) + parsed.status]
        }

        /// Adds partial counts.
        public func combine(_ accumulated: inout UInt64, with value: UInt64) { accumulated += value }

        /// The total count, in decimal.
        public func reduce(key: ArraySlice<UInt8>, values: [UInt64]) -> Bytes {
            Bytes(String(values.reduce(0, +)).utf8)
        }

        /// Counts each line's keys in a dictionary.
        public func reference(_ input: [InputRecord]) -> [Record] {
            var counts: [Bytes: Int] = [:]
            for record in input {
                for key in LogPatterns.keys(of: record.line) { counts[key, default: 0] += 1 }
            }
            return counts.keys.sorted { $0.lexicographicallyPrecedes($1) }.map { Record(key: $0, value: Bytes(String(counts[$0]!).utf8)) }
        }
    }
}
