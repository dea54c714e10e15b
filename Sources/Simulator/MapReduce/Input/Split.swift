#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension MapReduce {
    /// The input of one map task.
    public enum Split: Sendable, Equatable, CustomStringConvertible {
        /// Whole lines of a document: `bytes` starts at a line start and ends after a `\n` or at the
        /// document's end.
        case lines(document: UInt32, name: String, offset: Int, bytes: ArraySlice<UInt8>)
        /// Records `offsets` of one partition of a ``PartitionedLog`` topic, each one line.
        case log(topic: String, partition: Int, offsets: Range<Int>)

        /// The input size the cost model charges for before the bytes are read: the byte count
        /// of a document split, or zero for a log range (charged once the records arrive).
        public var knownByteCount: Int {
            if case .lines(_, _, _, let bytes) = self { return bytes.count }
            return 0
        }

        /// A one-line human-readable form.
        public var description: String {
            switch self {
            case .lines(_, let name, let offset, let bytes): return "\(name)[\(offset)..<\(offset + bytes.count)]"
            case .log(let topic, let partition, let offsets): return "\(topic)/\(partition)[\(offsets.lowerBound)..<\(offsets.upperBound)]"
            }
        }
    }
}

extension MapReduce.Split {
    /// Calls `body` with each line of a document split, in order (the final line may lack `\n`).
    /// Each line's end is found with `memchr`, which reads many bytes per step.
    func forEachLine(_ body: (ArraySlice<UInt8>) throws -> Void) rethrows {
        guard case .lines(_, _, _, let bytes) = self else { return }
        try bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var start = 0
            while start < buffer.count {
                let end = memchr(base + start, Int32(UInt8(ascii: "\n")), buffer.count - start).map { base.distance(to: UnsafeRawPointer($0)) } ?? buffer.count
                try body(bytes[(bytes.startIndex + start)..<(bytes.startIndex + end)])
                start = end + 1
            }
        }
    }
}
