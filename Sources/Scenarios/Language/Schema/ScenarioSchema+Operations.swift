import Simulator

/// Explicit object-store requests (``OperationStepParser``): a world's `operations:` and the file
/// `orrery ops` runs.
extension ScenarioSchema {
    /// The file `orrery ops` runs (`orrery run` reads it as a world).
    static let operationFile = SchemaObject(commonProperties + [.required("operations", operations, "The requests, in order.")])

    /// What a request is when its step does not say: sent from the node `client`, stored as
    /// STANDARD, a generated body from seed 0, a lifecycle rule enabled, a copy's metadata copied,
    /// S3's page of 1,000 keys or uploads.
    static let defaultOperationsClient = "client"
    static let defaultStorageClass = StorageClass.standard
    static let defaultBodySeed: UInt64 = 0
    static let defaultRuleStatus = "Enabled"
    static let defaultMetadataDirective = "COPY"
    static let defaultS3PageSize = 1_000

    /// The most steps one file may list.
    static let maximumOperations = 100_000

    /// A count S3 reads as a 32-bit integer: `max_keys`, `max_uploads`, a part number and a
    /// lifecycle rule's days. Each is sent as written, so that a file can show S3's own answer to
    /// a value outside S3's range — a negative max-keys, a part number 0 or 10,001, zero days:
    /// 400 InvalidArgument; max-keys above 1,000: a page of 1,000 — but no further than S3 reads
    /// a number (-9223372036854775808 was accepted).
    static let s3Integer = Int(Int32.min)...Int(Int32.max)
    /// The most rules `put_bucket_lifecycle` may send: ten times S3's 1,000, so that a file can
    /// show S3 refusing a configuration of more.
    static let maximumLifecycleRules = 10_000
    /// The most transitions one lifecycle rule may send: one for each storage class is already many.
    static let maximumLifecycleTransitions = 100
    /// The most parts `complete_multipart` may list: as many as an upload can have.
    static let maximumCompletedParts = ObjectStoreState.partNumbers.upperBound

    /// `operations:`: a list of steps, or `{client, steps}`.
    static let operations = SchemaNode.anyOf([operationSteps, .object(operationsWithClient)])

    /// The steps of `operations:`.
    static let operationSteps = SchemaNode.list(of: operationStep, minimum: 1, maximum: maximumOperations)

    /// `operations: {client, steps}`.
    static let operationsWithClient = SchemaObject([
        .optional("client", .anyText, "The client's node; default client.", default: .word(defaultOperationsClient)),
        .required("steps", operationSteps),
    ])

    /// Operations written as a bare word, with no fields.
    static let bareOperations = ["list_buckets", "run_lifecycle"]

    /// One step: a bare operation, or a mapping naming exactly one operation.
    static let operationStep = SchemaNode.named("operation", summary: "One object-store request: list_buckets, run_lifecycle, or {operation: fields}.",
                                                .anyOf([.words(bareOperations), .object(operationByName)]))

    /// Every operation, in the order the README lists them, with its fields.
    static let operationByName: SchemaObject = {
        let operations: [SchemaProperty] = [
            .optional("create_bucket", bucketOnly),
            .optional("delete_bucket", bucketOnly),
            .optional("list_buckets", .nothing, "Written as a bare word."),
            .optional("put_bucket_versioning", .object(putBucketVersioningFields)),
            .optional("get_bucket_versioning", bucketOnly),
            .optional("put_bucket_encryption", .object(putBucketEncryptionFields)),
            .optional("put_bucket_lifecycle", .object(putBucketLifecycleFields)),
            .optional("delete_bucket_lifecycle", bucketOnly),
            .optional("put", .object(putFields)),
            .optional("get", .object(readFields)),
            .optional("head", .object(readFields)),
            .optional("delete", .object(deleteFields)),
            .optional("copy", .object(copyFields)),
            .optional("list", .object(listFields)),
            .optional("list_versions", .object(listVersionsFields)),
            .optional("create_multipart", .object(createMultipartFields)),
            .optional("upload_part", .object(uploadPartFields)),
            .optional("list_parts", .object(multipartFields)),
            .optional("complete_multipart", .object(completeMultipartFields)),
            .optional("abort_multipart", .object(multipartFields)),
            .optional("list_multipart_uploads", .object(listMultipartUploadsFields)),
            .optional("run_lifecycle", .nothing, "Written as a bare word."),
            .optional("wait", .duration, "Let virtual time pass."),
        ]
        return SchemaObject(operations, rules: [.exactlyOne(operations.map(\.name))])
    }()

    // MARK: Fields shared by operations

