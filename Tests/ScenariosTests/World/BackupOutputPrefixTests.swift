import Testing
@testable import Scenarios

/// A job output prefix with `backup: true` begins the path of every part in the backup host's
/// data, and of its copy in each backup (checker K, s77): a line break loaded and then trapped in
/// `SourceDirectory.write` (SIGILL, no report); a 1,006-byte prefix loaded and made every copy's
/// key too long, so 170 backups failed without a word why; and a prefix opening with a combining
/// mark made every manifest unreadable (split by `Character`, the space before the path joined it).
struct BackupOutputPrefixTests {
    /// One word-count job on the coordinator, its output backed up to the coordinator's data.
    static func world(prefix: String, backup: Bool = true) -> String {
        """
        seed: 1
        run: {duration: 30m}
        mapreduce:
          cluster: {workers: 2}
          jobs:
            - id: j
              name: word-count
              reducers: 2
              submit_at: 1s
              input: {synthetic: {lines: 100, seed: 1}}
              output: {bucket: results, prefix: "\(prefix)", backup: \(backup)}
        object_store: {buckets: [{name: results}]}
        backup:
          host: coordinator
          first_backup_at: 10m
          restores: [{at: 20m}]
        """
    }

    @Test func aLineBreakIsRefusedWhereItIsWritten() {
        #expect(loadError(Self.world(prefix: "out\\nx/"))?.description ==
                "bad.yaml:11:41: error: with 'backup: true' the prefix begins the path of each part in the backup host's data, and a path there holds no line break (a backup manifest lists one path per line); got 'out⏎x/' (at mapreduce.jobs.[0].output.prefix)")
        // Not backed up, the parts are only keys of the store, where a line break is a byte like any other.
        #expect(loadError(Self.world(prefix: "out\\nx/", backup: false)) == nil)
    }

    @Test func aPrefixWhoseBackupCopiesCannotBeKeysIsRefused() {
        let longest = String(repeating: "p", count: 980)
        #expect(loadError(Self.world(prefix: longest)) == nil)
        #expect(loadError(Self.world(prefix: longest + "p"))?.description ==
                "bad.yaml:11:41: error: with 'backup: true', a backup's copy of this job's last part (backups/YYYY-MM-DD-HH-MM-SS/files/…part-00001) would have a key of 1,025 bytes, more than S3's 1,024: every copy would be refused and no backup complete; shorten the prefix (981 bytes) to at most 980 bytes (at mapreduce.jobs.[0].output.prefix)")
    }

    @Test func aPrefixOpeningWithACombiningMarkIsRestoredByteForByte() throws {
        let result = ScenarioRunner.run(try ScenarioLoader.parse(Self.world(prefix: "\\u0301x/"), file: "accent.yaml"))
        let restore = try #require(result.backup?.restores.first)
        #expect(restore.failure == nil)
        #expect(restore.identical)
        #expect(restore.restoredFiles == 2)
        #expect(result.backup?.jobOutputsRestored == 2)
    }
}
