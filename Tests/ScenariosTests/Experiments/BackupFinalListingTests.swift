import Foundation
import Testing
@testable import Scenarios

/// The backup experiment's final listing, failed, read "0 complete backups in the bucket" beside
/// "3 kept", with `backupsListedAtEnd: []` (checker K, s77, `03-final-listing-fails.yaml`). It is
/// tried as the client tries a request, and when every try fails the report says so.
struct BackupFinalListingTests {
    /// Three days; a storm of 503s from 259,000 s, over the end, fails every request.
    static let file = """
        experiment: backup
        seed: 7
        duration: 3d
        sync_interval: 60s
        first_backup_at: 2h
        backup_interval: 1d
        source: {files: 5, file_size: {median: 100}, changes_per_round: 1}
        store:
          storms: [{at: 259000s, for: 1h, rate: 1.0, code: ServiceUnavailable}]
        client: {timeout: 2s, max_attempts: 2}
        """

    @Test func aFailedFinalListingIsReportedNotTakenForAnEmptyBucket() throws {
        let spec = try #require(try parseExperiment(Self.file, file: "listing.yaml") as? BackupExperiment).spec
        let result = try BackupExperiment.run(spec)
        #expect(result.listingFailure == "2 listings failed, the last with store: ServiceUnavailable (503): Service is unable to handle request.")
        #expect(result.backups.filter { $0.deletedAt == nil }.count == 3)
        let markdown = result.markdown(spec: spec)
        #expect(markdown.contains("| complete backups in the bucket at the end (listing)               | not known: the listing failed |"))
        let json = try JSONSerialization.jsonObject(with: Data(result.json(spec: spec).utf8)) as! [String: Any]
        #expect(json["backupsListedAtEnd"] == nil)
        #expect(json["abandonedFoldersListedAtEnd"] == nil)
        #expect(json["finalListingFailure"] as? String == result.listingFailure)
    }
}
