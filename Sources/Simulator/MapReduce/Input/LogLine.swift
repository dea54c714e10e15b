extension MapReduce {
    /// One parsed line of the log format the synthetic generator writes and the log jobs read:
    ///
    /// ```
    /// 2024-03-15T10:23:45.123Z ERROR payments POST /api/orders 503 124ms upstream timeout
    /// ```
    ///
    /// timestamp, level, service, HTTP method, path, status code and latency, separated by single
    /// spaces, then a free-text message. Fields are slices of the line (no copies).
    public struct LogLine {
        /// Milliseconds since the Unix epoch.
        public let timestamp: Int64
        /// `DEBUG`, `INFO`, `WARN` or `ERROR` (any word is accepted).
        public let level: ArraySlice<UInt8>
        /// The service that logged the line.
        public let service: ArraySlice<UInt8>
        /// The HTTP method.
        public let method: ArraySlice<UInt8>
        /// The request path.
        public let path: ArraySlice<UInt8>
        /// The three-digit HTTP status code, as text.
        public let status: ArraySlice<UInt8>
        /// The latency in milliseconds.
        public let latencyMilliseconds: Int
        /// The rest of the line (may be empty).
        public let message: ArraySlice<UInt8>

        /// Parses `line`, or returns nil when it is not in the format (a missing field, a bad
        /// timestamp, a status that is not three digits, a latency that is not digits then `ms`).
        ///
        /// A trailing carriage return is dropped first: the splitter ends lines at LF, so a CRLF
        /// file's lines end in CR, and Hadoop's `LineRecordReader` treats CRLF as one line end.
        public init?(_ rawLine: ArraySlice<UInt8>) {
            let line = rawLine.last == UInt8(ascii: "\r") ? rawLine.dropLast() : rawLine
            var fields: [ArraySlice<UInt8>] = []
            fields.reserveCapacity(7)
            var start = line.startIndex
            while fields.count < 7 {
                guard start < line.endIndex else { return nil }
                let end = line[start...].firstIndex(of: UInt8(ascii: " ")) ?? line.endIndex
                guard end > start else { return nil }
                fields.append(line[start..<end])
                start = min(end + 1, line.endIndex)
            }
            guard let timestamp = Timestamp.parse(fields[0]),
                  fields[5].count == 3, fields[5].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                  fields[6].count > 2, fields[6].suffix(2).elementsEqual("ms".utf8),
                  let latency = Self.unsignedDecimal(fields[6].dropLast(2)) else { return nil }
            self.timestamp = timestamp
            level = fields[1]
            service = fields[2]
            method = fields[3]
            path = fields[4]
            status = fields[5]
            latencyMilliseconds = latency
            message = line[start...]
        }

        /// The value of `digits` when it is one or more ASCII digits and fits an `Int`; nil for
        /// anything else, a sign included (`Int("+5")` would accept it).
        static func unsignedDecimal(_ digits: ArraySlice<UInt8>) -> Int? {
            guard !digits.isEmpty else { return nil }
            var value = 0
            for byte in digits {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                let (times10, overflowed) = value.multipliedReportingOverflow(by: 10)
                let (sum, carried) = times10.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
                guard !overflowed, !carried else { return nil }
                value = sum
            }
            return value
        }

        /// Whether the line's level is `ERROR`.
        public var isError: Bool { level.elementsEqual("ERROR".utf8) }
    }
}
