import Foundation
import Testing
@testable import Scenarios

/// `orrery --version` answered "Unknown option": it prints ``OrreryVersion/current``, the version
/// a sweep's manifest records, and exits 0.
struct VersionOptionTests {
    @Test func versionPrintsTheVersionAndExitsZero() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let outcome = try OrreryProcess.run(["--version"], in: dir)
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput == "0.1.0\n")
        #expect(outcome.standardError == "")
        #expect(OrreryVersion.current == "0.1.0")
    }
}
