/// One lifecycle rule. Only the prefix filter is modelled (no tag or size filters).
public struct LifecycleRule: Sendable, Equatable, Codable {
    /// Rule id, unique within the configuration, at most 255 characters.
    public var id: String
    /// Applies to keys starting with these bytes ("" for every key).
    public var prefix: String
    /// `Status`: Enabled (true) or Disabled (false); disabled rules do nothing.
    public var isEnabled: Bool
    /// `Transition` actions on the current version.
    public var transitions: [LifecycleTransition]
    /// `Expiration/Days` for the current version: unversioned, it is deleted; versioned or
    /// suspended, a delete marker is added, and a delete marker left as a key's only version is
    /// removed once it is this many days old (S3's implied `ExpiredObjectDeleteMarker` cleanup).
    public var expirationDays: Int?
    /// `Expiration/ExpiredObjectDeleteMarker`: remove a delete marker that is a key's only version.
    public var expiredObjectDeleteMarker: Bool
    /// `NoncurrentVersionExpiration/NoncurrentDays`: counted from when a version became noncurrent.
    public var noncurrentVersionExpirationDays: Int?
    /// `AbortIncompleteMultipartUpload/DaysAfterInitiation`.
    public var abortIncompleteMultipartUploadDays: Int?

    /// Creates a rule; actions default to absent and the rule to enabled.
    public init(id: String, prefix: String = "", isEnabled: Bool = true, transitions: [LifecycleTransition] = [],
                expirationDays: Int? = nil, expiredObjectDeleteMarker: Bool = false,
                noncurrentVersionExpirationDays: Int? = nil, abortIncompleteMultipartUploadDays: Int? = nil) {
        self.id = id
        self.prefix = prefix
        self.isEnabled = isEnabled
        self.transitions = transitions
        self.expirationDays = expirationDays
        self.expiredObjectDeleteMarker = expiredObjectDeleteMarker
        self.noncurrentVersionExpirationDays = noncurrentVersionExpirationDays
        self.abortIncompleteMultipartUploadDays = abortIncompleteMultipartUploadDays
    }

    /// S3's per-rule checks (messages follow S3's where known).
    func validate() throws(S3Error) {
        guard id.count <= 255 else { throw S3Error(.invalidArgument, "ID length should not exceed allowed limit of 255") }
        guard !transitions.isEmpty || expirationDays != nil || expiredObjectDeleteMarker
                || noncurrentVersionExpirationDays != nil || abortIncompleteMultipartUploadDays != nil
        else { throw S3Error(.invalidRequest, "At least one action needs to be specified in a rule") }
        if let days = expirationDays, days <= 0 {
            throw S3Error(.invalidArgument, "'Days' for Expiration action must be a positive integer")
        }
        if expirationDays != nil, expiredObjectDeleteMarker {
            throw S3Error(.invalidArgument, "ExpiredObjectDeleteMarker cannot be specified with Days or Date in a Lifecycle Expiration Policy.")
        }
        if let days = noncurrentVersionExpirationDays, days <= 0 {
            throw S3Error(.invalidArgument, "'NoncurrentDays' for NoncurrentVersionExpiration action must be a positive integer")
        }
        if let days = abortIncompleteMultipartUploadDays, days <= 0 {
            throw S3Error(.invalidArgument, "'DaysAfterInitiation' for AbortIncompleteMultipartUpload action must be a positive integer")
        }
        var classes = Set<StorageClass>()
        for transition in transitions {
            guard transition.storageClass.isTransitionTarget else {
                throw S3Error(.invalidArgument, "'StorageClass' \(transition.storageClass.rawValue) is not a valid Transition target")
            }
            guard classes.insert(transition.storageClass).inserted else {
                throw S3Error(.invalidArgument, "'StorageClass' must be different for 'Transition' actions in same 'Rule'")
            }
            guard transition.days >= transition.storageClass.minimumTransitionDays else {
                throw S3Error(.invalidArgument, "'Days' in Transition action must be greater than or equal to \(transition.storageClass.minimumTransitionDays) for storageClass '\(transition.storageClass.rawValue)'")
            }
            if let expiration = expirationDays, expiration <= transition.days {
                throw S3Error(.invalidArgument, "'Days' in the Expiration action must be greater than 'Days' in the Transition action")
            }
        }
    }

    /// Whether the rule is enabled and its prefix covers `key`.
    func applies(to key: S3ObjectKey) -> Bool {
        isEnabled && key.hasBytePrefix(prefix)
    }
}

/// A lifecycle `Transition`: move the current version to `storageClass` `days` after creation.
public struct LifecycleTransition: Sendable, Equatable, Codable {
    /// Days after the version was written (0 allowed for the archive classes).
    public var days: Int
    /// Target class; must be a colder class than the version has.
    public var storageClass: StorageClass

    /// Creates a transition.
    public init(days: Int, storageClass: StorageClass) {
        self.days = days
        self.storageClass = storageClass
    }
}
