extension MapReduce {
    /// One input document handed in by the caller: a name, an id and its bytes (reading files
    /// happens outside the simulator).
    public struct Document: Sendable, Equatable {
        /// The document's id: what the inverted index lists.
        public let id: UInt32
        /// A name for reports (a file name, say).
        public let name: String
        /// The document's bytes: lines separated by `\n`.
        public let bytes: Bytes
        /// The document's lines as map input, in order: what its splits' map tasks see together,
        /// and what a sequential reference run reads. Cut once, when the document is made (a
        /// world reads them more than once — for its oracle, for the log it publishes — and an
        /// input's documents are shared by every run of an experiment).
        public let records: [InputRecord]

        /// Creates a document.
        public init(id: UInt32, name: String, bytes: Bytes) {
            self.id = id
            self.name = name
            self.bytes = bytes
            var records: [InputRecord] = []
            Split.lines(document: id, name: name, offset: 0, bytes: bytes[...]).forEachLine {
                records.append(InputRecord(document: id, line: $0))
            }
            self.records = records
        }

        /// Creates a document from text (for tests and examples).
        public init(id: UInt32, name: String, text: String) {
            self.init(id: id, name: name, bytes: Array(text.utf8))
        }

        /// Whether two documents have the same id, name and bytes (their records follow).
        public static func == (lhs: Document, rhs: Document) -> Bool {
            lhs.id == rhs.id && lhs.name == rhs.name && lhs.bytes == rhs.bytes
        }
    }
}
