import Testing
@testable import Scenarios

/// The restores' verdict in the grammar of its count (checker Z, session 79, F13): a file of one
/// restore read "1 of 1 restores reproduced … their backup".
struct BackupRestoreCountWordsTests {
    @Test func oneRestoreIsSaidInTheSingular() {
        #expect(BackupResult.restoreVerdict(identical: 1, restores: 1) == "The restore reproduced the source exactly as it was when its backup was taken")
        #expect(BackupResult.restoreVerdict(identical: 0, restores: 1) == "The restore did not reproduce the source as it was when its backup was taken")
    }

    /// Several keep results/backup's "3 of 3 restores", grouped past a thousand.
    @Test func severalRestoresKeepTheirCount() {
        #expect(BackupResult.restoreVerdict(identical: 3, restores: 3) == "3 of 3 restores reproduced the source exactly as it was when their backup was taken")
        #expect(BackupResult.restoreVerdict(identical: 999, restores: 1_000) == "999 of 1,000 restores reproduced the source exactly as it was when their backup was taken")
    }
}
