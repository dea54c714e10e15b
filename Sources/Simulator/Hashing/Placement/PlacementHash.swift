/// The hashes the ring, jump, Maglev, rendezvous and bounded-load placements share, so that one
/// key sits at the same position for all of them and comparisons between them are fair.
///
/// Keys are hashed even when they are already integers: request ids are often sequential, and
/// every one of these algorithms assumes keys spread evenly over 64 bits.
enum PlacementHash {
    /// The first half of MurmurHash3 x64_128 (seed 0) of the key's 8 little-endian bytes.
    static func key(_ key: UInt64) -> UInt64 {
        MurmurHash3.x64_128(key).h1
    }

    /// MurmurHash3 x64_128 (seed 0) of the node id then `replica`, each as 8 little-endian bytes:
    /// the identity-derived hashes of virtual node `replica` of `node`.
    static func node(_ node: Int, replica: Int) -> (h1: UInt64, h2: UInt64) {
        MurmurHash3.x64_128(UInt64(bitPattern: Int64(node)), UInt64(bitPattern: Int64(replica)))
    }
}
