extension MapReduce {
    /// The first eight bytes of `bytes` as a little-endian integer (byte *i* in bits 8*i* …
    /// 8*i* + 7), zero-padded when there are fewer: read with at most three loads that stay
    /// inside `bytes` — a key or the end of a line is a slice of a bigger buffer, and nothing
    /// past it may be read. (Its shifts are masking shifts, `&<<`: their amounts are below 64, so
    /// they need none of the checks that make `<<` branch.)
    ///
    /// How the map side reads a short key whole (``Emitter/Slot``) and the last bytes of a line
    /// (``Words``).
    @inline(__always)
    static func firstEightBytes(of bytes: UnsafeRawBufferPointer) -> UInt64 {
        let count = bytes.count
        if count >= 8 { return UInt64(littleEndian: bytes.loadUnaligned(as: UInt64.self)) }
        if count >= 4 {
            // Two four-byte loads that overlap in the middle, where their bytes agree.
            let low = UInt64(UInt32(littleEndian: bytes.loadUnaligned(as: UInt32.self)))
            let high = UInt64(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)))
            return low | high &<< (8 * (count - 4))
        }
        if count > 0 {
            // Bytes 0, count / 2 and count - 1 are every byte of one to three.
            let middle = count >> 1
            return UInt64(bytes[0]) | UInt64(bytes[middle]) &<< (8 * middle) | UInt64(bytes[count - 1]) &<< (8 * (count - 1))
        }
        return 0
    }
}
