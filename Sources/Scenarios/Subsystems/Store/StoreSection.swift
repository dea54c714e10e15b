import Simulator

/// The `object_store:` section: an S3-style store on its node, its service model (latency,
/// transfer rate, throttling, injected errors and storms), and the buckets that exist from the
/// start.
public struct StoreSection: Sendable, Equatable {
    /// A bucket that exists from virtual time zero (see ``initialState``).
    public struct Bucket: Sendable, Equatable {
        public var name: String
        public var versioning: Bool
        public var encryption: ServerSideEncryption?
    }

    /// The store's node (`s3`).
    public var id: NodeID
    /// Latency, transfer rate, throttling, error rates, storms, lifecycle.
    public var configuration: ObjectStore.Configuration
    /// The buckets.
    public var buckets: [Bucket]
    /// How long a client waits for one answer.
    public var clientTimeout: Duration
    /// How a client retries failed requests.
    public var retry: RetryPolicy

    /// The store's state at virtual time zero: every bucket created, then given its versioning
    /// and encryption, before any request exists.
    public var initialState: ObjectStoreState {
        var state = ObjectStoreState(epochUnixSeconds: configuration.epochUnixSeconds)
        for bucket in buckets {
            do throws(S3Error) {
                try state.createBucket(bucket.name, now: 0)
                if bucket.versioning { try state.putBucketVersioning(bucket.name, .enabled) }
                if let encryption = bucket.encryption { try state.putBucketEncryption(bucket.name, encryption) }
            } catch {
                preconditionFailure("the loader admits only valid, distinct bucket names: \(error)")
            }
        }
        return state
    }

    /// The store of a file of explicit requests alone: answers exactly as S3 gives them, no
    /// retries, lifecycle only when a step runs it.
    public static let forExplicitRequests = StoreSection(
        id: "s3", configuration: ObjectStore.Configuration(runsLifecycle: false), buckets: [], clientTimeout: .seconds(3600), retry: .never)
}

/// The `operations:` section: explicit object-store requests sent in order by one client with no
/// retries, each answer logged.
public struct OperationsSection: Sendable {
    /// The client's node.
    public var client: NodeID
    /// The steps.
    public var steps: [OperationScenario.Step]
}
