import Testing
@testable import Scenarios

/// Two jobs whose backed-up output prefixes differ only in Unicode normalisation — NFC
/// `caf\u00e9/` and NFD `cafe\u0301/` — write four objects to the bucket (S3 keys are bytes) and
/// four files to the backup host's data. Keyed by Swift `String` (canonical equivalence), the
/// manager held two files — each part of the second job replaced the first's — and the world's
/// end check read one object for both spellings: with the release binary before the fix the
/// run FAILed ("1/2 jobs exact": `s3://results/café/part-00000 holds ETag "19fe05…" at the end,
/// not "43ba68…"`), its backup held 2 files (2,970 bytes) and `job_outputs_restored` was 2.
struct BackupNormalisationTests {
    static let world = """
        seed: 1
        run: {duration: 30m}
        mapreduce:
          cluster: {workers: 2}
          jobs:
            - {id: nfc, name: word-count, reducers: 2, submit_at: 1s, input: {synthetic: {lines: 100, seed: 1}},
               output: {bucket: results, prefix: "caf\\u00e9/", backup: true}}
            - {id: nfd, name: word-count, reducers: 2, submit_at: 2s, input: {synthetic: {lines: 200, seed: 2}},
               output: {bucket: results, prefix: "cafe\\u0301/", backup: true}}
        object_store: {buckets: [{name: results}]}
        backup:
          host: coordinator
          first_backup_at: 10m
          restores: [{at: 20m}]
        """

    @Test func twoSpellingsAreFourFilesBackedUpAndRestored() throws {
        let result = ScenarioRunner.run(try ScenarioLoader.parse(Self.world, file: "nf.yaml"))
        #expect(result.passed)
        #expect(result.jobs.map { $0.outputObjects.map(\.exact) } == [[true, true], [true, true]])
        let backup = try #require(result.backup)
        #expect(backup.backups.map(\.fileCount) == [4])
        #expect(backup.backups.map(\.bytes) == [4_863])
        #expect(backup.jobOutputsRestored == 4)
        let restore = try #require(backup.restores.first)
        #expect(restore.failure == nil)
        #expect(restore.identical)
        #expect(restore.restoredFiles == 4)
        #expect(restore.restoredBytes == 4_863)
    }
}
