extension MapReduce {
    /// Why intermediate data could not be decoded: the bytes are not what a map task wrote.
    public struct DecodingError: Error, Equatable, Sendable, CustomStringConvertible {
        /// Byte offset in the buffer where decoding failed.
        public let offset: Int
        /// What was expected there.
        public let expected: String

        /// A one-line human-readable form.
        public var description: String { "malformed intermediate data at byte \(offset): expected \(expected)" }
    }

    /// Reads the encoding of map output: unsigned LEB128 varints and length-prefixed byte strings,
    /// from a buffer it does not copy.
    public struct ByteReader {
        /// The buffer being read.
        public let bytes: Bytes
        /// The next byte to read.
        public private(set) var offset: Int

        /// A reader at the start of `bytes`.
        public init(_ bytes: Bytes) {
            self.bytes = bytes
            offset = 0
        }

        /// Whether every byte has been read.
        public var isAtEnd: Bool { offset >= bytes.count }

        /// Reads one unsigned LEB128 varint (at most 10 bytes).
        public mutating func readVarint() throws(DecodingError) -> UInt64 {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while offset < bytes.count, shift < 64 {
                let byte = bytes[offset]
                offset += 1
                value |= UInt64(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return value }
                shift += 7
            }
            throw DecodingError(offset: offset, expected: "a varint")
        }

        /// Reads a varint length and then that many bytes, as a slice of the buffer.
        public mutating func readLengthPrefixed() throws(DecodingError) -> ArraySlice<UInt8> {
            let start = offset
            let length = try readVarint()
            guard length <= UInt64(bytes.count - offset) else {
                throw DecodingError(offset: start, expected: "\(length) bytes")
            }
            defer { offset += Int(length) }
            return bytes[offset..<(offset + Int(length))]
        }
    }
}

extension MapReduce {
    /// Appends `value` as an unsigned LEB128 varint (1 byte below 128, up to 10 bytes).
    @inlinable
    public static func appendVarint(_ value: UInt64, to buffer: inout Bytes) {
        var rest = value
        while rest >= 0x80 {
            buffer.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        buffer.append(UInt8(rest))
    }

    /// The number of bytes ``appendVarint(_:to:)`` writes for `value`: a seventh of its
    /// significant bits, rounded up, and one for zero (`value | 1` has the same varint size as
    /// `value`, and no branch).
    @inlinable
    public static func varintSize(_ value: UInt64) -> Int {
        (64 - (value | 1).leadingZeroBitCount + 6) / 7
    }
}
