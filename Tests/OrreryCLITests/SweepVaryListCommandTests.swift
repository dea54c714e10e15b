import Foundation
import Testing

/// `--vary` lists refused for what is wrong with them: a number with a thousands separator (it
/// ran two variants, `1` and `000us`), and a value of the wrong type before any comparison of
/// values (`1_000,1e3` was "the value '1e3' twice", where 1e3 is no count at all).
struct SweepVaryListCommandTests {
    @Test func aThousandsSeparatorAndAValueOfTheWrongTypeAreRefusedForWhatTheyAre() throws {
        let dir = try SweepCommandTests.setUp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let separator = try OrreryProcess.run(["sweep", "tiny.yaml", "--seeds", "1", "--vary", "servers.0.service_time=1,000us", "--out", "out"], in: dir)
        #expect(separator.status == 2)
        #expect(separator.standardError.hasPrefix("error: --vary 'servers.0.service_time': '1,000us' reads as one number with a thousands separator, "
                                                  + "but a comma separates --vary's values (here '1' and '000us'): write 1000us without the comma"), "\(separator.standardError)")
        let notInteger = try OrreryProcess.run(["sweep", "tiny.yaml", "--seeds", "1", "--vary", "run.requests=1_000,1e3", "--out", "out"], in: dir)
        #expect(notInteger.status == 2)
        #expect(notInteger.standardError.hasPrefix("tiny.yaml:3:17: error: expected an integer, found '1e3' (the value comes from --vary run.requests=1e3)"),
                "\(notInteger.standardError)")
        // Two spellings of one good value are still one value listed twice.
        let twice = try OrreryProcess.run(["sweep", "tiny.yaml", "--seeds", "1", "--vary", "run.requests=1_000,1000", "--out", "out"], in: dir)
        #expect(twice.status == 2)
        #expect(twice.standardError.contains("'run.requests' lists the value '1000' twice (as '1_000')"), "\(twice.standardError)")
        // Two numbers are two values; `100,200` reads as one number, `100, 200` as two.
        let two = try OrreryProcess.run(["sweep", "tiny.yaml", "--seeds", "1", "--vary", "run.requests=100, 200", "--out", "out"], in: dir)
        #expect(two.status == 0 || two.status == 1, "\(two.standardError)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out/tiny-sweep/report.md").path))
    }
}
