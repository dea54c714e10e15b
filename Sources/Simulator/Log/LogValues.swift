/// Record values of one partition read in one call (``PartitionedLog/readContiguousValues(topic:partition:from:maxRecords:)``),
/// back to back in one buffer: value *i* is `bytes[ends[i - 1]..<ends[i]]` (from 0 for the first).
public struct LogValues: Sendable, Equatable {
    /// Every value's bytes, in offset order, with nothing between them.
    public private(set) var bytes: [UInt8] = []
    /// Where each value ends in ``bytes``.
    public private(set) var ends: [Int] = []

    /// No values.
    public init() {}

    /// The values lying back to back in `bytes`, value *i* ending at `ends[i]`.
    init(bytes: [UInt8], ends: [Int]) {
        self.bytes = bytes
        self.ends = ends
    }

    /// The values of `values`, in order.
    public init(_ values: [[UInt8]]) {
        for value in values { append(value) }
    }

    /// Appends `value` after the others.
    mutating func append(_ value: [UInt8]) {
        bytes.append(contentsOf: value)
        ends.append(bytes.count)
    }

    /// How many values there are.
    public var count: Int { ends.count }
    /// Whether there are none.
    public var isEmpty: Bool { ends.isEmpty }

    /// Value `index`'s place in ``bytes``.
    public func range(of index: Int) -> Range<Int> {
        (index == 0 ? 0 : ends[index - 1])..<ends[index]
    }

    /// Value `index`'s bytes.
    public subscript(index: Int) -> ArraySlice<UInt8> { bytes[range(of: index)] }
}
