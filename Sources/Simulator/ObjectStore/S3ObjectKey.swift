#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An object key compared, hashed and ordered by its UTF-8 bytes, as S3 does.
///
/// Swift's `String` equality and ordering use Unicode canonical equivalence, under which the
/// precomposed "é" and "e" + combining accent are the same string. S3 keys are byte strings: those
/// are two different keys, and listings are sorted by raw UTF-8 bytes. Wrapping the string keeps
/// every dictionary, index and comparison in the store byte-exact.
public struct S3ObjectKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// S3's maximum key length in bytes of UTF-8.
    public static let maximumUTF8Length = 1024

    /// The key as the client spelled it.
    public let string: String

    /// Wraps a key without validating it (see ``validated(_:)`` for S3's rules).
    public init(_ string: String) {
        self.string = string
    }

    /// The key itself.
    public var description: String { string }

    /// Byte equality, not canonical equivalence. Compares the contiguous UTF-8 buffers with
    /// `memcmp`: every dictionary probe of the store ends here, and walking `UTF8View` indices
    /// was the largest single cost of a put.
    public static func == (lhs: S3ObjectKey, rhs: S3ObjectKey) -> Bool {
        var left = lhs.string, right = rhs.string
        return left.withUTF8 { a in
            right.withUTF8 { b in a.count == b.count && (a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0) }
        }
    }

    /// Hashes the UTF-8 bytes, consistent with byte equality.
    public func hash(into hasher: inout Hasher) {
        var copy = string
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        hasher.combine(copy.utf8.count)
    }

    /// Lexicographic order of the UTF-8 bytes: S3's listing order. `memcmp` compares unsigned
    /// bytes, which is that order; a shorter key that is a prefix of the other comes first.
    /// (Walking `UTF8View` indices with `lexicographicallyPrecedes` made every binary-search step
    /// of a new key's insertion into the listing index a loop of generic index calls.)
    public static func < (lhs: S3ObjectKey, rhs: S3ObjectKey) -> Bool {
        var left = lhs.string, right = rhs.string
        return left.withUTF8 { a in
            right.withUTF8 { b in
                let common = min(a.count, b.count)
                let order = common == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, common)
                return order == 0 ? a.count < b.count : order < 0
            }
        }
    }

    /// Whether the key's bytes start with `prefix`'s bytes (no Unicode normalization).
    public func hasBytePrefix(_ prefix: String) -> Bool {
        string.utf8.starts(with: prefix.utf8)
    }

    /// Wraps `string` after checking S3's key rules: at most 1,024 bytes of UTF-8 (else
    /// `KeyTooLongError`) and at least one byte (an empty key cannot be addressed over HTTP).
    static func validated(_ string: String) throws(S3Error) -> S3ObjectKey {
        let count = string.utf8.count
        guard count <= maximumUTF8Length else {
            throw S3Error(.keyTooLongError, "Your key is too long (\(count) bytes; the maximum is \(maximumUTF8Length)).")
        }
        guard count > 0 else {
            throw S3Error(.invalidArgument, "Object key must not be empty.")
        }
        return S3ObjectKey(string)
    }
}
