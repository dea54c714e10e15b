import Simulator

extension OperationStepParser {
    /// `create_multipart`, `upload_part`, `list_parts`, `complete_multipart`, `abort_multipart`
    /// and `list_multipart_uploads`.
    mutating func multipartStep(_ name: String, _ value: YAMLCursor, _ item: YAMLCursor) throws(ScenarioError) -> OperationScenario.Step {
        let labels = labels
        if name == "list_multipart_uploads" {
            let fields = try value.mapping(ScenarioSchema.listMultipartUploadsFields)
            let bucket = try self.bucket(try fields.required("bucket"))
            let prefix = try fields["prefix"]?.string() ?? ""
            let maxUploads = try fields["max_uploads"]?.int(in: ScenarioSchema.s3Integer) ?? ScenarioSchema.defaultS3PageSize
            let keyMarker = try labels.marker(fields, "key_marker", of: name, next: .nextKeyMarker, otherwise: nil)
            let uploadMarker = try labels.marker(fields, "upload_id_marker", of: name, next: .nextUploadIdMarker, otherwise: .uploadId)
            return step(name, item, label: try label(fields, operation: name)) { results throws(OperationRunError) in
                .listMultipartUploads(bucket: bucket, request: ListMultipartUploadsRequest(
                    prefix: prefix, maxUploads: maxUploads, keyMarker: try keyMarker.resolve(results),
                    uploadIdMarker: try uploadMarker.resolve(results)))
            }
        }
        if name == "create_multipart" {
            let fields = try value.mapping(ScenarioSchema.createMultipartFields)
            let bucket = try self.bucket(try fields.required("bucket"))
            let key = try fields.required("key").string()
            let attributes = try Self.writeAttributes(fields)
            return step(name, item, label: try label(fields, operation: name)) { _ in
                .createMultipartUpload(bucket: bucket, key: key, attributes: attributes)
            }
        }
        let shape = switch name {
        case "upload_part": ScenarioSchema.uploadPartFields
        case "complete_multipart": ScenarioSchema.completeMultipartFields
        default: ScenarioSchema.multipartFields
        }
        let fields = try value.mapping(shape)
        let bucket = try self.bucket(try fields.required("bucket"))
        let key = try fields.required("key").string()
        let uploadId = try labels.value(try fields.required("upload_id"), .uploadId)
        switch name {
        case "upload_part":
            let partNumber = try fields.required("part").int(in: ScenarioSchema.s3Integer)
            let body = try self.body(fields)
            return step(name, item, label: try label(fields, operation: name, partNumber: partNumber), partNumber: partNumber) { results throws(OperationRunError) in
                .uploadPart(bucket: bucket, key: key, uploadId: try uploadId.resolve(results), partNumber: partNumber, body: body.bytes())
            }
        case "complete_multipart":
            var parts: [(number: Int, eTag: OperationValue)] = []
            for part in try fields.required("parts").list(atMost: ScenarioSchema.maximumCompletedParts, of: "parts") { parts.append(try labels.part(part)) }
            let ifMatch = try labels.value(fields, "if_match", .eTag)
            let ifNoneMatch = try labels.value(fields, "if_none_match", .eTag)
            let listed = parts
            return step(name, item, label: try label(fields, operation: name)) { results throws(OperationRunError) in
                var completed: [CompletedMultipartPart] = []
                for part in listed { completed.append(CompletedMultipartPart(partNumber: part.number, eTag: try part.eTag.resolve(results))) }
                return .completeMultipartUpload(bucket: bucket, key: key, uploadId: try uploadId.resolve(results), parts: completed,
                                                preconditions: ObjectWritePreconditions(ifMatch: try ifMatch.resolve(results), ifNoneMatch: try ifNoneMatch.resolve(results)))
            }
        case "list_parts":
            return step(name, item, label: try label(fields, operation: name)) { results throws(OperationRunError) in
                .listParts(bucket: bucket, key: key, uploadId: try uploadId.resolve(results))
            }
        default:
            return step(name, item, label: try label(fields, operation: name)) { results throws(OperationRunError) in
                .abortMultipartUpload(bucket: bucket, key: key, uploadId: try uploadId.resolve(results))
            }
        }
    }
}
