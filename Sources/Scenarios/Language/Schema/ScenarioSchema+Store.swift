import Simulator

/// A world's `object_store:` (``ScenarioLoader/parseStoreSection(_:)``) and the store model the
/// backup experiment shares (``ScenarioLoader/parseStoreModel(_:)``).
extension ScenarioSchema {
    /// The store's model: latency, bandwidth, error rates and storms.
    static let storeModelProperties: [SchemaProperty] = [
        .optional("latency", distribution, "Time to first byte; default lognormal, median 20ms."),
        .optional("bytes_per_second", .positiveByteCount, "Transfer rate; default 100MiB."),
        .optional("internal_error_rate", .probability, "Share of requests failing with 500 InternalError."),
        .optional("unavailable_rate", .probability, "Share of requests failing with 503 ServiceUnavailable."),
        .optional("storms", .list(of: .object(storeStorm), maximum: maximumListedNames), "Periods when a share of requests fail."),
    ]

    /// `store:` of the backup experiment.
    static let storeModel = SchemaObject(storeModelProperties)

    /// One of `storms:`.
    static let storeStorm = SchemaObject([
        .required("at", .duration),
        .required("for", .positiveDuration),
        .required("rate", .probability),
        .optional("code", .words(stormCodes), "Default ServiceUnavailable."),
    ], definition: ("storm", "A period when a share of the object store's requests fail with a 500 or 503 code."))

    /// `object_store:`.
    static let storeSection = SchemaObject([.optional("name", .anyText, "The store's node; default s3.")] + storeModelProperties + [
        .optional("lifecycle", .flag, "Whether lifecycle rules run; default true."),
        .optional("client", .object(storeClient), "The clients' timeout and retry policy."),
        .optional("buckets", .list(of: .object(bucket), maximum: maximumListedNames), "Buckets that exist from the start."),
    ])

    /// One of `object_store.buckets`.
    static let bucket = SchemaObject([
        .required("name", bucketName),
        .optional("versioning", .flag, "Default false."),
        .optional("encryption", encryptionOrNone, "Default encryption; default none."),
    ])
}

extension ScenarioSchema {
    /// The most topics, producers, buckets, storms or restores a section may list: each is checked against
    /// the others by name or time.
    static let maximumListedNames = 1_000
}
