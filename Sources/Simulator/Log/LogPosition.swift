/// Where an appended record landed.
public struct LogPosition: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The partition the record went to.
    public let partition: Int
    /// Its offset in that partition.
    public let offset: Int

    /// Creates a position.
    public init(partition: Int, offset: Int) {
        self.partition = partition
        self.offset = offset
    }

    /// A one-line human-readable form.
    public var description: String { "p\(partition)@\(offset)" }
}
