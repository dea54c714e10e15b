import Testing
@testable import Scenarios
@testable import Simulator

/// The backup report's prose follows its file: the title names the storms and restores it has,
/// versioning off is said as off, the quiet syncs are counted from the figures, a run of 36 h is
/// not "2 days", and a file without restores gets no empty table (session 68's checker, finding 8).
struct BackupProseTests {
    static func spec(_ text: String) throws -> BackupExperimentSpec {
        try #require(try parseExperiment(text, file: "backup.yaml") as? BackupExperiment).spec
    }

    /// 36 h, no storm, no restore, versioning off; a change every minute, a sync every 5 minutes.
    static let quiet = """
    experiment: backup
    seed: 1
    duration: 36h
    sample_every: 6h
    bucket: other-bucket
    sync_interval: 5m
    first_backup_at: 30m
    backup_interval: 12h
    retention_days: 1
    versioning: false
    noncurrent_expiration_days: 1
    source: {files: 10, file_size: {median: 1KiB, sigma: 0.5}, change_every: 1m, changes_per_round: 1}
    store: {internal_error_rate: 0, unavailable_rate: 0}
    """

    @Test func aShortRunWithoutStormsOrRestoresSaysWhatItHas() throws {
        let spec = try Self.spec(Self.quiet)
        let result = try BackupExperiment.run(spec)
        let report = result.markdown(spec: spec)
        #expect(report.hasPrefix("# Backup manager: sync, backups and retention\n"))
        #expect(report.contains("1.5 virtual days from 2026-01-01T00:00:00Z. The application starts with 10 files; every 60.000 s 1 of them is created, modified, deleted or rewritten unchanged. "
            + "The manager syncs them to `s3://other-bucket/current/` every 300.000 s, backs up to `backups/YYYY-MM-DD-HH-MM-SS/` every 43,200.000 s from 1,800.000 s, and deletes backups older than 1 day. "
            + "The bucket has versioning off, default encryption AES256 and a lifecycle rule expiring noncurrent versions after 1 day.\n\n"))
        // A change every minute against a sync every five: no bound on the quiet syncs, and no claim.
        #expect(report.contains("A sync looks only at paths changed since they last reached the store; one with nothing pending sends no request.\n\n"))
        #expect(!report.contains("most syncs"))
        #expect(report.contains("With versioning off, a deleted or overwritten object's bytes go at once, and no noncurrent version is kept: at the end the bucket holds "))
        #expect(!report.contains("With versioning on"))
        #expect(report.contains("## Restores, checked byte for byte\n\nThe file asks for no restore.\n\n## Failures and retries"))
        #expect(!report.contains("restores reproduced"))
        #expect(report.contains("so a failed request delays work and loses none."))
        #expect(!result.bundle(spec: spec).files.contains { $0.path == "backup/restores.svg" })
    }

    @Test func quietSyncsAreCountedFromTheRoundsOfChanges() throws {
        // A sync every minute for a day and a change every 10 minutes: 145 rounds at most.
        let spec = try Self.spec(Self.quiet.replacingOccurrences(of: "sync_interval: 5m", with: "sync_interval: 60s")
            .replacingOccurrences(of: "duration: 36h", with: "duration: 1d").replacingOccurrences(of: "change_every: 1m", with: "change_every: 10m"))
        #expect(BackupResult.quietSyncs(syncs: 1_440, failedSyncs: 5, spec)
            == "A sync looks only at paths changed since they last reached the store; one with nothing pending sends no request. "
            + "The source changed in at most 145 rounds (every 600.000 s) and 5 syncs left a change behind, so at least 1,290 of the 1,440 syncs (89.6%) sent no request at all.")
        #expect(BackupResult.quietSyncs(syncs: 150, failedSyncs: 5, spec)
            == "A sync looks only at paths changed since they last reached the store; one with nothing pending sends no request.")
    }

    @Test func theTitleNamesTheFilesStormsAndRestores() throws {
        let storms = Self.quiet.replacingOccurrences(of: "store: {internal_error_rate: 0, unavailable_rate: 0}", with: """
        store:
          storms:
            - {at: 1h, for: 1h, rate: 0.5}
            - {at: 3h, for: 1h, rate: 0.9, code: InternalError}
        restores:
          - {at: 20h, backup: latest}
        """)
        #expect(BackupResult.title(try Self.spec(storms)) == "Backup manager: sync, backups, 2 storms of 503s and 500s, restores and retention")
        let one = storms.replacingOccurrences(of: "    - {at: 1h, for: 1h, rate: 0.5}\n", with: "")
        #expect(BackupResult.title(try Self.spec(one)) == "Backup manager: sync, backups, a 500 storm, restores and retention")
    }
}
