import Testing
@testable import Simulator

@Suite("Backup manager: UTC names, manifests, source directories and churn")
struct BackupValuesTests {
    @Test func unixTimesBecomeUTCDatesAndBackupNames() {
        #expect(UTCDateTime(unixSeconds: 1_767_225_600).description == "2026-01-01T00:00:00Z")
        #expect(UTCDateTime(unixSeconds: 1_835_440_496).backupName == "2028-02-29-12-34-56")
        #expect(UTCDateTime(unixSeconds: -1).description == "1969-12-31T23:59:59Z")
        #expect(UTCDateTime(unixSeconds: 0).description == "1970-01-01T00:00:00Z")
        let twoHours = UTCDateTime(virtualNanoseconds: 7_200_000_000_001, epochUnixSeconds: ObjectStoreState.defaultEpochUnixSeconds)
        #expect(twoHours.backupName == "2026-01-01-02-00-00")
        #expect(UTCDateTime(virtualNanoseconds: 60 * 86_400_000_000_000, epochUnixSeconds: ObjectStoreState.defaultEpochUnixSeconds).description == "2026-03-02T00:00:00Z")
    }

    @Test func backupNamesParseBackExactlyAndImpossibleOnesAreRefused() {
        for seconds: Int64 in [0, 1_767_225_600, 1_835_440_496, 4_102_444_799] {
            let time = UTCDateTime(unixSeconds: seconds)
            #expect(UTCDateTime(backupName: time.backupName) == time)
            #expect(UTCDateTime(backupName: time.backupName)?.unixSeconds == seconds)
        }
        for bad in ["2026-02-30-00-00-00", "2026-13-01-00-00-00", "2026-01-01-24-00-00", "2026-1-01-00-00-00",
                    "+026-01-01-00-00-00", "2026-01-01-00-00", "2026-01-01T00-00-00", "2027-02-29-00-00-00", ""] {
            #expect(UTCDateTime(backupName: bad) == nil, "\(bad)")
        }
    }

    @Test func aManifestRoundTripsAndMalformedOnesAreRefused() throws {
        let source = SourceDirectory(["a b/c.txt": s3Bytes("hello"), "empty": []])
        let manifest = BackupManifest(source)
        #expect(String(decoding: manifest.bytes, as: UTF8.self)
                == "orrery-backup 1\n5d41402abc4b2a76b9719d911017c592 5 a b/c.txt\nd41d8cd98f00b204e9800998ecf8427e 0 empty\n")
        #expect(BackupManifest(bytes: manifest.bytes) == manifest)
        for bad in ["", "orrery-backup 2\n", "orrery-backup 1", "orrery-backup 1\nabc 5 a\n",
                    "orrery-backup 1\n5d41402abc4b2a76b9719d911017c592 -1 a\n", "orrery-backup 1\n5d41402abc4b2a76b9719d911017c592 5 \n"] {
            #expect(BackupManifest(bytes: s3Bytes(bad)) == nil, "\(bad)")
        }
    }

    @Test func pathsAreKeptInUTF8ByteOrderAndEqualityIgnoresHowADirectoryWasBuilt() {
        var first = SourceDirectory()
        for path in ["é", "b", "A", "a/z", "a"] { first.write(s3Bytes(path), to: path) }
        #expect(first.paths == ["A", "a", "a/z", "b", "é"])
        var second = SourceDirectory(["a": s3Bytes("a"), "b": s3Bytes("b"), "A": s3Bytes("A"), "é": s3Bytes("é")])
        #expect(second != first)
        second.write(s3Bytes("a/z"), to: "a/z")
        #expect(second == first)
        #expect(second.fingerprint == first.fingerprint)
        second.remove("b")
        #expect(second.paths == ["A", "a", "a/z", "é"])
        #expect(second.fingerprint != first.fingerprint)
        #expect(first.files["a"]?.eTag == "\"0cc175b9c0f1b6a831c399e269772661\"")  // hashlib.md5(b'a')
    }

    @Test func churnIsAFunctionOfItsSeedAndHonoursItsWeights() {
        let churn = SourceChurn(initialFiles: 20, fileSize: .constant(100), changesPerRound: 5)
        var one = SeededRandom(seed: 4), two = SeededRandom(seed: 4)
        let source = churn.initialSource(using: &one)
        #expect(source == churn.initialSource(using: &two))
        #expect(source.count == 20 && source.totalBytes == 2_000)
        #expect(churn.round(of: source, using: &one) == churn.round(of: source, using: &two))

        let rewrites = SourceChurn(initialFiles: 5, fileSize: .constant(10), changesPerRound: 4, createWeight: 0, modifyWeight: 0, deleteWeight: 0, rewriteWeight: 1)
        var random = SeededRandom(seed: 1)
        let start = rewrites.initialSource(using: &random)
        var after = start
        for change in rewrites.round(of: start, using: &random) { after.apply(change) }
        #expect(after == start)

        let deletions = SourceChurn(initialFiles: 5, fileSize: .constant(10), changesPerRound: 3, createWeight: 0, modifyWeight: 0, deleteWeight: 1)
        let shrunk = deletions.round(of: start, using: &random).reduce(into: start) { $0.apply($1) }
        #expect(shrunk.count == 2)
    }
}
