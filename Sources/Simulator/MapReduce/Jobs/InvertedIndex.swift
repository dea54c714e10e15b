extension MapReduce {
    /// For every word, the sorted list of ids of the documents it occurs in; the output value is
    /// the ids in decimal, comma-separated (`0,3,7`).
    public struct InvertedIndex: Job {
        /// The catalog name, `inverted-index`.
        public var name: String { "inverted-index" }

        /// Creates the job.
        public init() {}

        /// Emits `(word, {document})` for every word of the line.
        public func map(_ record: InputRecord, into output: inout Emitter<InvertedIndex>) {
            let document = DocumentSet(record.document)
            record.line.withUnsafeBytes { line in Words.forEach(in: line) { output.emit($0, document) } }
        }

        /// Unites partial document sets.
        public func combine(_ accumulated: inout DocumentSet, with value: DocumentSet) { accumulated.formUnion(value) }

        /// The sorted document ids, comma-separated.
        public func reduce(key: ArraySlice<UInt8>, values: [DocumentSet]) -> Bytes {
            var all = values[0]
            for value in values.dropFirst() { all.formUnion(value) }
            return InvertedIndex.render(all.ids)
        }

        static func render(_ ids: [UInt32]) -> Bytes {
            Bytes(ids.map(String.init).joined(separator: ",").utf8)
        }

        /// Collects each word's documents in a set, then sorts them.
        public func reference(_ input: [InputRecord]) -> [Record] {
            var documents: [Bytes: Set<UInt32>] = [:]
            for record in input {
                for word in record.line.split(whereSeparator: { !Words.isWordByte($0) }) {
                    documents[Bytes(word), default: []].insert(record.document)
                }
            }
            return documents.keys.sorted { $0.lexicographicallyPrecedes($1) }.map {
                Record(key: $0, value: InvertedIndex.render(documents[$0]!.sorted()))
            }
        }
    }
}
