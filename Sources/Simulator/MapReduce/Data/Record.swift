extension MapReduce {
    /// One line of a job's output: a key and its reduced value, both bytes.
    public struct Record: Sendable, Hashable, CustomStringConvertible {
        /// The key, as the map function emitted it.
        public let key: Bytes
        /// The value the reduce function produced for the key.
        public let value: Bytes

        /// Creates a record.
        public init(key: Bytes, value: Bytes) {
            self.key = key
            self.value = value
        }

        /// Creates a record from text (for tests and examples).
        public init(_ key: String, _ value: String) {
            self.init(key: Array(key.utf8), value: Array(value.utf8))
        }

        /// `key<TAB>value`, with invalid UTF-8 shown as replacement characters.
        public var description: String { MapReduce.display(key) + "\t" + MapReduce.display(value) }

        /// Whether `self` sorts before `other`: by key bytes, then by value bytes.
        public func precedes(_ other: Record) -> Bool {
            key == other.key ? value.lexicographicallyPrecedes(other.value) : key.lexicographicallyPrecedes(other.key)
        }
    }
}
