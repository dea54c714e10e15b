#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension MapReduce {
    /// An intermediate key on the reduce side with its MurmurHash3 computed once, when it is
    /// read: the hash stands in for the key in hash tables, so grouping hashes four bytes instead
    /// of the whole key again.
    struct HashedKey: Hashable {
        /// The key's bytes (often a slice of the input line: no copy).
        let bytes: ArraySlice<UInt8>
        /// MurmurHash3 x86_32 (seed 0) of the bytes.
        let murmur: UInt32

        init(_ bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
            murmur = MurmurHash3.x86_32(bytes)
        }

        static func == (lhs: HashedKey, rhs: HashedKey) -> Bool {
            lhs.murmur == rhs.murmur && MapReduce.compare(lhs.bytes, rhs.bytes) == 0
        }

        func hash(into hasher: inout Hasher) { hasher.combine(murmur) }
    }

    /// Compares byte strings as unsigned bytes, a prefix first: negative, zero or positive like
    /// `memcmp`. The order of keys everywhere (map output, reduce input, the job's output).
    static func compare(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Int {
        a.withUnsafeBufferPointer { x in
            b.withUnsafeBufferPointer { y in
                let common = min(x.count, y.count)
                let order = common == 0 ? 0 : Int(memcmp(x.baseAddress!, y.baseAddress!, common))
                return order != 0 ? order : x.count - y.count
            }
        }
    }
}
