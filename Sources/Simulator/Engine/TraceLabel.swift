/// A name the trace gives something that is not a node (a log's or a queue's partition), with its
/// stable hash made once: what ``Trace/record(_:subjectHash:objectHash:value:event:)`` folds into
/// the digest, where a hot path would otherwise build the name and hash it again at every event.
/// (A node's name and hash are its ``NodeID``.)
struct TraceLabel {
    let name: String
    /// FNV-1a of ``name``, as ``Trace/record(_:_:_:value:)`` computes it.
    let stableHash: UInt64

    init(_ name: String) {
        self.name = name
        stableHash = StableHash.fnv1a64(name)
    }
}
