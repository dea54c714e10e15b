import Testing
@testable import Simulator

/// Two source paths that differ only in Unicode normalisation — NFC "caf\u{E9}" and NFD
/// "cafe\u{301}" — are two files on a Linux disk and two keys in S3 (bytes). Keyed by Swift
/// `String`, whose `==` is canonical equivalence, they were one file to the manager: the second
/// write replaced the first's bytes under the first's spelling, so one object was synced, backed
/// up and restored where there were two.
struct BackupPathBytesTests {
    static let composed = "caf\u{E9}"       // 63 61 66 C3 A9
    static let decomposed = "cafe\u{301}"   // 63 61 66 65 CC 81

    @Test func theTwoSpellingsAreTwoFiles() {
        #expect(Self.composed == Self.decomposed)  // Swift's `String` equality: canonical equivalence
        var source = SourceDirectory()
        source.write(Array("nfc".utf8), to: Self.composed)
        source.write(Array("nfd".utf8), to: Self.decomposed)
        #expect(source.count == 2)
        // Byte order, S3's listing order: 0x65 ("e") before 0xC3.
        #expect(source.paths.map { Array($0.utf8) } == [Array(Self.decomposed.utf8), Array(Self.composed.utf8)])
        #expect(source[Self.composed] == Array("nfc".utf8))
        #expect(source[Self.decomposed] == Array("nfd".utf8))
        source.remove(Self.decomposed)
        #expect(source.count == 1)
        #expect(source.paths.map { Array($0.utf8) } == [Array(Self.composed.utf8)])
        #expect(source[Self.composed] == Array("nfc".utf8))
        #expect(source[Self.decomposed] == nil)
    }

    /// Both files are synced to their own key, copied into the backup, listed in its manifest and
    /// restored byte for byte.
    @Test func bothAreSyncedBackedUpAndRestored() throws {
        let fixture = BackupFixture()
        let manager = fixture.manager
        let (report, record, restored) = fixture.run { () -> (SyncReport, BackupRecord?, SourceDirectory?) in
            try? await manager.prepareBucket()
            await manager.change([.write(path: Self.composed, bytes: Array("nfc".utf8)),
                                  .write(path: Self.decomposed, bytes: Array("nfd".utf8))])
            let report = await manager.sync()
            let record = try? await manager.backup()
            return (report, record, try? await manager.restore(record?.name ?? ""))
        }
        #expect(report.uploaded.map { Array($0.utf8) } == [Array("a".utf8), Array("b".utf8), Array("c".utf8), Array(Self.decomposed.utf8),
                                                            Array(Self.composed.utf8), Array("d".utf8)])
        // Read from the store directly, key by key (a `[String: …]` would fold the two into one).
        let state = fixture.services.state
        let current = try state.listObjectsV2(bucket: fixture.bucket, ListObjectsV2Request(prefix: "current/caf")).contents
        #expect(current.map { Array($0.key.utf8) } == [Array("current/\(Self.decomposed)".utf8), Array("current/\(Self.composed)".utf8)])
        #expect(current.map(\.eTag) == ["\"6caf8d04636c1659eb0e17f9662196da\"", "\"062993585a465aecb861561818225523\""])  // md5(b'nfd'), md5(b'nfc')
        let backup = try #require(record)
        #expect(backup.fileCount == 6)
        let copies = try state.listObjectsV2(bucket: fixture.bucket, ListObjectsV2Request(prefix: "backups/\(backup.name)/files/caf")).contents
        #expect(copies.map { Array($0.key.utf8) } == [Self.decomposed, Self.composed].map { Array("backups/\(backup.name)/files/\($0)".utf8) })
        #expect(copies.map(\.eTag) == current.map(\.eTag))
        let directory = try #require(restored)
        #expect(directory == backup.source)
        #expect(directory.count == 6)
        #expect(directory[Self.composed] == Array("nfc".utf8))
        #expect(directory[Self.decomposed] == Array("nfd".utf8))
    }
}
