/// The S3 storage classes a version can be written to or transitioned into by lifecycle.
///
/// The raw values are S3's wire names. Declaration order is S3's lifecycle "waterfall": a
/// transition only ever moves a version to a class later in this list.
public enum StorageClass: String, Sendable, Equatable, Hashable, Codable, CaseIterable, Comparable {
    /// The default, frequently accessed class.
    case standard = "STANDARD"
    /// Legacy reduced-redundancy class (writable, never a lifecycle target).
    case reducedRedundancy = "REDUCED_REDUNDANCY"
    /// Infrequent access, multi-AZ.
    case standardIA = "STANDARD_IA"
    /// Automatic tiering.
    case intelligentTiering = "INTELLIGENT_TIERING"
    /// Infrequent access, single AZ.
    case oneZoneIA = "ONEZONE_IA"
    /// Glacier Instant Retrieval: archive pricing, readable without a restore.
    case glacierInstantRetrieval = "GLACIER_IR"
    /// Glacier Flexible Retrieval: reads need a restore first.
    case glacier = "GLACIER"
    /// Glacier Deep Archive: reads need a restore first.
    case deepArchive = "DEEP_ARCHIVE"

    /// Waterfall order, so `a < b` means lifecycle may move a version from `a` to `b`.
    public static func < (lhs: StorageClass, rhs: StorageClass) -> Bool {
        lhs.waterfallRank < rhs.waterfallRank
    }

    private var waterfallRank: Int {
        StorageClass.allCases.firstIndex(of: self) ?? 0
    }

    /// Whether a GET of a version in this class fails with `InvalidObjectState` until restored.
    public var requiresRestoreForRead: Bool {
        self == .glacier || self == .deepArchive
    }

    /// Whether a lifecycle Transition may name this class (S3 rejects STANDARD and REDUCED_REDUNDANCY).
    var isTransitionTarget: Bool {
        self != .standard && self != .reducedRedundancy
    }

    /// The smallest `Days` S3 accepts in a Transition to this class (30 for the IA classes).
    var minimumTransitionDays: Int {
        self == .standardIA || self == .oneZoneIA ? 30 : 0
    }
}
