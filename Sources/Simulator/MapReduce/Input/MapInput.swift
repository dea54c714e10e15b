extension MapReduce {
    /// What one map task reads, its lines in one buffer: a document split's bytes as they are
    /// (each line named by its place, its `\n` left out), or the values of a log range copied
    /// back to back. The records a map function sees are its lines in order, tagged with the one
    /// document (or log partition) the split comes from.
    ///
    /// One buffer and a range per line, not an array or a slice per line: a map task's input
    /// was an `InputRecord` per line, each holding its own log record's storage (or the
    /// document's), counted up and down as records were read, stored and mapped.
    public struct MapInput: Sendable {
        /// The document (for log input: the log partition) every line comes from.
        public let document: UInt32
        /// The bytes the lines lie in.
        public private(set) var bytes: ArraySlice<UInt8>
        /// Each line's place in ``bytes``, in order (indices of ``bytes``).
        public private(set) var lines: [Range<Int>]

        /// Lines `lines` of `bytes`, from `document`.
        public init(document: UInt32, bytes: ArraySlice<UInt8>, lines: [Range<Int>]) {
            self.document = document
            self.bytes = bytes
            self.lines = lines
        }

        /// No lines yet, from `document` (a log partition), with room for `count` of them.
        init(document: UInt32, reservingLines count: Int) {
            self.document = document
            bytes = []
            lines = []
            lines.reserveCapacity(count)
        }

        /// The lines of a document split, as ``Split/forEachLine(_:)`` cuts them (none for a log
        /// range: its lines come from the log, ``append(_:)``).
        init(split: Split) {
            guard case .lines(let document, _, _, let bytes) = split else {
                self.init(document: 0, reservingLines: 0)
                return
            }
            self.init(document: document, bytes: bytes, lines: [])
            split.forEachLine { lines.append($0.indices) }
        }

        /// Appends the values of a log read, each one line.
        mutating func append(_ values: LogValues) {
            let base = bytes.endIndex
            bytes.append(contentsOf: values.bytes)
            var start = base
            for end in values.ends {
                lines.append(start..<(base + end))
                start = base + end
            }
        }

        /// How many lines there are.
        public var count: Int { lines.count }

        /// The lines as map input records, in order.
        public var records: [InputRecord] {
            lines.map { InputRecord(document: document, line: bytes[$0]) }
        }

        /// Calls `body` with each line as an input record, in order.
        @inline(__always)
        public func forEachRecord(_ body: (InputRecord) throws -> Void) rethrows {
            for line in lines { try body(InputRecord(document: document, line: bytes[line])) }
        }

        /// Calls `body` with each line's bytes, in order, valid only during the call: no slice is
        /// made, nothing is counted up or down per line.
        @inline(__always)
        public func forEachLine(_ body: (UnsafeRawBufferPointer) throws -> Void) rethrows {
            let offset = bytes.startIndex
            try bytes.withUnsafeBytes { buffer in
                let base = buffer.baseAddress
                try lines.withUnsafeBufferPointer { lines in
                    for line in lines {
                        try body(UnsafeRawBufferPointer(start: base.map { $0 + (line.lowerBound - offset) }, count: line.count))
                    }
                }
            }
        }
    }
}
