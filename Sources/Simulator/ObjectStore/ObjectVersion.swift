/// One version of one key: an object, or a delete marker.
///
/// Identity is the store-wide `sequence` number: it orders versions (a larger number is newer),
/// derives the version id (unless this is the "null" version) and, for single-part SSE objects,
/// derives the data key. Nothing here is a per-version `String` except user metadata, so a plain
/// object costs one struct plus its bytes.
struct ObjectVersion: Sendable, Equatable {
    /// Store-wide allocation number; also the source of the version id.
    let sequence: UInt64
    /// Whether this is the "null" version (written while unversioned or suspended).
    let isNullVersion: Bool
    /// Whether this version is a delete marker (no bytes, no ETag that clients see).
    let isDeleteMarker: Bool
    /// Encryption of the bytes at rest, if any.
    let encryption: ServerSideEncryption?
    /// Storage class; lifecycle transitions change it in place.
    var storageClass: StorageClass
    /// Interned content type (see ``ObjectContentTypeTable``).
    let contentType: ObjectContentTypeTable.Handle
    /// Virtual time (ns) the version was written.
    let lastModified: Int64
    /// Virtual time (ns) a newer version superseded this one; nil while it is the latest.
    var becameNoncurrentAt: Int64?
    /// Plaintext size in bytes.
    let size: Int
    /// MD5-based entity tag.
    let eTag: ObjectETag
    /// `x-amz-meta-*` pairs with lowercased names.
    let userMetadata: [String: String]
    /// The bytes.
    let body: ObjectBody

    /// The id S3 reports: "null" for the null version, otherwise the sequence-derived id.
    var versionId: String {
        isNullVersion ? "null" : ObjectStoreIdentifiers.versionId(sequence: sequence)
    }

    /// A delete marker written at `now`.
    static func deleteMarker(sequence: UInt64, isNullVersion: Bool, now: Int64) -> ObjectVersion {
        ObjectVersion(
            sequence: sequence, isNullVersion: isNullVersion, isDeleteMarker: true, encryption: nil,
            storageClass: .standard, contentType: .defaultType, lastModified: now, becameNoncurrentAt: nil,
            size: 0, eTag: ObjectETag(digest: [UInt8]()), userMetadata: [:], body: .empty
        )
    }
}

/// Which version of a key a request addresses.
enum ObjectVersionSelector: Sendable, Equatable {
    /// No version id given: the latest version.
    case latest
    /// `versionId=null`.
    case null
    /// A well-formed non-null version id, decoded to its sequence number.
    case sequence(UInt64)

    /// Parses an optional `versionId` parameter. Malformed ids are S3's 400 `InvalidArgument`
    /// ("Invalid version id specified"); well-formed ids that name nothing are resolved later to 404.
    init(versionId: String?) throws(S3Error) {
        guard let versionId else { self = .latest; return }
        if versionId == "null" { self = .null; return }
        guard let sequence = ObjectStoreIdentifiers.sequence(fromVersionId: versionId) else {
            throw S3Error.invalidVersionId
        }
        self = .sequence(sequence)
    }

    /// The index in an oldest-first version stack that this selector names, if any.
    func index(in versions: [ObjectVersion]) -> Int? {
        switch self {
        case .latest: versions.indices.last
        case .null: versions.firstIndex { $0.isNullVersion }
        case .sequence(let sequence): versions.firstIndex { !$0.isNullVersion && $0.sequence == sequence }
        }
    }
}
