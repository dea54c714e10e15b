#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension MapReduce {
    /// A map-side key named by where its bytes sit in its emitter's key buffer
    /// (``Emitter/keyBytes``), with its MurmurHash3 and its sort prefix computed once, when it
    /// was first emitted.
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
        /// The key's first eight bytes as a big-endian integer, zero-padded when the key is
        /// shorter: what sorting compares before it reads any byte (``precedes(_:in:)``).
        let prefix: UInt64

        /// The span of the `count` bytes at `offset` of a key whose MurmurHash3 is `murmur` and
        /// whose first eight bytes, little-endian and zero-padded, are `head`.
        init(offset: Int, count: Int, murmur: UInt32, head: UInt64) {
            self.offset = offset
            self.count = count
            self.murmur = murmur
            prefix = head.byteSwapped
        }

        /// The key's reduce partition among `reducers`: `murmur3(key) mod R`.
        func partition(among reducers: Int) -> Int { Int(murmur % UInt32(reducers)) }

        /// The key's bytes inside `buffer`, the buffer the span was cut from.
        func bytes(in buffer: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
            UnsafeRawBufferPointer(rebasing: buffer[offset..<(offset + count)])
        }

        /// Whether this key sorts before `other` (both cut from `buffer`), in the order of
        /// ``MapReduce/compare(_:_:)``: by prefix when the prefixes differ, else by
        /// the bytes. Two keys whose prefixes differ are in the order of their prefixes: the first
        /// byte where the prefixes differ is the first where the keys do, or where the shorter key
        /// has ended — its zero padding below a nonzero byte of the longer one, as a key that is a
        /// prefix of another sorts first. Map-side keys are mostly words shorter than eight bytes,
        /// so nearly every comparison of a sort is one integer comparison instead of a `memcmp`.
        @inline(__always)
        func precedes(_ other: KeySpan, in buffer: UnsafeRawBufferPointer) -> Bool {
            if prefix != other.prefix { return prefix < other.prefix }
            return MapReduce.compare(bytes(in: buffer), other.bytes(in: buffer)) < 0
        }
    }

    /// Compares byte strings as unsigned bytes, a prefix first: negative, zero or positive like
    /// `memcmp`. The order of keys everywhere (map output, reduce input, the job's output).
    static func compare(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
        let common = min(a.count, b.count)
        let order = common == 0 ? 0 : Int(memcmp(a.baseAddress!, b.baseAddress!, common))
        return order != 0 ? order : a.count - b.count
    }

    /// Whether two byte strings are equal, eight bytes at a time inline: for the rest of keys
    /// longer than eight bytes, mostly a few bytes long, where a `memcmp` call costs more.
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
