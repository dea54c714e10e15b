/// A bucket's lifecycle configuration: its rules and the transition size floor.
public struct LifecycleConfiguration: Sendable, Equatable, Codable {
    /// S3's default `x-amz-transition-default-minimum-object-size` (`all_storage_classes_128K`,
    /// the default since September 2024): smaller objects are never transitioned.
    public static let defaultTransitionMinimumObjectSize = 128 * 1024

    /// The rules, evaluated independently; where they overlap, S3's precedence applies
    /// (a permanent deletion beats a transition, a transition beats adding a delete marker; the
    /// coldest due transition wins).
    public var rules: [LifecycleRule]
    /// Objects smaller than this many bytes are not transitioned.
    public var transitionMinimumObjectSize: Int

    /// Creates a configuration.
    public init(rules: [LifecycleRule], transitionMinimumObjectSize: Int = LifecycleConfiguration.defaultTransitionMinimumObjectSize) {
        self.rules = rules
        self.transitionMinimumObjectSize = transitionMinimumObjectSize
    }

    /// S3's limit on rules per configuration.
    static let maximumRules = 1000

    /// Checks the configuration the way PutBucketLifecycleConfiguration does; nothing is stored on failure.
    func validate() throws(S3Error) {
        guard !rules.isEmpty else {
            throw S3Error(.malformedXML, "The XML you provided was not well-formed or did not validate against our published schema")
        }
        guard rules.count <= Self.maximumRules else {
            throw S3Error(.invalidArgument, "Lifecycle configuration cannot have more than 1000 rules.")
        }
        var seen = Set<String>()
        for rule in rules {
            guard seen.insert(rule.id).inserted else {
                throw S3Error(.invalidArgument, "Rule ID must be unique. Found same ID for more than one rule: \(rule.id)")
            }
            try rule.validate()
        }
    }
}
