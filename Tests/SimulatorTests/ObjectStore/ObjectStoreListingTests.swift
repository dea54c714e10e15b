import Testing
@testable import Simulator

@Suite("Object store: ListObjectsV2")
struct ObjectStoreListingTests {
    /// A bucket holding `keys`, each with a one-byte body.
    static func store(with keys: [String]) -> ObjectStoreState {
        var store = ObjectStoreFixture.storeWithBucket()
        for key in keys {
            _ = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: key, body: s3Bytes("1"), now: 0) }
        }
        return store
    }

    @Test func keysAreListedInUTF8ByteOrder() {
        var store = Self.store(with: ["b", "a", "B", "\u{E9}", "a/b", "aa", "~", "a-", "\u{1F600}", "Z9", "a0"])
        let listed = expectS3Success(&store) { try $0.listObjectsV2(bucket: "bucket") }
        // Bytes: B 0x42, Z 0x5A, a 0x61, a- (0x2D) < a/ (0x2F) < a0 (0x30) < aa, b, ~ 0x7E, é 0xC3, 😀 0xF0.
        // moto lists the same keys in the same order.
        #expect(listed?.contents.map(\.key) == ["B", "Z9", "a", "a-", "a/b", "a0", "aa", "b", "~", "\u{E9}", "\u{1F600}"])
        #expect(listed?.keyCount == 11)
        #expect(listed?.isTruncated == false)
        #expect(listed?.nextContinuationToken == nil)
        #expect(listed?.maxKeys == 1000)
        #expect(listed?.contents.first?.eTag == "\"c4ca4238a0b923820dcc509a6f75849b\"")  // hashlib.md5(b'1')
    }

    @Test("delimiter rolls keys into CommonPrefixes (same results as moto for these keys)")
    func delimiterAndPrefix() {
        var store = Self.store(with: ["a/b/c", "a/b/d", "a/e", "b", "c/d", "z"])
        let top = expectS3Success(&store) { try $0.listObjectsV2(bucket: "bucket", ListObjectsV2Request(delimiter: "/")) }
        #expect(top?.contents.map(\.key) == ["b", "z"])
        #expect(top?.commonPrefixes == ["a/", "c/"])
        #expect(top?.keyCount == 4)
        let inA = expectS3Success(&store) { try $0.listObjectsV2(bucket: "bucket", ListObjectsV2Request(prefix: "a/", delimiter: "/")) }
        #expect(inA?.contents.map(\.key) == ["a/e"])
        #expect(inA?.commonPrefixes == ["a/b/"])
        #expect(inA?.keyCount == 2)
        let prefixOnly = expectS3Success(&store) { try $0.listObjectsV2(bucket: "bucket", ListObjectsV2Request(prefix: "a/b")) }
        #expect(prefixOnly?.contents.map(\.key) == ["a/b/c", "a/b/d"])
        let multiCharacter = expectS3Success(&store) { try $0.listObjectsV2(bucket: "bucket", ListObjectsV2Request(delimiter: "/d")) }
        #expect(multiCharacter?.contents.map(\.key) == ["a/b/c", "a/e", "b", "z"])
        #expect(multiCharacter?.commonPrefixes == ["a/b/d", "c/d"])
        let nothing = expectS3Success(&store) { try $0.listObjectsV2(bucket: "bucket", ListObjectsV2Request(prefix: "q")) }
        #expect(nothing?.keyCount == 0)
    }

    @Test("max-keys counts keys and prefixes; the page boundary can fall on a prefix (moto agrees on page 1)")
    func delimiterPagination() {
        var store = Self.store(with: ["a/b/c", "a/b/d", "a/e", "b", "c/d", "z"])
        var request = ListObjectsV2Request(delimiter: "/", maxKeys: 2)
        let first = expectS3Success(&store) { try $0.listObjectsV2(bucket: "bucket", request) }
        #expect(first?.contents.map(\.key) == ["b"])
        #expect(first?.commonPrefixes == ["a/"])
        #expect(first?.keyCount == 2)
        #expect(first?.isTruncated == true)
        request.continuationToken = first?.nextContinuationToken
        let second = expectS3Success(&store) { try $0.listObjectsV2(bucket: "bucket", request) }
        #expect(second?.commonPrefixes == ["c/"])
        #expect(second?.contents.map(\.key) == ["z"])
        #expect(second?.isTruncated == false)
        request = ListObjectsV2Request(delimiter: "/", maxKeys: 1)
        var prefixes: [String] = []
        var keys: [String] = []
        for _ in 0..<10 {
            guard let page = expectS3Success(&store, { try $0.listObjectsV2(bucket: "bucket", request) }) else { return }
            prefixes += page.commonPrefixes
            keys += page.contents.map(\.key)
            guard page.isTruncated else { break }
            request.continuationToken = page.nextContinuationToken
        }
        #expect(prefixes == ["a/", "c/"])
        #expect(keys == ["b", "z"])
    }

    @Test("pagination returns every key exactly once", arguments: [1, 7, 100, 999, 1000])
    func paginationCoversEveryKeyOnce(pageSize: Int) {
        // 1,234 keys inserted in a scrambled order, several chunks of the key index deep.
        let keys = (0..<1234).map { index in "k/\((index * 7919) % 1234)/\(index % 3 == 0 ? "x" : "y")" }
        var store = Self.store(with: keys)
        var request = ListObjectsV2Request(maxKeys: pageSize)
        var seen: [String] = []
        var pages = 0
        while pages < 2000 {
            pages += 1
            guard let page = expectS3Success(&store, { try $0.listObjectsV2(bucket: "bucket", request) }) else { return }
            #expect(page.keyCount <= pageSize)
            #expect(page.keyCount == page.contents.count)
            seen += page.contents.map(\.key)
            guard page.isTruncated else {
                #expect(page.nextContinuationToken == nil)
                break
            }
            #expect(page.keyCount == pageSize)
            request.continuationToken = page.nextContinuationToken
        }
        #expect(seen.count == 1234)
        #expect(Set(seen) == Set(keys))
        #expect(seen == keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(pages == (1234 + pageSize - 1) / pageSize)
    }

    @Test func maxKeysIsCappedAt1000ZeroIsEmptyAndNegativeIsInvalid() {
        var store = Self.store(with: (0..<1005).map { "key-\($0)" })
        let big = expectS3Success(&store) { try $0.listObjectsV2(bucket: "bucket", ListObjectsV2Request(maxKeys: 5000)) }
        #expect(big?.keyCount == 1000)
        #expect(big?.isTruncated == true)
        let defaultPage = expectS3Success(&store) { try $0.listObjectsV2(bucket: "bucket") }
        #expect(defaultPage?.keyCount == 1000)
        let zero = expectS3Success(&store) { try $0.listObjectsV2(bucket: "bucket", ListObjectsV2Request(maxKeys: 0)) }
        #expect(zero?.keyCount == 0)
        #expect(zero?.isTruncated == false)  // as moto reports
        expectS3Failure(&store, .invalidArgument) { try $0.listObjectsV2(bucket: "bucket", ListObjectsV2Request(maxKeys: -1)) }
    }

    @Test func startAfterSkipsKeysUpToAndIncludingIt() {
        var store = Self.store(with: ["a", "b", "c/d", "mp", "z"])
        let page = expectS3Success(&store) { try $0.listObjectsV2(bucket: "bucket", ListObjectsV2Request(maxKeys: 2, startAfter: "b")) }
        #expect(page?.contents.map(\.key) == ["c/d", "mp"])  // moto returns the same page
        #expect(page?.isTruncated == true)
        let between = expectS3Success(&store) { try $0.listObjectsV2(bucket: "bucket", ListObjectsV2Request(startAfter: "bb")) }
        #expect(between?.contents.map(\.key) == ["c/d", "mp", "z"])
        // A continuation token wins over StartAfter.
        let resumed = expectS3Success(&store) {
            try $0.listObjectsV2(bucket: "bucket", ListObjectsV2Request(continuationToken: page?.nextContinuationToken, startAfter: "a"))
        }
        #expect(resumed?.contents.map(\.key) == ["z"])
    }

    @Test func foreignOrTamperedContinuationTokensAreInvalidArgument() {
        var store = Self.store(with: ["a", "b", "c"])
        let token = expectS3Success(&store) { try $0.listObjectsV2(bucket: "bucket", ListObjectsV2Request(maxKeys: 1)) }?.nextContinuationToken ?? ""
        #expect(!token.isEmpty)
        var tampered = Array(token.utf8)
        tampered[0] = tampered[0] == UInt8(ascii: "6") ? UInt8(ascii: "7") : UInt8(ascii: "6")
        for bad in ["garbage", "", "00", String(decoding: tampered, as: UTF8.self), token + "0", String(token.dropFirst(2))] {
            let error = expectS3Failure(&store, .invalidArgument) {
                try $0.listObjectsV2(bucket: "bucket", ListObjectsV2Request(continuationToken: bad))
            }
            #expect(error?.message == "The continuation token provided is incorrect")
        }
    }

    @Test func tokensAreDeterministic() {
        var first = Self.store(with: ["a", "b", "c"])
        var second = Self.store(with: ["c", "b", "a"])
        let request = ListObjectsV2Request(maxKeys: 2)
        let one = expectS3Success(&first) { try $0.listObjectsV2(bucket: "bucket", request) }?.nextContinuationToken
        let two = expectS3Success(&second) { try $0.listObjectsV2(bucket: "bucket", request) }?.nextContinuationToken
        #expect(one != nil)
        #expect(one == two)
    }

    @Test func deleteMarkedKeysAreHiddenIncludingFromCommonPrefixes() {
        var store = ObjectStoreFixture.storeWithBucket(versioning: .enabled)
        for key in ["dir/a", "dir2/b", "top", "top2", "gone"] {
            _ = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: key, body: s3Bytes("1"), now: 0) }
        }
        for key in ["dir/a", "gone", "top2"] {
            _ = expectS3Success(&store) { try $0.deleteObject(bucket: "bucket", key: key, now: 1) }
        }
        let listed = expectS3Success(&store) { try $0.listObjectsV2(bucket: "bucket", ListObjectsV2Request(delimiter: "/")) }
        #expect(listed?.contents.map(\.key) == ["top"])
        #expect(listed?.commonPrefixes == ["dir2/"])
        // Truncation looks past hidden keys: "top2" is delete-marked, so a page of one is complete.
        let single = expectS3Success(&store) { try $0.listObjectsV2(bucket: "bucket", ListObjectsV2Request(prefix: "t", maxKeys: 1)) }
        #expect(single?.isTruncated == false)
    }

    @Test func anEmptyDelimiterMeansNoDelimiter() {
        var store = Self.store(with: ["a/b", "c"])
        let listed = expectS3Success(&store) { try $0.listObjectsV2(bucket: "bucket", ListObjectsV2Request(delimiter: "")) }
        #expect(listed?.contents.map(\.key) == ["a/b", "c"])
        #expect(listed?.commonPrefixes == [])
    }
}
