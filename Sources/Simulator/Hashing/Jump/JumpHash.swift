/// Jump consistent hash (Lamping and Veach, "A Fast, Minimal Memory, Consistent Hash Algorithm",
/// 2014), bit-for-bit the paper's C++ function, including its use of `double`.
///
/// Going from `n` to `n + 1` buckets moves a key only into the new bucket `n`, and each bucket
/// receives `1/n` of the keys, using no memory at all. Buckets can only be added or removed at
/// the end.
public enum JumpHash {
    /// The bucket in `0 ..< bucketCount` for `key`.
    ///
    /// - Parameters:
    ///   - key: A 64-bit key; the paper's generator mixes it, but keys should still be spread over
    ///     64 bits (key 0, for one, always lands in bucket 0).
    ///   - bucketCount: The number of buckets, at least 1.
    /// - Returns: The bucket number.
    /// - Complexity: O(log `bucketCount`) expected; does not allocate.
    public static func bucket(for key: UInt64, bucketCount: Int) -> Int {
        precondition(bucketCount >= 1, "jump hash needs at least one bucket, not \(bucketCount)")
        var key = key
        var bucket: Int64 = -1
        var next: Int64 = 0
        while next < Int64(bucketCount) {
            bucket = next
            key = key &* 2_862_933_555_777_941_757 &+ 1
            next = Int64(Double(bucket + 1) * (Double(Int64(1) << 31) / Double((key >> 33) + 1)))
        }
        return Int(bucket)
    }
}
