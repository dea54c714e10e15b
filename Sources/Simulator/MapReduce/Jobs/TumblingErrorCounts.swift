extension MapReduce {
    /// Errors per tumbling window: the time axis is cut into back-to-back windows of one size
    /// (aligned to the epoch), and each `ERROR` line counts in the one window holding its
    /// timestamp. Keys are window starts as ``Timestamp`` text; windows without errors are absent.
    public struct TumblingErrorCounts: Job {
        /// The catalog name, `error-counts-tumbling`.
        public var name: String { "error-counts-tumbling" }
        /// The window size in milliseconds.
        public let windowMilliseconds: Int64

        /// The job with windows of `window` (at least one millisecond).
        public init(window: Duration) {
            windowMilliseconds = max(1, window.nanoseconds / 1_000_000)
        }

        /// Emits `(window start, 1)` for an `ERROR` line.
        public func map(_ record: InputRecord, into output: inout Emitter<TumblingErrorCounts>) {
            guard let line = LogLine(record.line), line.isError else { return }
            let start = Timestamp.floorDivide(line.timestamp, windowMilliseconds) * windowMilliseconds
            output.emit(Bytes(Timestamp.render(start).utf8), 1)
        }

        /// Adds partial counts.
        public func combine(_ accumulated: inout UInt64, with value: UInt64) { accumulated += value }

        /// The window's error count, in decimal.
        public func reduce(key: ArraySlice<UInt8>, values: [UInt64]) -> Bytes {
            Bytes(String(values.reduce(0, +)).utf8)
        }

        /// Sorts the error times and counts runs that share a window.
        public func reference(_ input: [InputRecord]) -> [Record] {
            let times = input.compactMap { LogLine($0.line) }.filter(\.isError).map(\.timestamp).sorted()
            var records: [Record] = []
            var index = 0
            while index < times.count {
                let window = Timestamp.floorDivide(times[index], windowMilliseconds)
                var end = index
                while end < times.count, Timestamp.floorDivide(times[end], windowMilliseconds) == window { end += 1 }
                records.append(Record(key: Bytes(Timestamp.render(window * windowMilliseconds).utf8), value: Bytes(String(end - index).utf8)))
                index = end
            }
            return records
        }
    }
}
