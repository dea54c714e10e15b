import Testing
@testable import Simulator

/// `sourceBytesAtSyncs`: the source's size as it was when each sync began, summed — the
/// baseline "copy the whole source at every sync" is measured against.
@Suite("Backup manager: full-copy baseline")
struct BackupFullCopyBaselineTests {
    @Test func theBaselineSumsTheSourceAsItWasAtEachSync() {
        let fixture = BackupFixture()
        let manager = fixture.manager
        let (syncs, atSyncs, atEnd) = fixture.run { () -> (Int, Int, Int) in
            try? await manager.prepareBucket()
            await manager.sync()  // 19 bytes: alpha, beta, gamma, delta
            await manager.change([.remove(path: "b"), .remove(path: "c")])
            await manager.sync()  // 10 bytes: alpha, delta
            await manager.sync()  // 10 bytes, nothing pending
            return (manager.stats.syncs, manager.stats.sourceBytesAtSyncs, await manager.source.totalBytes)
        }
        #expect(syncs == 3)
        #expect(atSyncs == 19 + 10 + 10)
        #expect(atEnd == 10)  // syncs × the size at the end would say 30
    }
}
