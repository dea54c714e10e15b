import Foundation
import Testing

/// `orrery sweep --vary` with one value written two ways the loader reads alike: refused as one
/// value listed twice for a field that reads both (a duration's `1,1s`), and for what the other
/// spelling is where the field reads only one (`2s` is no count).
struct SweepVarySameValueCommandTests {
    @Test func aValueTwiceIsRefusedAndAValueOfTheWrongTypeForWhatItIs() throws {
        let dir = try SweepCommandTests.setUp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let twice = try OrreryProcess.run(["sweep", "tiny.yaml", "--seeds", "1", "--vary", "workload.timeout=1,1s", "--out", "out"], in: dir)
        #expect(twice.status == 2)
        #expect(twice.standardError == "error: 'workload.timeout' lists the value '1s' twice (as '1')\n", "\(twice.standardError)")
        let notCount = try OrreryProcess.run(["sweep", "tiny.yaml", "--seeds", "1", "--vary", "run.requests=2,2s", "--out", "out"], in: dir)
        #expect(notCount.status == 2)
        #expect(notCount.standardError.hasPrefix("tiny.yaml:3:17: error: expected an integer, found '2s' (the value comes from --vary run.requests=2s)"),
                "\(notCount.standardError)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
    }
}
