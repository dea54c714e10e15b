extension MapReduce {
    /// Errors per sliding window: windows of one size start every `slide` (aligned to the epoch),
    /// so they overlap when the slide is shorter than the window, and an `ERROR` line counts in
    /// every window `[start, start + window)` holding its timestamp. Keys are window starts as
    /// ``Timestamp`` text; windows without errors are absent.
    public struct SlidingErrorCounts: Job {
        /// The catalog name, `error-counts-sliding`.
        public var name: String { "error-counts-sliding" }
        /// The window size in milliseconds.
        public let windowMilliseconds: Int64
        /// The gap between two window starts in milliseconds.
        public let slideMilliseconds: Int64

        /// The job with windows of `window` starting every `slide` (each at least a millisecond).
        public init(window: Duration, slide: Duration) {
            windowMilliseconds = max(1, window.nanoseconds / 1_000_000)
            slideMilliseconds = max(1, slide.nanoseconds / 1_000_000)
        }

        /// Emits `(window start, 1)` for every window holding an `ERROR` line.
        public func map(_ record: InputRecord, into output: inout Emitter<SlidingErrorCounts>) {
            guard let line = LogLine(record.line), line.isError else { return }
            let last = Timestamp.floorDivide(line.timestamp, slideMilliseconds)
            let first = Timestamp.floorDivide(line.timestamp - windowMilliseconds, slideMilliseconds) + 1
            for index in stride(from: first, through: last, by: 1) {
                output.emit(Bytes(Timestamp.render(index * slideMilliseconds).utf8), 1)
            }
        }

        /// Adds partial counts.
        public func combine(_ accumulated: inout UInt64, with value: UInt64) { accumulated += value }

        /// The window's error count, in decimal.
        public func reduce(key: ArraySlice<UInt8>, values: [UInt64]) -> Bytes {
            Bytes(String(values.reduce(0, +)).utf8)
        }

        /// Walks every window start from before the first error to the last one and counts the
        /// sorted error times inside it with two pointers.
        public func reference(_ input: [InputRecord]) -> [Record] {
            let times = input.compactMap { LogLine($0.line) }.filter(\.isError).map(\.timestamp).sorted()
            guard let earliest = times.first, let latest = times.last else { return [] }
            var records: [Record] = []
            var low = 0, high = 0
            var start = Timestamp.floorDivide(earliest - windowMilliseconds, slideMilliseconds) * slideMilliseconds
            while start <= latest {
                while low < times.count, times[low] < start { low += 1 }
                high = max(high, low)
                while high < times.count, times[high] < start + windowMilliseconds { high += 1 }
                if high > low {
                    records.append(Record(key: Bytes(Timestamp.render(start).utf8), value: Bytes(String(high - low).utf8)))
                }
                start += slideMilliseconds
            }
            return records
        }
    }
}
