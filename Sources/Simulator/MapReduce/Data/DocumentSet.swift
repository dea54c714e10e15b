extension MapReduce {
    /// A set of document ids kept sorted and unique: the value of the inverted index.
    ///
    /// Encoded as a varint count followed by the ids as varint gaps from the previous id, so a
    /// posting list of nearby documents costs about a byte per id.
    public struct DocumentSet: IntermediateValue, Hashable {
        /// The ids, ascending, without duplicates.
        public private(set) var ids: [UInt32]

        /// The set holding just `id`.
        public init(_ id: UInt32) { ids = [id] }

        /// The set of `ids` (any order, duplicates allowed).
        public init<S: Sequence<UInt32>>(_ ids: S) { self.ids = Array(Set(ids)).sorted() }

        private init(sortedUnique ids: [UInt32]) { self.ids = ids }

        /// Adds every id of `other` (a merge of two sorted lists).
        ///
        /// - Complexity: O(*n* + *m*).
        public mutating func formUnion(_ other: DocumentSet) {
            if other.ids.count == 1, let last = ids.last, other.ids[0] > last {
                ids.append(other.ids[0])
                return
            }
            var merged: [UInt32] = []
            merged.reserveCapacity(ids.count + other.ids.count)
            var i = 0, j = 0
            while i < ids.count || j < other.ids.count {
                let next: UInt32
                if j == other.ids.count || (i < ids.count && ids[i] <= other.ids[j]) {
                    next = ids[i]; i += 1
                } else {
                    next = other.ids[j]; j += 1
                }
                if merged.last != next { merged.append(next) }
            }
            ids = merged
        }

        /// Writes the count, then each id as the gap from the previous one, all varints.
        public func encode(into buffer: inout Bytes) {
            MapReduce.appendVarint(UInt64(ids.count), to: &buffer)
            var previous: UInt32 = 0
            for id in ids {
                MapReduce.appendVarint(UInt64(id - previous), to: &buffer)
                previous = id
            }
        }

        /// The size of the encoding in bytes.
        public var encodedSize: Int {
            var size = MapReduce.varintSize(UInt64(ids.count))
            var previous: UInt32 = 0
            for id in ids {
                size += MapReduce.varintSize(UInt64(id - previous))
                previous = id
            }
            return size
        }

        /// Reads a set written by ``encode(into:)``.
        public static func decode(from reader: inout ByteReader) throws(DecodingError) -> DocumentSet {
            let count = try reader.readVarint()
            guard count <= UInt64(reader.bytes.count - reader.offset) else {
                throw DecodingError(offset: reader.offset, expected: "\(count) document ids")
            }
            var ids: [UInt32] = []
            ids.reserveCapacity(Int(count))
            var previous: UInt64 = 0
            for _ in 0..<count {
                previous += try reader.readVarint()
                guard previous <= UInt64(UInt32.max) else { throw DecodingError(offset: reader.offset, expected: "a 32-bit id") }
                ids.append(UInt32(previous))
            }
            return DocumentSet(sortedUnique: ids)
        }
    }
}
