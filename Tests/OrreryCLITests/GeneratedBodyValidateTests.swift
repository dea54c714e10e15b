import Foundation
import Testing

/// A generated body (`size: 256MiB`) is made when its step runs, not as the file is read:
/// validating four 256 MiB puts — within the documented 1 GiB — took 2.65 s and 1.07 GB.
struct GeneratedBodyValidateTests {
    @Test func validatingFourLargeGeneratedPutsAllocatesNone() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try """
            name: big
            operations:
              - create_bucket: photos
              - put_bucket_versioning: {bucket: photos, status: Enabled}
              - put: {bucket: photos, key: a, size: 256MiB, seed: 0}
              - put: {bucket: photos, key: a, size: 256MiB, seed: 1}
              - put: {bucket: photos, key: a, size: 256MiB, seed: 2}
              - upload_part: {bucket: photos, key: b, upload_id: x, part: 1, size: 256MiB}

            """.write(to: dir.appendingPathComponent("big.yaml"), atomically: true, encoding: .utf8)
        // Half a gigabyte of address space is far more than the command needs, and far less than
        // the bodies would take.
        let outcome = try OrreryProcess.run(["-c", "ulimit -v 500000 && exec \"$0\" validate big.yaml", OrreryProcess.executable.path],
                                            in: dir, program: URL(fileURLWithPath: "/bin/sh"))
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput == "big.yaml: ok (scenario 'big': store, 0 servers, 0 expectations)\n")
    }
}