    /// `as:` — a label later steps refer to as `$label`.
    static let label = SchemaProperty.optional("as", .text(pattern: #"^[^$]"#), "A label; later steps read this step's answer as $label.")
    /// A text field that may be `$label` of an earlier step.
    static let reference = SchemaNode.anyText
    /// The bucket a request is about.
    static let bucketField = SchemaProperty.required("bucket", .anyText)
    /// The object's key.
    static let keyField = SchemaProperty.required("key", .anyText)

    /// A write's `content_type`, `metadata`, `storage_class` and `sse`.
    static let writeAttributes: [SchemaProperty] = [
        .optional("content_type", .anyText),
        .optional("metadata", .textMap, "User metadata."),
        .optional("storage_class", .choice(StorageClass.self), "Default STANDARD.", default: .word(defaultStorageClass.rawValue)),
        .optional("sse", .choice(ServerSideEncryption.self)),
    ]

    /// A request body: `body` text, or `size` generated bytes from `seed`.
    static let bodyFields: [SchemaProperty] = [
        .optional("body", .anyText, "The body as UTF-8 text."),
        .optional("size", .byteCount(atMost: OperationStepParser.maximumGeneratedBody), "Generated bytes (at most 256MiB)."),
        .optional("seed", .count(atLeast: 0), "Seed of the generated bytes; default 0.", default: .integer(Int(defaultBodySeed))),
    ]

    // MARK: Buckets

    /// A bucket name, bare or as `{bucket}`.
    static let bucketOnly = SchemaNode.anyOf([.anyText, .object(bucketOnlyFields)])
    /// `{bucket}`.
    static let bucketOnlyFields = SchemaObject([bucketField])
    /// `put_bucket_versioning:`.
    static let putBucketVersioningFields = SchemaObject([bucketField, .required("status", .choice(VersioningState.self))])
    /// `put_bucket_encryption:`.
    static let putBucketEncryptionFields = SchemaObject([bucketField, .required("sse", encryptionOrNone)])
    /// `put_bucket_lifecycle:`.
    static let putBucketLifecycleFields = SchemaObject([
        bucketField,
        .required("rules", .list(of: .object(lifecycleRule), maximum: maximumLifecycleRules), "Sent as written: S3 refuses more than 1,000, or none."),
        .optional("transition_minimum_size", .byteCount),
    ])

    /// One lifecycle rule.
    static let lifecycleRule = SchemaObject([
        .required("id", .anyText),
        .optional("prefix", .anyText),
        .optional("status", .words(["Enabled", "Disabled"]), "Default Enabled.", default: .word(defaultRuleStatus)),
        .optional("transitions", .list(of: .object(lifecycleTransition), maximum: maximumLifecycleTransitions)),
        .optional("expiration_days", .integer(in: s3Integer), "Sent as written: S3 refuses 0 and below."),
        .optional("expired_object_delete_marker", .flag),
        .optional("noncurrent_days", .integer(in: s3Integer), "Sent as written: S3 refuses 0 and below."),
        .optional("abort_multipart_days", .integer(in: s3Integer), "Sent as written: S3 refuses 0 and below."),
    ])

    /// One of a lifecycle rule's `transitions`.
    static let lifecycleTransition = SchemaObject([.required("days", .integer(in: s3Integer), "Sent as written: S3 refuses fewer than the class needs."), .required("storage_class", .choice(StorageClass.self))])

    // MARK: Objects

    /// `put:`.
    static let putFields = SchemaObject([bucketField, keyField] + bodyFields + writeAttributes + [
        .optional("if_match", reference), .optional("if_none_match", reference), label,
    ], rules: [.exactlyOne(["body", "size"])])
    /// `get:` and `head:`.
    static let readFields = SchemaObject([
        bucketField, keyField, .optional("version_id", reference), .optional("range", .anyText, "bytes=0-99"),
        .optional("if_match", reference), .optional("if_none_match", reference), label,
    ])
    /// `delete:`.
    static let deleteFields = SchemaObject([bucketField, keyField, .optional("version_id", reference), label])
    /// `copy:`.
    static let copyFields = SchemaObject([
        .required("from_bucket", .anyText), .required("from_key", .anyText), .optional("from_version_id", reference),
        bucketField, keyField, .optional("metadata_directive", .words(["COPY", "REPLACE"]), "Default COPY.", default: .word(defaultMetadataDirective)),
    ] + writeAttributes + [label])

    /// The fields `list` and `list_versions` share.
    static let listingFields: [SchemaProperty] = [
        bucketField, .optional("prefix", .anyText), .optional("delimiter", .anyText), .optional("max_keys", .integer(in: s3Integer), "Default 1000; sent as written: S3 lists at most 1,000 a page and refuses a negative one.", default: .integer(defaultS3PageSize)), label,
    ]
    /// `list:` (ListObjectsV2).
    static let listFields = SchemaObject(listingFields + [.optional("continuation_token", reference), .optional("start_after", .anyText)])
    /// `list_versions:`.
    static let listVersionsFields = SchemaObject(listingFields + [.optional("key_marker", .anyText), .optional("version_id_marker", reference)])

    // MARK: Multipart uploads

    /// `create_multipart:`.
    static let createMultipartFields = SchemaObject([bucketField, keyField] + writeAttributes + [label])
    /// The fields of a step on one upload: `list_parts:` and `abort_multipart:`.
    static let multipartFields = SchemaObject([bucketField, keyField, .required("upload_id", reference), label])
    /// `upload_part:`.
    static let uploadPartFields = multipartFields.adding([.required("part", .integer(in: s3Integer), "Sent as written: S3 refuses a part number outside 1 … 10,000.")] + bodyFields, rules: [.exactlyOne(["body", "size"])])
    /// `complete_multipart:`.
    static let completeMultipartFields = multipartFields.adding([
        .required("parts", .list(of: .anyOf([.text(pattern: #"^\$"#), .object(completedPart)]), maximum: maximumCompletedParts), "$label of an upload_part, or {part, etag}."),
        .optional("if_match", reference), .optional("if_none_match", reference),
    ])
    /// `list_multipart_uploads:`.
    static let listMultipartUploadsFields = SchemaObject([
        bucketField, .optional("prefix", .anyText), .optional("max_uploads", .integer(in: s3Integer), "Default 1000 (S3 lists at most 1,000 a page).", default: .integer(defaultS3PageSize)),
        .optional("key_marker", .anyText), .optional("upload_id_marker", reference), label,
    ])

    /// `{part, etag}` of `complete_multipart.parts`.
    static let completedPart = SchemaObject([.required("part", .integer(in: s3Integer)), .required("etag", reference)])
}
