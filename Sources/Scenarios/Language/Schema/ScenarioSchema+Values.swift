import Simulator

/// The shapes several sections share: the keys every file has, names, distributions, links and
/// the object-store client's retry policy.
extension ScenarioSchema {
    /// The keys every scenario file may have, whatever its kind (``ScenarioDocument``).
    static let commonProperties: [SchemaProperty] = [
        .optional("version", .integer(in: 1...1), "The version of the scenario language; this Orrery reads version 1."),
        .optional("name", scenarioName, "The scenario's name and its report's directory; default: the file's name without its extension.", default: .derived("the file's name without its extension")),
        .optional("description", .anyText, "A sentence for the report."),
        .optional("seed", .unsigned64, "The seed every random draw of the run derives from; default 1.", default: .integer(Int(defaultSeed))),
    ]

    /// A name that can name a report's directory (``ScenarioDocument/problem(withName:)``). A whole
    /// number or a boolean is read as its text (`2024`, `-1`, `true`), which is such a name; other
    /// numbers are not offered, since `.5` or `1e+3` as written are not.
    static let scenarioName = SchemaNode.named("name", summary: "1 to \(ScenarioDocument.maximumNameLength) ASCII letters, digits, '-', '_' and '.', not starting with '.'.", .anyOf([
        .text(pattern: "^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,\(ScenarioDocument.maximumNameLength - 1)}$"),
        .anyInteger, .boolean,
    ]))

    /// An S3 bucket name (``S3BucketNameRules``).
    static let bucketName = SchemaNode.named("bucket_name", summary: "An S3 bucket name: 3 to 63 lowercase letters, digits, dots and hyphens, starting and ending with a letter or digit.",
                                             .text(pattern: "^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$"))

    /// A server-side encryption, or `none`.
    static let encryptionOrNone = SchemaNode.words(["none"] + ServerSideEncryption.allCases.map(\.rawValue))

    /// `{min, max}` durations.
    static let durationRange = SchemaObject([.required("min", .duration), .required("max", .duration)])

    // MARK: Distributions (YAMLCursor.durationDistribution)

    /// `exponential: {mean}`.
    static let exponentialMean = SchemaObject([.required("mean", .positiveDuration)])
    /// `normal: {mean, sd}`.
    static let normalParameters = SchemaObject([.required("mean", .duration), .required("sd", .duration)])
    /// `lognormal: {median, sigma}`.
    static let lognormalParameters = SchemaObject([.required("median", .positiveDuration), .required("sigma", .number(in: 0...YAMLCursor.maximumSigma))])
    /// `pareto: {scale, shape}`.
    static let paretoParameters = SchemaObject([.required("scale", .positiveDuration), .required("shape", .positiveFactor)])

    /// The most durations an `empirical:` distribution may list: a measured sample of a hundred
    /// thousand latencies fits, and a draw picks one of them at random.
    static let maximumEmpiricalValues = 100_000

    /// A distribution written as a mapping: exactly one family.
    static let distributionFamilies: SchemaObject = {
        let families: [SchemaProperty] = [
            .optional("constant", .duration, "Always this duration."),
            .optional("exponential", .anyOf([.positiveDuration, .object(exponentialMean)]), "Exponential with this mean."),
            .optional("uniform", .object(durationRange), "Uniform between min and max."),
            .optional("normal", .object(normalParameters), "Normal with mean and standard deviation sd."),
            .optional("lognormal", .object(lognormalParameters), "Log-normal with this median and sigma."),
            .optional("pareto", .object(paretoParameters), "Pareto with this scale and shape."),
            .optional("empirical", .list(of: .duration, minimum: 1, maximum: maximumEmpiricalValues), "One of these durations, equally likely."),
        ]
        return SchemaObject(families, rules: [.exactlyOne(families.map(\.name))])
    }()

    /// A duration drawn at random: a bare duration (a constant) or one family.
    static let distribution = SchemaNode.named("distribution", summary: "A duration: constant (250ms), or one of exponential, uniform {min, max}, normal {mean, sd}, lognormal {median, sigma}, pareto {scale, shape}, empirical [...].",
                                               .anyOf([.duration, .object(distributionFamilies)]))

    // MARK: Links and clients

    /// A link's profile whose settings left out are `base`'s (a network link's, the default
    /// link's; a zone pair's, the link between zones).
    static func linkProperties(defaults base: String) -> [SchemaProperty] {
        [
            .optional("latency", distribution, "One-way latency of a message; default \(base).", default: .derived(base)),
            .optional("drop_rate", .probability, "Probability a message is lost; default \(base).", default: .derived(base)),
            .optional("duplicate_rate", .probability, "Probability a message is delivered twice; default \(base).", default: .derived(base)),
        ]
    }

    /// A link's profile whose settings left out are a LAN's (``LinkProfile/lan``): `network:`'s
    /// default link and a MapReduce cluster's links.
    static let lanLinkProperties: [SchemaProperty] = [
        .optional("latency", distribution, "One-way latency of a message; default a constant 0.5ms.", default: .distribution(LinkProfile.lan.latency)),
        .optional("drop_rate", .probability, "Probability a message is lost; default 0.", default: .number(LinkProfile.lan.dropRate)),
        .optional("duplicate_rate", .probability, "Probability a message is delivered twice; default 0.", default: .number(LinkProfile.lan.duplicateRate)),
    ]

    /// The links within a zone and between zones: the network's default link unless they say otherwise.
    static let link = SchemaObject(linkProperties(defaults: "the network's default link's"))

    /// A MapReduce cluster's network: a LAN unless it says otherwise.
    static let clusterLink = SchemaObject(lanLinkProperties)

    /// An object-store client's timeout and retry policy (`object_store.client`, the backup
    /// experiment's `client`).
    static let storeClient = SchemaObject([
        .optional("timeout", .positiveDuration, "How long one request may take; default 5s.", default: .duration(defaultStoreClientTimeout)),
        .optional("max_attempts", .integer(in: storeClientAttempts), "Attempts per request; default 6.", default: .integer(defaultStoreRetry.maxAttempts)),
        .optional("base_delay", .duration, "First backoff delay; default 100ms.", default: .duration(defaultStoreRetry.baseDelay)),
        .optional("max_delay", .duration, "Longest backoff delay; default 20s.", default: .duration(defaultStoreRetry.maxDelay)),
        .optional("jitter", .probability, "Share of each delay drawn at random; default 0.5.", default: .number(defaultStoreRetry.jitter)),
    ], definition: ("store_client", "An object-store client's request timeout and retry policy."))

    /// `max_attempts` of an object-store client.
    static let storeClientAttempts = 1...1_000
    /// An object-store client's timeout and retries when it does not say: 5 s a request, six
    /// attempts, ``RetryPolicy``'s backoff (100 ms doubling to 20 s, half of it drawn at random).
    static let defaultStoreClientTimeout = Duration.seconds(5)
    static let defaultStoreRetry = RetryPolicy(maxAttempts: 6)
    /// The seed every scenario file's runs derive from when `seed:` does not say.
    static let defaultSeed: UInt64 = 1
}
