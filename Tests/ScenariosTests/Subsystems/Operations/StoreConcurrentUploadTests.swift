import Testing
@testable import Scenarios
@testable import Simulator

/// A multipart upload is as old as its start, in every bucket: of an upload and a write made after
/// it started (or two uploads), the one started last is current, whichever completes last. In an
/// unversioned or suspended bucket, where a key keeps one null version, an upload completed after a
/// newer write of its key answered 200 and replaced it — the current object then dated an hour
/// before the one it replaced (the object store checker's finding 1, `mpu-race.yaml`, `e8.yaml`).
/// Now it answers 200 with its ETag and is overwritten at once, as AWS says a request received
/// between an upload's start and its completion "might take precedence".
struct StoreConcurrentUploadTests {
    static func run(_ yaml: String) throws -> [ObjectStoreOperationResult] {
        try OperationScenarioRunner.run(try ScenarioLoader.parseOperationScenario(yaml, file: "ops.yaml")).get().map(\.result)
    }

    /// A listed version as one line: key, id, latest or not, marker or ETag, size, Last-Modified (ns).
    static func line(_ version: ListedObjectVersion) -> String {
        [version.key, version.versionId, version.isLatest ? "latest" : "noncurrent",
         version.isDeleteMarker ? "marker" : version.eTag ?? "-", String(version.size), String(version.lastModified)]
            .joined(separator: " ")
    }

    static let newerPut = "\"a65c2148cfd484c52cc85b4803cce54c\""
    static let olderUpload = "\"c9fba6ab9f0650f3c4669ff705d19fce-1\""

    /// The checker's `mpu-race.yaml`: an upload started, an hour later a PUT, then the upload
    /// completes — in an unversioned bucket, then in an Enabled one.
    static let race = """
        version: 1
        name: mpu-race
        seed: 1
        operations:
          - create_bucket: race
          - create_multipart: {bucket: race, key: k, as: up}
          - wait: 1h
          - put: {bucket: race, key: k, body: newer-put}
          - upload_part: {bucket: race, key: k, upload_id: $up, part: 1, body: older-upload, as: p1}
          - complete_multipart: {bucket: race, key: k, upload_id: $up, parts: [$p1]}
          - get: {bucket: race, key: k}
          - list_versions: {bucket: race}
          - create_bucket: race-v
          - put_bucket_versioning: {bucket: race-v, status: Enabled}
          - create_multipart: {bucket: race-v, key: k, as: upv}
          - wait: 1h
          - put: {bucket: race-v, key: k, body: newer-put}
          - upload_part: {bucket: race-v, key: k, upload_id: $upv, part: 1, body: older-upload, as: pv1}
          - complete_multipart: {bucket: race-v, key: k, upload_id: $upv, parts: [$pv1]}
          - get: {bucket: race-v, key: k}
          - list_versions: {bucket: race-v}
        """

    @Test func aPutMadeWhileAnUploadRunsStaysCurrentInAnUnversionedBucket() throws {
        let answers = try Self.run(Self.race)
        // The completion answers 200 with its ETag (no version id: the bucket is unversioned)...
        #expect(answers[4].status == 200 && answers[4].eTag == Self.olderUpload && answers[4].versionId == nil)
        // ...but the PUT made an hour after the upload began stays current and alone (before: the
        // upload's bytes, 9de3737f…, dated 0.026 s, replaced it).
        #expect(answers[5].bodyMD5 == "a65c2148cfd484c52cc85b4803cce54c" && answers[5].eTag == Self.newerPut)
        #expect(answers[6].versions?.map(Self.line) == ["k null latest \(Self.newerPut) 9 3600059411171"])
    }

    @Test func aVersionedBucketKeepsBothAndThePutCurrent() throws {
        let answers = try Self.run(Self.race)
        let put = try #require(answers[10].versionId), completed = try #require(answers[12].versionId)
        #expect(answers[12].eTag == Self.olderUpload)
        #expect(answers[13].versionId == put && answers[13].eTag == Self.newerPut)
        let listed = try #require(answers[14].versions)
        #expect(listed.map(\.versionId) == [put, completed])
        #expect(listed.map(\.isLatest) == [true, false])
        #expect(listed.map(\.eTag) == [Self.newerPut, Self.olderUpload])
    }

