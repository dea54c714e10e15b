extension MapReduce {
    /// A value that map tasks emit and reduce tasks read: it travels between them as bytes, so it
    /// says how to encode itself and how to read itself back.
    public protocol IntermediateValue: Sendable, Equatable {
        /// Appends the value's encoding to `buffer`; the encoding must be self-delimiting.
        func encode(into buffer: inout Bytes)
        /// The number of bytes ``encode(into:)`` appends (counted for shuffle statistics
        /// without encoding).
        var encodedSize: Int { get }
        /// Reads one value written by ``encode(into:)``.
        static func decode(from reader: inout ByteReader) throws(DecodingError) -> Self
    }
}

/// Counts travel as varints: a count of 1 (the usual map output) is one byte.
extension UInt64: MapReduce.IntermediateValue {
    /// Writes the count as a varint.
    public func encode(into buffer: inout MapReduce.Bytes) { MapReduce.appendVarint(self, to: &buffer) }
    /// The varint's size in bytes.
    public var encodedSize: Int { MapReduce.varintSize(self) }
    /// Reads a varint.
    public static func decode(from reader: inout MapReduce.ByteReader) throws(MapReduce.DecodingError) -> UInt64 {
        try reader.readVarint()
    }
}
