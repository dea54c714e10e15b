import Reports
import Simulator

extension OperationStepParser {
    /// `put`, `get`, `head`, `delete` and `copy`.
    mutating func objectStep(_ name: String, _ value: YAMLCursor, _ item: YAMLCursor) throws(ScenarioError) -> OperationScenario.Step {
        let shape = switch name {
        case "put": ScenarioSchema.putFields
        case "copy": ScenarioSchema.copyFields
        case "delete": ScenarioSchema.deleteFields
        default: ScenarioSchema.readFields
        }
        let fields = try value.mapping(shape)
        let bucket = try self.bucket(try fields.required("bucket"))
        let key = try fields.required("key").string()
        let labels = labels
        switch name {
        case "put":
            let body = try self.body(fields)
            let attributes = try Self.writeAttributes(fields)
            let ifMatch = try labels.value(fields, "if_match", .eTag)
            let ifNoneMatch = try labels.value(fields, "if_none_match", .eTag)
            return step(name, item, label: try label(fields, operation: name)) { results throws(OperationRunError) in
                .putObject(bucket: bucket, key: key, body: body.bytes(), attributes: attributes,
                           preconditions: ObjectWritePreconditions(ifMatch: try ifMatch.resolve(results), ifNoneMatch: try ifNoneMatch.resolve(results)))
            }
        case "delete":
            let versionId = try labels.value(fields, "version_id", .versionId)
            return step(name, item, label: try label(fields, operation: name)) { results throws(OperationRunError) in
                .deleteObject(bucket: bucket, key: key, versionId: try versionId.resolve(results))
            }
        case "copy":
            try chargeCopy(at: value)
            let sourceBucket = try self.bucket(try fields.required("from_bucket"))
            let sourceKey = try fields.required("from_key").string()
            let sourceVersion = try labels.value(fields, "from_version_id", .versionId)
            let attributes = try Self.writeAttributes(fields)
            let storageClass = fields["storage_class"] == nil ? nil : attributes.storageClass
            let directive = try fields["metadata_directive"]?.string() ?? ScenarioSchema.defaultMetadataDirective
            guard directive == "COPY" || directive == "REPLACE" else {
                throw (fields["metadata_directive"] ?? value).error(.invalidValue("metadata_directive is COPY or REPLACE, got '\(directive)'"))
            }
            return step(name, item, label: try label(fields, operation: name)) { results throws(OperationRunError) in
                .copyObject(CopyObjectRequest(
                    sourceBucket: sourceBucket, sourceKey: sourceKey, sourceVersionId: try sourceVersion.resolve(results),
                    destinationBucket: bucket, destinationKey: key,
                    metadataDirective: directive == "COPY" ? .copy : .replace(contentType: attributes.contentType, metadata: attributes.metadata),
                    storageClass: storageClass,
                    serverSideEncryption: attributes.serverSideEncryption))
            }
        default:
            let versionId = try labels.value(fields, "version_id", .versionId)
            let range = try fields["range"]?.string()
            let ifMatch = try labels.value(fields, "if_match", .eTag)
            let ifNoneMatch = try labels.value(fields, "if_none_match", .eTag)
            let isGet = name == "get"
            return step(name, item, label: try label(fields, operation: name)) { results throws(OperationRunError) in
                let options = ObjectReadOptions(versionId: try versionId.resolve(results), range: range,
                                                ifMatch: try ifMatch.resolve(results), ifNoneMatch: try ifNoneMatch.resolve(results))
                return isGet ? .getObject(bucket: bucket, key: key, options: options) : .headObject(bucket: bucket, key: key, options: options)
            }
        }
    }

    /// `list: {bucket, prefix, delimiter, max_keys, continuation_token, start_after}` and
    /// `list_versions: {bucket, prefix, delimiter, max_keys, key_marker, version_id_marker}`.
    mutating func listingStep(_ name: String, _ value: YAMLCursor, _ item: YAMLCursor) throws(ScenarioError) -> OperationScenario.Step {
        let isVersions = name == "list_versions"
        let fields = try value.mapping(isVersions ? ScenarioSchema.listVersionsFields : ScenarioSchema.listFields)
        let bucket = try self.bucket(try fields.required("bucket"))
        let prefix = try fields["prefix"]?.string() ?? ""
        let delimiter = try fields["delimiter"]?.string()
        let maxKeys = try fields["max_keys"]?.int(in: ScenarioSchema.s3Integer) ?? ScenarioSchema.defaultS3PageSize
        let labels = labels
        if isVersions {
            let keyMarker = try labels.marker(fields, "key_marker", of: name, next: .nextKeyMarker, otherwise: nil)
            let versionMarker = try labels.marker(fields, "version_id_marker", of: name, next: .nextVersionIdMarker, otherwise: .versionId)
            return step(name, item, label: try label(fields, operation: name)) { results throws(OperationRunError) in
                .listObjectVersions(bucket: bucket, request: ListObjectVersionsRequest(
                    prefix: prefix, delimiter: delimiter, maxKeys: maxKeys, keyMarker: try keyMarker.resolve(results),
                    versionIdMarker: try versionMarker.resolve(results)))
            }
        }
        let token = try labels.value(fields, "continuation_token", .nextMarker)
        let startAfter = try fields["start_after"]?.string()
        return step(name, item, label: try label(fields, operation: name)) { results throws(OperationRunError) in
            .listObjectsV2(bucket: bucket, request: ListObjectsV2Request(
                prefix: prefix, delimiter: delimiter, maxKeys: maxKeys, continuationToken: try token.resolve(results), startAfter: startAfter))
        }
    }

