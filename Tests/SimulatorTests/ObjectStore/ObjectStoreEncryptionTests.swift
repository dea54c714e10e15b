import Testing
@testable import Simulator

@Suite("Object store: SSE-S3")
struct ObjectStoreEncryptionTests {
    static let secret = s3Bytes("secret data")
    static let secretETag = "\"c3a32855742d3459ae2638b2c42f0cb4\""  // hashlib.md5(b'secret data')

    @Test func requestedEncryptionStoresCiphertextAndReadsPlaintext() {
        var store = ObjectStoreFixture.storeWithBucket()
        let put = expectS3Success(&store) {
            try $0.putObject(bucket: "bucket", key: "k", body: Self.secret,
                             attributes: ObjectWriteAttributes(serverSideEncryption: .aes256), now: 0)
        }
        #expect(put?.eTag == Self.secretETag)  // SSE-S3 ETags stay the MD5 of the plaintext
        #expect(put?.serverSideEncryption == .aes256)
        let atRest = store.bytesAtRest(bucket: "bucket", key: "k") ?? []
        #expect(atRest.count == Self.secret.count + 28)  // 12-byte nonce + ciphertext + 16-byte tag
        #expect(atRest != Self.secret)
        #expect(!atRest.indices.dropLast(Self.secret.count - 1).contains { atRest[$0..<($0 + Self.secret.count)].elementsEqual(Self.secret) })
        let get = expectS3Success(&store) { try $0.getObject(bucket: "bucket", key: "k") }
        #expect(get?.body == Self.secret)
        #expect(get?.head.serverSideEncryption == .aes256)
        #expect(get?.head.eTag == Self.secretETag)
        let range = expectS3Success(&store) { try $0.getObject(bucket: "bucket", key: "k", options: ObjectReadOptions(range: "bytes=7-")) }
        #expect(range?.body == s3Bytes("data"))
    }

