import Simulator

/// A world's `object_store:` (``ScenarioLoader/parseStoreSection(_:)``) and the store model the
/// backup experiment shares (``ScenarioLoader/parseStoreModel(_:)``).
extension ScenarioSchema {
    /// The store's model when a file does not say (``ObjectStore/Configuration``'s): lognormal
    /// latency of median 20 ms, 100 MiB a second, no errors, lifecycle rules run.
    static let storeModelDefaults = ObjectStore.Configuration()
    /// The store's node when `object_store.name` does not say.
    static let defaultStoreName = "s3"
    /// The code a storm fails requests with when it does not say.
    static let defaultStormCode = S3ErrorCode.serviceUnavailable

    /// The store's model: latency, bandwidth, error rates and storms.
    static let storeModelProperties: [SchemaProperty] = [
        .optional("latency", distribution, "Time to first byte; default lognormal, median 20ms.", default: .distribution(storeModelDefaults.firstByteLatency)),
        .optional("bytes_per_second", .positiveByteCount, "Transfer rate; default 100MiB.", default: .bytes(Int(storeModelDefaults.bytesPerSecond))),
        .optional("internal_error_rate", .probability, "Share of requests failing with 500 InternalError; default 0.", default: .number(storeModelDefaults.internalErrorRate)),
        .optional("unavailable_rate", .probability, "Share of requests failing with 503 ServiceUnavailable; default 0.", default: .number(storeModelDefaults.serviceUnavailableRate)),
        .optional("storms", .list(of: .object(storeStorm), maximum: maximumListedNames), "Periods when a share of requests fail."),
    ]

    /// `store:` of the backup experiment.
    static let storeModel = SchemaObject(storeModelProperties)

    /// One of `storms:`.
    static let storeStorm = SchemaObject([
        .required("at", .duration),
        .required("for", .positiveDuration),
        .required("rate", .probability),
        .optional("code", .words(stormCodes), "Default ServiceUnavailable.", default: .word(defaultStormCode.rawValue)),
    ], definition: ("storm", "A period when a share of the object store's requests fail with a 500 or 503 code."))

    /// `object_store:`.
    static let storeSection = SchemaObject([.optional("name", .anyText, "The store's node; default s3.", default: .word(defaultStoreName))] + storeModelProperties + [
        .optional("lifecycle", .flag, "Whether lifecycle rules run; default true.", default: .boolean(storeModelDefaults.runsLifecycle)),
        .optional("client", .object(storeClient), "The clients' timeout and retry policy."),
        .optional("buckets", .list(of: .object(bucket), maximum: maximumListedNames), "Buckets that exist from the start."),
    ])

    /// One of `object_store.buckets`.
    static let bucket = SchemaObject([
        .required("name", bucketName),
        .optional("versioning", .flag, "Default false.", default: .boolean(false)),
        .optional("encryption", encryptionOrNone, "Default encryption; default none.", default: .word("none")),
    ])
}

extension ScenarioSchema {
    /// The most topics, producers, buckets, storms or restores a section may list: each is checked against
    /// the others by name or time.
    static let maximumListedNames = 1_000
}
