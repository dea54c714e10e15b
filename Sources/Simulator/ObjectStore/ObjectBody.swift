/// One contiguous run of an object's bytes as stored: plaintext, or sealed with SSE-S3.
///
/// A multipart object keeps each uploaded part as its own segment, so completing an upload moves
/// the parts into the object without concatenating (copying) them.
enum ObjectBodySegment: Sendable, Equatable {
    /// Plaintext bytes, shared copy-on-write with whoever supplied them.
    case plain([UInt8])
    /// nonce ‖ ciphertext ‖ tag, sealed with the key derived from `sequence`.
    case sealed(sequence: UInt64, bytes: [UInt8])

    /// Number of plaintext bytes the segment holds.
    var plaintextCount: Int {
        switch self {
        case .plain(let bytes): bytes.count
        case .sealed(_, let bytes): bytes.count - ObjectStoreCipher.overhead
        }
    }

    /// The bytes exactly as they sit at rest.
    var bytesAtRest: [UInt8] {
        switch self {
        case .plain(let bytes), .sealed(_, let bytes): bytes
        }
    }

    /// Whether the segment is stored encrypted.
    var isSealed: Bool {
        if case .sealed = self { true } else { false }
    }

    /// The plaintext (decrypting a sealed segment).
    func plaintext(_ cipher: ObjectStoreCipher) throws(S3Error) -> [UInt8] {
        switch self {
        case .plain(let bytes): bytes
        case .sealed(let sequence, let bytes): try cipher.open(bytes, sequence: sequence)
        }
    }
}

/// The stored bytes of one object version: none (delete marker or empty object), one segment,
/// or one segment per multipart part.
enum ObjectBody: Sendable, Equatable {
    /// No bytes at all: delete markers and zero-length objects.
    case empty
    /// A single-part object.
    case single(ObjectBodySegment)
    /// A multipart object (or a copy of one), in part order.
    case segments([ObjectBodySegment])

    /// Builds the body from segments, choosing the most compact case.
    init(_ segments: [ObjectBodySegment]) {
        switch segments.count {
        case 0: self = .empty
        case 1: self = .single(segments[0])
        default: self = .segments(segments)
        }
    }

    /// The segments in order.
    var segmentList: [ObjectBodySegment] {
        switch self {
        case .empty: []
        case .single(let segment): [segment]
        case .segments(let segments): segments
        }
    }

    /// The plaintext bytes in `range`, decrypting only the segments that overlap it.
    func read(_ range: Range<Int>, cipher: ObjectStoreCipher) throws(S3Error) -> [UInt8] {
        if case .single(.plain(let bytes)) = self, range == bytes.indices { return bytes }
        var result: [UInt8] = []
        result.reserveCapacity(range.count)
        var segmentStart = 0
        for segment in segmentList {
            let segmentEnd = segmentStart + segment.plaintextCount
            let lower = max(range.lowerBound, segmentStart)
            let upper = min(range.upperBound, segmentEnd)
            if lower < upper {
                let plaintext = try segment.plaintext(cipher)
                result.append(contentsOf: plaintext[(lower - segmentStart)..<(upper - segmentStart)])
            }
            segmentStart = segmentEnd
            if segmentStart >= range.upperBound { break }
        }
        return result
    }

    /// MD5 of the whole plaintext, hashed segment by segment (a copy's single-part ETag).
    func md5(cipher: ObjectStoreCipher) throws(S3Error) -> ObjectETag {
        var hasher = MD5()
        for segment in segmentList { hasher.update(try segment.plaintext(cipher)) }
        return ObjectETag(hasher.finalize())
    }

    /// All bytes at rest, concatenated (ciphertext for sealed segments): a test and audit view.
    var bytesAtRest: [UInt8] {
        segmentList.reduce(into: []) { $0.append(contentsOf: $1.bytesAtRest) }
    }
}
