import Simulator

extension OperationStepParser {
    /// `create_bucket`, `delete_bucket`, `get_bucket_versioning`, `delete_bucket_lifecycle`:
    /// a bucket name, bare (`create_bucket: photos`) or as `{bucket: photos}`.
    mutating func bucketStep(_ name: String, _ value: YAMLCursor, _ item: YAMLCursor) throws(ScenarioError) -> OperationScenario.Step {
        let bucket = try self.bucket(value.text != nil ? value : try value.mapping(ScenarioSchema.bucketOnlyFields).required("bucket"),
                                     creates: name == "create_bucket")
        let operation: ObjectStoreOperation
        switch name {
        case "create_bucket": operation = .createBucket(bucket: bucket)
        case "delete_bucket": operation = .deleteBucket(bucket: bucket)
        case "get_bucket_versioning": operation = .getBucketVersioning(bucket: bucket)
        default: operation = .deleteBucketLifecycle(bucket: bucket)
        }
        return step(name, item, label: nil) { _ in operation }
    }

    /// `put_bucket_versioning: {bucket, status}`, `put_bucket_encryption: {bucket, sse}` and
    /// `put_bucket_lifecycle: {bucket, rules, transition_minimum_size}`.
    mutating func bucketConfigurationStep(_ name: String, _ value: YAMLCursor, _ item: YAMLCursor) throws(ScenarioError) -> OperationScenario.Step {
        let operation: ObjectStoreOperation
        switch name {
        case "put_bucket_versioning":
            let fields = try value.mapping(ScenarioSchema.putBucketVersioningFields)
            operation = .putBucketVersioning(bucket: try self.bucket(try fields.required("bucket")),
                                             state: try fields.required("status").choice(VersioningState.self))
        case "put_bucket_encryption":
            let fields = try value.mapping(ScenarioSchema.putBucketEncryptionFields)
            let sse = try fields.required("sse")
            operation = .putBucketEncryption(bucket: try self.bucket(try fields.required("bucket")),
                                             encryption: sse.text == "none" ? nil : try sse.choice(ServerSideEncryption.self))
        default:
            let fields = try value.mapping(ScenarioSchema.putBucketLifecycleFields)
            var rules: [LifecycleRule] = []
            for rule in try fields.required("rules").list(atMost: ScenarioSchema.maximumLifecycleRules, of: "rules") { rules.append(try lifecycleRule(rule)) }
            let minimum = try fields["transition_minimum_size"]?.byteCount() ?? LifecycleConfiguration.defaultTransitionMinimumObjectSize
            operation = .putBucketLifecycle(bucket: try self.bucket(try fields.required("bucket")),
                                            configuration: LifecycleConfiguration(rules: rules, transitionMinimumObjectSize: minimum))
        }
        return step(name, item, label: nil) { _ in operation }
    }

    /// One lifecycle rule. Days are passed through as written (within ``ScenarioSchema/s3Integer``),
    /// so S3's own validation answers impossible values (zero days, a transition after the
    /// expiration) with its error codes.
    private func lifecycleRule(_ cursor: YAMLCursor) throws(ScenarioError) -> LifecycleRule {
        let fields = try cursor.mapping(ScenarioSchema.lifecycleRule)
        var transitions: [LifecycleTransition] = []
        for transition in try fields["transitions"]?.list(atMost: ScenarioSchema.maximumLifecycleTransitions, of: "transitions") ?? [] {
            let parts = try transition.mapping(ScenarioSchema.lifecycleTransition)
            transitions.append(LifecycleTransition(days: try parts.required("days").int(in: ScenarioSchema.s3Integer),
                                                   storageClass: try parts.required("storage_class").choice(StorageClass.self)))
        }
        let statusCursor = fields["status"]
        let status = try statusCursor?.string() ?? ScenarioSchema.defaultRuleStatus
        guard status == "Enabled" || status == "Disabled" else {
            throw (statusCursor ?? cursor).error(.invalidValue("status is Enabled or Disabled, got '\(status)'"))
        }
        return LifecycleRule(
            id: try fields.required("id").string(), prefix: try fields["prefix"]?.string() ?? "", isEnabled: status == "Enabled",
            transitions: transitions, expirationDays: try fields["expiration_days"]?.int(in: ScenarioSchema.s3Integer),
            expiredObjectDeleteMarker: try fields["expired_object_delete_marker"]?.bool() ?? false,
            noncurrentVersionExpirationDays: try fields["noncurrent_days"]?.int(in: ScenarioSchema.s3Integer),
            abortIncompleteMultipartUploadDays: try fields["abort_multipart_days"]?.int(in: ScenarioSchema.s3Integer))
    }
}
