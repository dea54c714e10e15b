#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension MapReduce {
    /// A map-side key named by where its bytes sit in its emitter's key buffer
    /// (``Emitter/keyBytes``), with its MurmurHash3 computed once, when it was first emitted.
    ///
    /// Offsets into one buffer instead of an `ArraySlice` per key: moving, sorting and comparing
    /// keys touches no reference count, and every distinct key's bytes lie together in memory.
    struct KeySpan {
        /// Where the key's bytes start in the buffer.
        let offset: Int
        /// How many bytes the key has.
        let count: Int
        /// MurmurHash3 x86_32 (seed 0) of the bytes.
        let murmur: UInt32

        /// The key's reduce partition among `reducers`: `murmur3(key) mod R`.
        func partition(among reducers: Int) -> Int { Int(murmur % UInt32(reducers)) }

        /// The key's bytes inside `buffer`, the buffer the span was cut from.
        func bytes(in buffer: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
            UnsafeRawBufferPointer(rebasing: buffer[offset..<(offset + count)])
        }
    }

    /// Compares byte strings as unsigned bytes, a prefix first: negative, zero or positive like
    /// `memcmp` — the same order as ``compare(_:_:)`` on slices, for keys held as raw bytes.
    static func compare(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
        let common = min(a.count, b.count)
        let order = common == 0 ? 0 : Int(memcmp(a.baseAddress!, b.baseAddress!, common))
        return order != 0 ? order : a.count - b.count
    }

    /// Whether two byte strings are equal. Keys are mostly a few bytes long, so this compares
    /// eight bytes at a time inline instead of calling `memcmp` (whose call cost dominated the
    /// map side's key lookups).
    @inline(__always)
    static func equal(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        guard a.count == b.count else { return false }
        var offset = 0
        while offset + 8 <= a.count {
            guard a.loadUnaligned(fromByteOffset: offset, as: UInt64.self) == b.loadUnaligned(fromByteOffset: offset, as: UInt64.self) else { return false }
            offset += 8
        }
        while offset < a.count {
            guard a[offset] == b[offset] else { return false }
            offset += 1
        }
        return true
    }
}