    /// The checker's `e8.yaml`: two uploads of one key a second apart, the later one completed
    /// first, in an unversioned, an Enabled and a Suspended bucket: the later-started is current
    /// in all three (before: the earlier-started won in the unversioned and suspended ones).
    static let twoUploads = """
        version: 1
        name: e8
        seed: 1
        operations:
          - create_bucket: mpu
          - create_multipart: {bucket: mpu, key: k, as: mpu1}
          - wait: 1s
          - create_multipart: {bucket: mpu, key: k, as: mpu2}
          - upload_part: {bucket: mpu, key: k, upload_id: $mpu1, part: 1, body: older-start, as: mpup1}
          - upload_part: {bucket: mpu, key: k, upload_id: $mpu2, part: 1, body: newer-start, as: mpup2}
          - complete_multipart: {bucket: mpu, key: k, upload_id: $mpu2, parts: [$mpup2]}
          - complete_multipart: {bucket: mpu, key: k, upload_id: $mpu1, parts: [$mpup1]}
          - get: {bucket: mpu, key: k}
          - list_versions: {bucket: mpu}
          - create_bucket: mpe
          - put_bucket_versioning: {bucket: mpe, status: Enabled}
          - create_multipart: {bucket: mpe, key: k, as: mpe1}
          - wait: 1s
          - create_multipart: {bucket: mpe, key: k, as: mpe2}
          - upload_part: {bucket: mpe, key: k, upload_id: $mpe1, part: 1, body: older-start, as: mpep1}
          - upload_part: {bucket: mpe, key: k, upload_id: $mpe2, part: 1, body: newer-start, as: mpep2}
          - complete_multipart: {bucket: mpe, key: k, upload_id: $mpe2, parts: [$mpep2]}
          - complete_multipart: {bucket: mpe, key: k, upload_id: $mpe1, parts: [$mpep1]}
          - get: {bucket: mpe, key: k}
          - list_versions: {bucket: mpe}
          - create_bucket: mps
          - put_bucket_versioning: {bucket: mps, status: Suspended}
          - create_multipart: {bucket: mps, key: k, as: mps1}
          - wait: 1s
          - create_multipart: {bucket: mps, key: k, as: mps2}
          - upload_part: {bucket: mps, key: k, upload_id: $mps1, part: 1, body: older-start, as: mpsp1}
          - upload_part: {bucket: mps, key: k, upload_id: $mps2, part: 1, body: newer-start, as: mpsp2}
          - complete_multipart: {bucket: mps, key: k, upload_id: $mps2, parts: [$mpsp2]}
          - complete_multipart: {bucket: mps, key: k, upload_id: $mps1, parts: [$mpsp1]}
          - get: {bucket: mps, key: k}
          - list_versions: {bucket: mps}
        """

    @Test func theUploadStartedLastIsCurrentInEveryBucket() throws {
        let answers = try Self.run(Self.twoUploads)
        let newer = "\"c3e86646d4116e5ca46ec6f418c1af4b-1\"", older = "\"bedfe6408e71b6295e8a6dc7cb33ca9c-1\""
        let newerBytes = "60631ca00d143ff834b978d259235e04"
        // Unversioned: both completions answer 200 with their ETags; the later-started stays.
        #expect(answers[5...6].map(\.eTag) == [newer, older] && answers[5...6].map(\.versionId) == [nil, nil])
        #expect(answers[7].bodyMD5 == newerBytes)
        #expect(answers[8].versions?.map(Self.line) == ["k null latest \(newer) 11 1059411085"])
        // Enabled: two versions, the later-started latest though completed first.
        #expect(answers[17].bodyMD5 == newerBytes)
        #expect(answers[18].versions?.map(Self.line) == [
            "k 95e5f14ac190d478ac459b6abb6f91fe latest \(newer) 11 2344556386",
            "k 7b621db43efc9414d500f7964a1451be noncurrent \(older) 11 1324667881",
        ])
        // Suspended: both answer version "null"; the later-started null version stays.
        #expect(answers[25...26].map(\.versionId) == ["null", "null"] && answers[25...26].map(\.eTag) == [newer, older])
        #expect(answers[27].bodyMD5 == newerBytes)
        #expect(answers[28].versions?.map(Self.line) == ["k null latest \(newer) 11 3589884771"])
    }

    /// A null delete marker written after an upload began, in a suspended bucket, is newer than
    /// the upload: it stays current. A null version older than the upload is replaced by it as
    /// before, and a versioned one written before suspension stays beneath.
    @Test func aSuspendedBucketOrdersNullVersionsByTheirStart() throws {
        let answers = try Self.run("""
            seed: 1
            operations:
              - create_bucket: sus
              - put_bucket_versioning: {bucket: sus, status: Suspended}
              - create_multipart: {bucket: sus, key: k, as: up}
              - wait: 1h
              - delete: {bucket: sus, key: k}
              - upload_part: {bucket: sus, key: k, upload_id: $up, part: 1, body: older-upload, as: p1}
              - complete_multipart: {bucket: sus, key: k, upload_id: $up, parts: [$p1]}
              - get: {bucket: sus, key: k}
              - list_versions: {bucket: sus}
              - create_bucket: mix
              - put_bucket_versioning: {bucket: mix, status: Enabled}
              - put: {bucket: mix, key: k, body: versioned}
              - put_bucket_versioning: {bucket: mix, status: Suspended}
              - put: {bucket: mix, key: k, body: older-null}
              - create_multipart: {bucket: mix, key: k, as: up2}
              - wait: 1h
              - upload_part: {bucket: mix, key: k, upload_id: $up2, part: 1, body: upload, as: p2}
              - complete_multipart: {bucket: mix, key: k, upload_id: $up2, parts: [$p2]}
              - get: {bucket: mix, key: k}
              - list_versions: {bucket: mix}
            """)
        #expect(answers[5].status == 200 && answers[5].eTag == Self.olderUpload && answers[5].versionId == "null")
        #expect(answers[6].status == 404 && answers[6].errorCode == "NoSuchKey" && answers[6].deleteMarker == true)
        #expect(answers[7].versions?.map(Self.line) == ["k null latest marker 0 3600094423334"])
        #expect(answers[15].eTag == "\"d3dcdee8d91e1d9bb0a489d109e77386-1\"" && answers[15].versionId == "null")
        #expect(answers[16].bodyMD5 == "76ee3de97a1b8b903319b7c013d8c877")
        #expect(answers[17].versions?.map(Self.line) == [
            "k null latest \"d3dcdee8d91e1d9bb0a489d109e77386-1\" 6 3600378604725",
            "k 7b621db43efc9414d500f7964a1451be noncurrent \"c9987075e741e0f495fbba8b2159d92b\" 9 3600308649016",
        ])
    }
}
