// The placement algorithms hash (node, replica) and (server, virtual server) pairs; laying the two
// integers out as 16 little-endian bytes keeps those hashes reproducible in any other language.
extension MurmurHash3 {
    /// MurmurHash3 x64_128 of two integers laid out as 16 little-endian bytes, `first` then `second`.
    /// The reference's steps for exactly one block and no tail.
    static func x64_128(_ first: UInt64, _ second: UInt64, seed: UInt32 = 0) -> (h1: UInt64, h2: UInt64) {
        var h1 = UInt64(seed), h2 = UInt64(seed)
        mixBlock(first, second, into: &h1, &h2)
        return finalize(&h1, &h2, byteCount: 16)
    }

    /// MurmurHash3 x86_32 of two integers laid out as 16 little-endian bytes, `first` then `second`.
    static func x86_32(_ first: UInt64, _ second: UInt64, seed: UInt32 = 0) -> UInt32 {
        withUnsafeBytes(of: (first.littleEndian, second.littleEndian)) { x86_32($0, seed: seed) }
    }
}
