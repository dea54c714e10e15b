/// Interpretation of a GetObject `Range` header, matching S3 (each rule below confirmed against moto).
///
/// S3 serves a single range only. A header it cannot parse as one `bytes=` range — wrong unit,
/// several ranges, junk, or a last byte before the first — is ignored and the whole object is
/// returned with 200. A parsable range that starts at or beyond the end, or a suffix of zero
/// bytes, is 416 `InvalidRange`. A last byte past the end is clamped.
enum ObjectByteRange {
    /// The byte range to serve, or nil to serve the whole object with 200.
    static func resolve(_ header: String?, objectSize size: Int) throws(S3Error) -> Range<Int>? {
        guard let header, header.hasPrefix("bytes=") else { return nil }
        let spec = header.dropFirst("bytes=".count)
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return nil }
        let first = spec[..<dash]
        let last = spec[spec.index(after: dash)...]
        if first.isEmpty {
            // Suffix range "-n": the last n bytes.
            guard let suffix = parse(last) else { return nil }
            guard suffix > 0 else { throw unsatisfiable(header, size) }
            // An empty object has no last bytes to serve; S3 (moto) answers 200 with the empty body.
            guard size > 0 else { return nil }
            return max(0, size - suffix)..<size
        }
        guard let start = parse(first) else { return nil }
        if last.isEmpty {
            guard start < size else { throw unsatisfiable(header, size) }
            return start..<size
        }
        guard let end = parse(last), end >= start else { return nil }
        guard start < size else { throw unsatisfiable(header, size) }
        return start..<(min(end, size - 1) + 1)
    }

    /// A non-negative decimal; values too large for `Int` saturate (they are past any end anyway).
    private static func parse(_ digits: Substring) -> Int? {
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            return nil
        }
        var value = 0
        for digit in digits.utf8 {
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(Int(digit - UInt8(ascii: "0")))
            if overflow1 || overflow2 { return Int.max }
            value = sum
        }
        return value
    }

    private static func unsatisfiable(_ header: String, _ size: Int) -> S3Error {
        S3Error(.invalidRange, "The requested range is not satisfiable (\(header), object size \(size)).")
    }
}
