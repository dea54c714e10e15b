extension MapReduce {
    /// The committed result of a job: one part per reduce partition, each sorted by key, as the
    /// reduce tasks wrote them.
    public struct Output: Sendable, Hashable {
        /// Part `r` holds the keys with `murmur3(key) mod R == r`, sorted by key.
        public let parts: [[Record]]

        /// Creates an output from its parts.
        public init(parts: [[Record]]) { self.parts = parts }

        /// Every record of every part, sorted by key: the form to compare with a sequential run.
        public var records: [Record] { parts.flatMap { $0 }.sorted { $0.precedes($1) } }

        /// The output as text, one `key<TAB>value` line per record, sorted by key.
        public var text: String { records.map { $0.description + "\n" }.joined() }

        /// Total size in bytes of every key and value.
        public var byteCount: Int { parts.reduce(0) { $0 + $1.reduce(0) { $0 + $1.key.count + $1.value.count } } }
    }
}