    @Test func bucketDefaultEncryptionAppliesToPutsUploadsAndCopies() {
        var store = ObjectStoreFixture.storeWithBucket()
        _ = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "plain", body: Self.secret, now: 0) }
        #expect(store.bytesAtRest(bucket: "bucket", key: "plain") == Self.secret)
        _ = expectS3Success(&store) { try $0.putBucketEncryption("bucket", .aes256) }
        #expect(expectS3Success(&store) { try $0.bucketEncryption("bucket") } == .aes256)
        _ = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "sealed", body: Self.secret, now: 1) }
        #expect(store.bytesAtRest(bucket: "bucket", key: "sealed") != Self.secret)
        #expect(expectS3Success(&store) { try $0.headObject(bucket: "bucket", key: "sealed") }?.serverSideEncryption == .aes256)
        // Copying the plaintext object inside the now-encrypted bucket seals the copy.
        _ = expectS3Success(&store) {
            try $0.copyObject(CopyObjectRequest(sourceBucket: "bucket", sourceKey: "plain", destinationBucket: "bucket", destinationKey: "copy"), now: 2)
        }
        #expect(store.bytesAtRest(bucket: "bucket", key: "copy")?.count == Self.secret.count + 28)
        #expect(expectS3Success(&store) { try $0.getObject(bucket: "bucket", key: "copy") }?.body == Self.secret)
        // And copying a sealed object into an unencrypted bucket stores plaintext.
        _ = expectS3Success(&store) { try $0.createBucket("clear", now: 3) }
        _ = expectS3Success(&store) {
            try $0.copyObject(CopyObjectRequest(sourceBucket: "bucket", sourceKey: "sealed", destinationBucket: "clear", destinationKey: "k"), now: 3)
        }
        #expect(store.bytesAtRest(bucket: "clear", key: "k") == Self.secret)
        _ = expectS3Success(&store) { try $0.putBucketEncryption("bucket", nil) }
        let cleared = expectS3Success(&store) { try $0.bucketEncryption("bucket") }
        #expect(cleared == .some(nil))
    }

    @Test func multipartPartsAreSealedOnUploadAndTheETagIsUnchanged() {
        var store = ObjectStoreFixture.storeWithBucket()
        let first = [UInt8](repeating: UInt8(ascii: "a"), count: ObjectStoreState.minimumPartSize)
        let uploadId = expectS3Success(&store) {
            try $0.createMultipartUpload(bucket: "bucket", key: "mp", attributes: ObjectWriteAttributes(serverSideEncryption: .aes256), now: 0)
        } ?? ""
        let e1 = expectS3Success(&store) { try $0.uploadPart(bucket: "bucket", key: "mp", uploadId: uploadId, partNumber: 1, body: first, now: 0) } ?? ""
        let e2 = expectS3Success(&store) { try $0.uploadPart(bucket: "bucket", key: "mp", uploadId: uploadId, partNumber: 2, body: s3Bytes("b"), now: 0) } ?? ""
        let done = expectS3Success(&store) {
            try $0.completeMultipartUpload(bucket: "bucket", key: "mp", uploadId: uploadId,
                                           parts: [CompletedMultipartPart(partNumber: 1, eTag: e1), CompletedMultipartPart(partNumber: 2, eTag: e2)], now: 1)
        }
        #expect(done?.eTag == "\"e5a8c5272b26fc10581a21089559b006-2\"")  // same as the unencrypted upload
        let atRest = store.bytesAtRest(bucket: "bucket", key: "mp") ?? []
        #expect(atRest.count == first.count + 1 + 2 * 28)
        #expect(Array(atRest.prefix(64)) != Array(first.prefix(64)))
        #expect(expectS3Success(&store) { try $0.getObject(bucket: "bucket", key: "mp") }?.body == first + s3Bytes("b"))
        let range = "bytes=\(first.count - 1)-\(first.count)"
        #expect(expectS3Success(&store) { try $0.getObject(bucket: "bucket", key: "mp", options: ObjectReadOptions(range: range)) }?.body == s3Bytes("ab"))
    }

    @Test func ciphertextIsDeterministicPerMasterKeyAndUniquePerVersion() {
        func sealedBytes(masterKey: [UInt8]) -> ([UInt8], [UInt8]) {
            var store = ObjectStoreState(masterKey: masterKey)
            _ = expectS3Success(&store) { try $0.createBucket("bucket", now: 0) }
            _ = expectS3Success(&store) { try $0.putBucketVersioning("bucket", .enabled) }
            _ = expectS3Success(&store) { try $0.putBucketEncryption("bucket", .aes256) }
            let v1 = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: Self.secret, now: 1) }?.versionId
            let v2 = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: Self.secret, now: 2) }?.versionId
            return (store.bytesAtRest(bucket: "bucket", key: "k", versionId: v1) ?? [],
                    store.bytesAtRest(bucket: "bucket", key: "k", versionId: v2) ?? [])
        }
        let (first, second) = sealedBytes(masterKey: ObjectStoreState.defaultMasterKey)
        let (firstAgain, secondAgain) = sealedBytes(masterKey: ObjectStoreState.defaultMasterKey)
        #expect(first == firstAgain)
        #expect(second == secondAgain)
        #expect(first != second)  // same plaintext, different version: different key and nonce
        #expect(first.prefix(12) != second.prefix(12))
        let (otherKey, _) = sealedBytes(masterKey: [UInt8](repeating: 9, count: 32))
        #expect(otherKey != first)
    }

    @Test func tamperedCiphertextFailsAuthenticationAsInternalError() {
        var store = ObjectStoreFixture.storeWithBucket()
        _ = expectS3Success(&store) {
            try $0.putObject(bucket: "bucket", key: "k", body: Self.secret, attributes: ObjectWriteAttributes(serverSideEncryption: .aes256), now: 0)
        }
        let key = S3ObjectKey("k")
        guard let version = store.buckets["bucket"]?.objects[key]?.last, case .single(.sealed(let sequence, var bytes)) = version.body else {
            Issue.record("expected a sealed single-part body")
            return
        }
        bytes[20] ^= 0x01
        let tampered = ObjectVersion(sequence: version.sequence, isNullVersion: version.isNullVersion, isDeleteMarker: false,
                                     encryption: .aes256, storageClass: version.storageClass, contentType: version.contentType,
                                     lastModified: version.lastModified, becameNoncurrentAt: nil, size: version.size,
                                     eTag: version.eTag, userMetadata: [:], body: .single(.sealed(sequence: sequence, bytes: bytes)))
        store.buckets["bucket"]?.objects[key] = [tampered]
        let error = expectS3Failure(&store, .internalError) { try $0.getObject(bucket: "bucket", key: "k") }
        #expect(error?.httpStatus == 500)
    }
}
