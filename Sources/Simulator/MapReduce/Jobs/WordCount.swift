extension MapReduce {
    /// Counts every word of the input (words as ``Words`` cuts them); the output value is the
    /// count in decimal.
    public struct WordCount: Job {
        /// The catalog name, `word-count`.
        public var name: String { "word-count" }

        /// Creates the job.
        public init() {}

        /// Emits `(word, 1)` for every word of the line.
        public func map(_ record: InputRecord, into output: inout Emitter<WordCount>) {
            record.line.withUnsafeBytes { line in Words.forEach(in: line) { output.emit($0, 1) } }
        }

        /// Emits `(word, 1)` for every word of every line, reading the lines in place.
        public func map(lines input: MapInput, into output: inout Emitter<WordCount>) {
            input.forEachLine { line in Words.forEach(in: line) { output.emit($0, 1) } }
        }

        /// Adds partial counts.
        public func combine(_ accumulated: inout UInt64, with value: UInt64) { accumulated += value }

        /// The total count, in decimal.
        public func reduce(key: ArraySlice<UInt8>, values: [UInt64]) -> Bytes {
            Bytes(String(values.reduce(0, +)).utf8)
        }

        /// Counts words with `split` into a dictionary keyed by the words' slices of their lines
        /// (a word is copied once, for its output record, not at every occurrence).
        public func reference(_ input: [InputRecord]) -> [Record] {
            var counts: [ArraySlice<UInt8>: Int] = [:]
            for record in input {
                for word in record.line.split(whereSeparator: { !Words.isWordByte($0) }) {
                    counts[word, default: 0] += 1
                }
            }
            return counts.keys.sorted { $0.lexicographicallyPrecedes($1) }.map { Record(key: Bytes($0), value: Bytes(String(counts[$0]!).utf8)) }
        }
    }
}
