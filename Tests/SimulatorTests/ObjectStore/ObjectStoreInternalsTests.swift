import Testing
@testable import Simulator

@Suite("Object store: identifiers, key index, memory")
struct ObjectStoreInternalsTests {
    @Test func mixingIsABijectionSoIdsDecodeToTheirSequence() {
        var value: UInt64 = 0x1234_5678_9ABC_DEF0
        for sequence in [0, 1, 2, 1000, UInt64.max, UInt64.max - 1] + (0..<500).map({ _ -> UInt64 in
            value = value &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return value
        }) {
            #expect(ObjectStoreIdentifiers.unmix(ObjectStoreIdentifiers.mix(sequence)) == sequence)
            #expect(ObjectStoreIdentifiers.sequence(fromVersionId: ObjectStoreIdentifiers.versionId(sequence: sequence)) == sequence)
            #expect(ObjectStoreIdentifiers.sequence(fromUploadId: ObjectStoreIdentifiers.uploadId(sequence: sequence)) == sequence)
            // A version id is not an upload id and vice versa.
            #expect(ObjectStoreIdentifiers.sequence(fromUploadId: ObjectStoreIdentifiers.versionId(sequence: sequence)) == nil)
        }
        #expect(ObjectStoreIdentifiers.versionId(sequence: 1) != ObjectStoreIdentifiers.versionId(sequence: 2))
    }

    @Test func continuationTokensCarryAnyUTF8MarkerAndRejectForgeries() {
        for marker in ["", "a", "dir/", "caf\u{E9}/\u{1F600}", String(repeating: "z", count: 1024)] {
            let token = ObjectStoreIdentifiers.continuationToken(marker: marker)
            #expect(ObjectStoreIdentifiers.marker(fromContinuationToken: token).map { Array($0.utf8) } == Array(marker.utf8))
        }
        // Valid hex and a valid checksum over bytes that are not UTF-8 is still rejected.
        #expect(ObjectStoreIdentifiers.marker(fromContinuationToken: "ff" + ObjectStoreHex.encode(UInt64(0))) == nil)
        #expect(ObjectStoreIdentifiers.marker(fromContinuationToken: "zz") == nil)
    }

    @Test func keysOrderByTheirUTF8BytesWithPrefixesFirst() {
        // Bytes ≥ 0x80 (unsigned, after ASCII), a prefix before its extensions, the precomposed
        // "é" (C3 A9) apart from "e" + U+0301 (65 CC 81), the empty string and an embedded NUL.
        let keys = ["", "a", "a\u{0}", "a\u{0}b", "ab", "abc", "b", "e\u{301}", "\u{e9}", "\u{e9}a", "z", "~", "\u{7f}",
                    "\u{80}", "\u{ff}", "\u{100}", "\u{ffff}", "\u{10000}", "\u{1f600}", "A", "Z", "0", "09", "1"]
        for left in keys {
            for right in keys {
                let expected = left.utf8.lexicographicallyPrecedes(right.utf8)
                #expect((S3ObjectKey(left) < S3ObjectKey(right)) == expected, "\(Array(left.utf8)) < \(Array(right.utf8))")
                #expect((S3ObjectKey(left) == S3ObjectKey(right)) == left.utf8.elementsEqual(right.utf8))
            }
        }
        #expect(S3ObjectKey("\u{e9}") != S3ObjectKey("e\u{301}"))
        #expect(S3ObjectKey("e\u{301}") < S3ObjectKey("\u{e9}"))
        #expect(!(S3ObjectKey("\u{e9}") < S3ObjectKey("z")))
    }

    @Test func keyIndexStaysSortedThroughRandomInsertsAndRemovals() {
        var index = S3KeyIndex()
        var reference = Set<String>()
        var state: UInt64 = 42
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        for _ in 0..<6000 {
            let key = "k\(next() % 3000)"
            if reference.contains(key), next() % 3 == 0 {
                reference.remove(key)
                index.remove(S3ObjectKey(key))
            } else if !reference.contains(key) {
                reference.insert(key)
                index.insert(S3ObjectKey(key))
            }
        }
        #expect(index.count == reference.count)
        #expect(index.allKeys.map(\.string) == reference.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(index.chunks.count > 1)
        #expect(index.chunks.allSatisfy { !$0.isEmpty && $0.count <= S3KeyIndex.maximumChunkSize })
        let position = index.firstPosition { !($0 < S3ObjectKey("k2")) }
        #expect(index.key(at: position)?.string.hasPrefix("k2") == true)
    }

    @Test func eTagRenderingAndMatching() {
        let eTag = ObjectETag.md5(of: s3Bytes("hello"))
        #expect(eTag.description == "\"5d41402abc4b2a76b9719d911017c592\"")
        #expect(eTag.matches(headerValue: "5d41402abc4b2a76b9719d911017c592"))
        #expect(eTag.matches(headerValue: " \"nope\" ,  \"5d41402abc4b2a76b9719d911017c592\" "))
        #expect(!eTag.matches(headerValue: "\"5D41402ABC4B2A76B9719D911017C592\""))
        let multipart = ObjectETag.multipart(partDigests: [eTag, eTag])
        #expect(multipart.description.hasSuffix("-2\""))
        #expect(multipart.digestBytes.count == 16)
    }

    @Test func metadataOverheadPerObjectIsSmallAndReported() {
        #expect(MemoryLayout<ObjectVersion>.stride <= 128)
        var store = ObjectStoreFixture.storeWithBucket()
        let empty = store.approximateMetadataBytes()
        for index in 0..<10_000 {
            _ = expectS3Success(&store) {
                try $0.putObject(bucket: "bucket", key: "obj-\(index)", body: s3Bytes("x"),
                                 attributes: ObjectWriteAttributes(contentType: "application/octet-stream"), now: 0)
            }
        }
        let perObject = (store.approximateMetadataBytes() - empty) / 10_000
        #expect(perObject > MemoryLayout<ObjectVersion>.stride)
        #expect(perObject < 320, "approximate bookkeeping per small object: \(perObject) bytes")
        // Interned: 10,000 objects share one content-type string.
        #expect(store.contentTypes.approximateBytes < 1024)
    }
}
