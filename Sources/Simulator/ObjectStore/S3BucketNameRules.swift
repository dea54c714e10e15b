/// S3's general-purpose bucket naming rules, checked before a bucket is created.
///
/// The rules follow the AWS "Bucket naming rules" page: 3–63 characters of lowercase letters,
/// digits, `.` and `-`; first and last character a letter or digit; no `..`, `.-` or `-.`; not shaped like an
/// IPv4 address; and none of the prefixes and suffixes AWS reserves for its own features.
public enum S3BucketNameRules {
    /// Prefixes AWS reserves (punycode, S3 internals, documentation examples).
    static let reservedPrefixes = ["xn--", "sthree-", "amzn-s3-demo-"]
    /// Suffixes AWS reserves for access-point aliases, Object Lambda, MRAP, directory and table buckets.
    static let reservedSuffixes = ["-s3alias", "--ol-s3", ".mrap", "--x-s3", "--table-s3"]

    /// Whether `name` is a valid general-purpose bucket name.
    public static func isValid(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard (3...63).contains(bytes.count) else { return false }
        guard bytes.allSatisfy({ isLowercaseLetterOrDigit($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") }),
              let first = bytes.first, let last = bytes.last,
              isLowercaseLetterOrDigit(first), isLowercaseLetterOrDigit(last)
        else { return false }
        // No `..`, and no label (the parts between dots) that starts or ends with `-`: AWS
        // answers InvalidBucketName to `foo.-bar` and `foo-.bar` (ceph's s3-tests, recorded
        // against AWS), as the DNS-compatible naming it grew from requires.
        let dot = UInt8(ascii: "."), hyphen = UInt8(ascii: "-")
        for (previous, next) in zip(bytes, bytes.dropFirst()) where previous == dot || next == dot {
            if previous == next || previous == hyphen || next == hyphen { return false }
        }
        if looksLikeIPv4Address(bytes) { return false }
        // Names are pure ASCII by now, so String prefix tests are byte tests.
        if reservedPrefixes.contains(where: { name.hasPrefix($0) }) { return false }
        if reservedSuffixes.contains(where: { name.hasSuffix($0) }) { return false }
        return true
    }

    /// Throws `InvalidBucketName` (400) unless `name` is valid.
    static func validate(_ name: String) throws(S3Error) {
        guard isValid(name) else {
            throw S3Error(.invalidBucketName, "The specified bucket is not valid: \(name)")
        }
    }

    private static func isLowercaseLetterOrDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// Four dot-separated groups of one to three digits: S3 rejects these because they would be
    /// ambiguous with an address in virtual-hosted-style URLs, whether or not each octet is ≤ 255.
    private static func looksLikeIPv4Address(_ bytes: [UInt8]) -> Bool {
        let groups = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return groups.count == 4 && groups.allSatisfy { group in
            (1...3).contains(group.count) && group.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        }
    }
}
