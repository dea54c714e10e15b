/// What a consumer of a group is allowed to read: the group generation it joined in and the
/// partitions the group assigned to it, each with the group's committed offset.
public struct GroupAssignment: Sendable, Equatable {
    /// Incremented at every membership change; commits from an older generation are refused.
    public let generation: Int
    /// The partitions this member owns, ascending.
    public let partitions: [Int]
    /// The committed offset of each owned partition (0 where nothing was committed), in the
    /// order of ``partitions``: where this member starts reading.
    public let committedOffsets: [Int]
}