    /// A request body: `body: text` (UTF-8), or `size: 6MiB` with an optional `seed:` for
    /// deterministic pseudo-random bytes. A generated body is made when its step runs, not as
    /// the file is read (validating four 256 MiB puts took 1.07 GB), and the store keeps the
    /// bodies (versions, parts): a file's bodies add up to at most ``maximumBodyBytes``.
    mutating func body(_ fields: YAMLMapping) throws(ScenarioError) -> RequestBody {
        switch (fields["body"], fields["size"]) {
        case (let text?, nil):
            let bytes = Array(try text.string().utf8)
            bodyBytes += bytes.count
            return .written(bytes)
        case (nil, let size?):
            let count = try size.byteCount()
            guard count <= Self.maximumGeneratedBody else {
                throw size.error(.invalidValue("a generated body is at most 256 MiB in \(file)"))
            }
            guard bodyBytes + copiedBytes + count <= Self.maximumBodyBytes else {
                throw size.error(.invalidValue("the file's bodies and copies would add up to \(NumberFormat.fixed(Double(bodyBytes + copiedBytes + count), decimals: 0, grouping: true)) bytes, more than the 1 GiB (\(NumberFormat.fixed(Double(Self.maximumBodyBytes), decimals: 0, grouping: true)) bytes) \(file) may make; make them fewer or smaller"))
            }
            bodyBytes += count
            let seed = try fields["seed"].map { cursor throws(ScenarioError) in UInt64(try cursor.int(atLeast: 0)) } ?? ScenarioSchema.defaultBodySeed
            return .generated(count: count, seed: seed)
        case (_?, _?):
            throw fields.cursor.error(.invalidValue("give either 'body' or 'size', not both"))
        case (nil, nil):
            throw fields.cursor.error(.missingKey("body"))
        }
    }

    /// A copy may write as many bytes as every body so far (an object made of all the parts):
    /// counted against ``maximumBodyBytes`` with the bodies, since the store keeps it too (thirty
    /// encrypted copies of a 256 MiB object held 8.4 GB and ran past a minute).
    mutating func chargeCopy(at cursor: YAMLCursor) throws(ScenarioError) {
        guard bodyBytes + copiedBytes + bodyBytes <= Self.maximumBodyBytes else {
            throw cursor.error(.invalidValue("this copy may write as many bytes as every body so far (\(NumberFormat.fixed(Double(bodyBytes), decimals: 0, grouping: true))), and the file's bodies and copies would then add up to \(NumberFormat.fixed(Double(bodyBytes + copiedBytes + bodyBytes), decimals: 0, grouping: true)) bytes, more than the 1 GiB (\(NumberFormat.fixed(Double(Self.maximumBodyBytes), decimals: 0, grouping: true)) bytes) \(file) may make; make them fewer or smaller"))
        }
        copiedBytes += bodyBytes
    }

    /// The largest `size:` a file may ask for, so a typo cannot exhaust memory.
    static let maximumGeneratedBody = 256 << 20
    /// The most bytes a file's bodies may add up to: the store holds each (and a copy, a part, a
    /// version of it), so forty bodies of 256 MiB held 10.5 GB and ran past a minute.
    static let maximumBodyBytes = 1 << 30

    /// A body as the file gives it: its bytes, or how to make them.
    enum RequestBody: Sendable {
        /// `body:`, as written.
        case written([UInt8])
        /// `size:` pseudo-random bytes from `seed`.
        case generated(count: Int, seed: UInt64)

        /// The body's bytes.
        func bytes() -> [UInt8] {
            switch self {
            case .written(let bytes): bytes
            case .generated(let count, let seed): OperationStepParser.generatedBytes(count, seed: seed)
            }
        }
    }

    /// `count` bytes from xoshiro256** seeded with `seed`: the same bytes on every machine.
    static func generatedBytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var random = SeededRandom(seed: seed)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + 8)
        while bytes.count < count {
            withUnsafeBytes(of: random.next().littleEndian) { bytes.append(contentsOf: $0) }
        }
        bytes.removeLast(bytes.count - count)
        return bytes
    }

    /// `content_type`, `metadata`, `storage_class` and `sse` of a write.
    static func writeAttributes(_ fields: YAMLMapping) throws(ScenarioError) -> ObjectWriteAttributes {
        ObjectWriteAttributes(
            contentType: try fields["content_type"]?.string(), metadata: try fields["metadata"]?.stringMapping() ?? [:],
            storageClass: try fields["storage_class"]?.choice(StorageClass.self) ?? ScenarioSchema.defaultStorageClass,
            serverSideEncryption: try fields["sse"]?.choice(ServerSideEncryption.self))
    }
}
