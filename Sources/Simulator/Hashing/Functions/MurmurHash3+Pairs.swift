// The placement algorithms hash (node, replica) and (server, virtual server) pairs; laying the two
// integers out as 16 little-endian bytes keeps those hashes reproducible in any other language.
extension MurmurHash3 {
    /// MurmurHash3 x64_128 of two integers laid out as 16 little-endian bytes, `first` then `second`.
    static func x64_128(_ first: UInt64, _ second: UInt64, seed: UInt32 = 0) -> (h1: UInt64, h2: UInt64) {
        // A homogeneous tuple is laid out like a C array, so this is exactly 16 contiguous bytes.
        withUnsafeBytes(of: (first.littleEndian, second.littleEndian)) { x64_128($0, seed: seed) }
    }

    /// MurmurHash3 x86_32 of two integers laid out as 16 little-endian bytes, `first` then `second`.
    static func x86_32(_ first: UInt64, _ second: UInt64, seed: UInt32 = 0) -> UInt32 {
        withUnsafeBytes(of: (first.littleEndian, second.littleEndian)) { x86_32($0, seed: seed) }
    }
}
