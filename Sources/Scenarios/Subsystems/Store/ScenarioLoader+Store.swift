import Simulator
import Yams
import Reports

extension ScenarioLoader {
    /// Parses `object_store: {name, latency, bytes_per_second, internal_error_rate, unavailable_rate,
    /// storms, lifecycle, client: {timeout, max_attempts, base_delay, max_delay, jitter}, buckets}`.
    static func parseStoreSection(_ cursor: YAMLCursor) throws(ScenarioError) -> StoreSection {
        let fields = try cursor.mapping(ScenarioSchema.storeSection)
        let modelKeys = ScenarioSchema.storeModel.keys
        let modelCursor = YAMLCursor(
            node: .mapping(.init(fields.entries.filter { modelKeys.contains($0.key) }.map { ($0.keyCursor.node, $0.value.node) })),
            file: cursor.file, path: cursor.path)
        // Each storm's code first, so a bad one is told the three codes a storm takes (the model's
        // reader, shared with the backup experiment, reports the rest of the storm).
        for storm in try fields["storms"]?.list(atMost: ScenarioSchema.maximumListedNames, of: "storms") ?? [] {
            _ = try (try? storm.openMapping())?["code"]?.stormCode()
        }
        var configuration = try parseStoreModel(modelCursor)
        configuration.runsLifecycle = try fields["lifecycle"]?.bool() ?? ScenarioSchema.storeModelDefaults.runsLifecycle
        let client = try fields["client"]?.mapping(ScenarioSchema.storeClient)
        let retryDefaults = ScenarioSchema.defaultStoreRetry
        let retry = RetryPolicy(maxAttempts: try client?["max_attempts"]?.int(in: ScenarioSchema.storeClientAttempts) ?? retryDefaults.maxAttempts,
                                baseDelay: try client?["base_delay"]?.duration() ?? retryDefaults.baseDelay,
                                maxDelay: try client?["max_delay"]?.duration() ?? retryDefaults.maxDelay,
                                jitter: try client?["jitter"]?.probability() ?? retryDefaults.jitter)
        var buckets: [StoreSection.Bucket] = []
        var names = DistinctNames()
        for item in try fields["buckets"]?.list(atMost: ScenarioSchema.maximumListedNames, of: "buckets") ?? [] {
            let bucketFields = try item.mapping(ScenarioSchema.bucket)
            let nameCursor = try bucketFields.required("name")
            let name = try nameCursor.string()
            guard S3BucketNameRules.isValid(name) else { throw nameCursor.error(.invalidValue("'\(name.excerpt)' is not a valid S3 bucket name (3–63 lowercase letters, digits, dots and hyphens)")) }
            // Each bucket has rows and series of its own, told apart by its name: by bytes and by
            // look-alikes, as every other list of names (the log's topics).
            try names.add(name, at: nameCursor, kind: "bucket",
                          remedy: "give each bucket its own name: the report's rows and the metrics' series tell the buckets apart by it")
            buckets.append(.init(
                name: name, versioning: try bucketFields["versioning"]?.bool() ?? false,
                encryption: try bucketFields["encryption"].map { cursor throws(ScenarioError) in
                    cursor.text == "none" ? nil : try cursor.choice(ServerSideEncryption.self)
                } ?? nil))
        }
        return StoreSection(id: NodeID(try fields["name"]?.name() ?? ScenarioSchema.defaultStoreName), configuration: configuration, buckets: buckets,
                            clientTimeout: try client?["timeout"]?.positiveDuration() ?? ScenarioSchema.defaultStoreClientTimeout, retry: retry)
    }

    /// Parses `operations:`: a list of steps, or `{client: NAME, steps: [...]}`, of `file` ("a
    /// world", or an operation scenario's ``OperationStepParser/operationFile``), as the limits'
    /// messages name it.
    /// `buckets` are the names the world's store lists: a step that names a look-alike of one of
    /// them, or of a bucket an earlier step creates, is refused (``OperationStepParser/bucket(_:creates:)``).
    static func parseOperationsSection(_ cursor: YAMLCursor, in file: String = "a world", buckets: [String] = []) throws(ScenarioError) -> OperationsSection {
        var client = NodeID(ScenarioSchema.defaultOperationsClient)
        var stepsCursor = cursor
        if case .mapping = cursor.node {
            // One step written without its dash reads as a mapping: say so, not "unknown key".
            if let entry = try cursor.openMapping().entries.first(where: { ScenarioSchema.operationByName.keys.contains($0.key) }) {
                throw entry.keyCursor.error(.invalidValue("operations is a list of steps, each after a dash (- \(entry.key): …), or {client, steps}"))
            }
            let fields = try cursor.mapping(ScenarioSchema.operationsWithClient)
            if let name = fields["client"] { client = NodeID(try name.name()) }
            stepsCursor = try fields.required("steps")
        }
        var parser = OperationStepParser()
        parser.file = file
        parser.know(buckets: buckets)
        var steps: [OperationScenario.Step] = []
        let items = try stepsCursor.list()
        guard items.count <= ScenarioSchema.maximumOperations else { throw stepsCursor.error(.invalidValue("at most \(NumberFormat.integer(ScenarioSchema.maximumOperations)) operations, got \(NumberFormat.integer(items.count))")) }
        for item in items { steps.append(try parser.parse(item)) }
        guard !steps.isEmpty else { throw stepsCursor.error(.invalidValue("an operations section needs at least one operation")) }
        return OperationsSection(client: client, steps: steps)
    }
}
