extension MapReduce {
    /// Integers written as decimal text straight into a byte buffer, without a `String` between.
    enum DecimalText {
        /// Appends `String(value)` left-padded with zeros to `width` characters — the zeros come
        /// before a minus sign, as `String(repeating: "0", count: width - text.count) + text` puts
        /// them — to `buffer`.
        static func append(_ value: Int64, width: Int = 0, to buffer: inout Bytes) {
            var magnitude = value.magnitude
            var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for UInt64.max's 20 digits
            let count = withUnsafeMutableBytes(of: &digits) { scratch in
                var index = scratch.count
                repeat {
                    index -= 1
                    scratch[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                    magnitude /= 10
                } while magnitude > 0
                return scratch.count - index
            }
            let sign = value < 0 ? 1 : 0
            for _ in 0..<max(0, width - count - sign) { buffer.append(UInt8(ascii: "0")) }
            if sign == 1 { buffer.append(UInt8(ascii: "-")) }
            withUnsafeBytes(of: &digits) { buffer.append(contentsOf: $0[($0.count - count)...]) }
        }
    }
}
