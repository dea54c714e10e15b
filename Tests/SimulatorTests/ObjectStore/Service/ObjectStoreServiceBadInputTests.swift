import Testing
@testable import Simulator

@Suite("Object store service: bad input gets S3's errors through the actor and changes nothing")
struct ObjectStoreServiceBadInputTests {
    /// A request made with the client, given the id of a multipart upload the setup created.
    typealias Attempt = @Sendable (ObjectStoreClient, String) async throws(ObjectStoreClientError) -> Void

    static let cases: [(name: String, code: S3ErrorCode, attempt: Attempt)] = [
        ("invalid bucket name", .invalidBucketName, { client, _ throws(ObjectStoreClientError) in try await client.createBucket("Not_Valid") }),
        ("bucket name too short", .invalidBucketName, { client, _ throws(ObjectStoreClientError) in try await client.createBucket("ab") }),
        ("key over 1,024 bytes", .keyTooLongError, { client, _ throws(ObjectStoreClientError) in
            _ = try await client.putObject(bucket: "bucket", key: String(repeating: "é", count: 513), body: s3Bytes("x"))
        }),
        ("unknown version id", .noSuchVersion, { client, _ throws(ObjectStoreClientError) in
            _ = try await client.getObject(bucket: "bucket", key: "k", options: ObjectReadOptions(versionId: ObjectStoreIdentifiers.versionId(sequence: 999)))
        }),
        ("malformed version id", .invalidArgument, { client, _ throws(ObjectStoreClientError) in
            _ = try await client.getObject(bucket: "bucket", key: "k", options: ObjectReadOptions(versionId: "not-a-version"))
        }),
        ("parts out of order", .invalidPartOrder, { client, upload throws(ObjectStoreClientError) in
            let parts = [CompletedMultipartPart(partNumber: 2, eTag: "a"), CompletedMultipartPart(partNumber: 1, eTag: "b")]
            _ = try await client.send(.write("bucket", "mp")) { state, now throws(S3Error) in
                try state.completeMultipartUpload(bucket: "bucket", key: "mp", uploadId: upload, parts: parts, now: now)
            }
        }),
        ("delete a bucket that is not empty", .bucketNotEmpty, { client, _ throws(ObjectStoreClientError) in
            try await client.send(.write("bucket")) { state, _ throws(S3Error) in try state.deleteBucket("bucket") }
        }),
    ]

    @Test(arguments: cases.map(\.name))
    func isRefusedWithS3sCodeAndLeavesTheStateAsItWas(name: String) throws {
        let testCase = try #require(Self.cases.first { $0.name == name })
        let fixture = ObjectStoreServiceFixture()
        let client = fixture.client
        let (before, error, after) = fixture.run { () -> (ObjectStoreState, ObjectStoreClientError?, ObjectStoreState) in
            try? await client.createBucket("bucket")
            try? await client.putBucketVersioning("bucket", .enabled)
            _ = try? await client.putObject(bucket: "bucket", key: "k", body: s3Bytes("v1"))
            let upload = (try? await client.send(.write("bucket", "mp")) { state, now throws(S3Error) in
                try state.createMultipartUpload(bucket: "bucket", key: "mp", now: now)
            }) ?? ""
            let before = await client.store.state
            var failure: ObjectStoreClientError?
            do {
                try await testCase.attempt(client, upload)
            } catch {
                failure = error as? ObjectStoreClientError
            }
            return (before, failure, await client.store.state)
        }
        #expect(error?.code == testCase.code)
        if case .s3(let s3) = error { #expect(s3.httpStatus == testCase.code.httpStatus) }
        #expect(after == before)
    }
}
