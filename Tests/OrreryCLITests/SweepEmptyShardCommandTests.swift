import Foundation
import Testing
import Scenarios

/// A sweep of fewer worlds than shards: each shard past the last world is accepted and written
/// empty (a scheduler's array size is fixed apart from `--seeds`, and merge needs every shard),
/// and says so; a merge missing 99,999 of 100,000 shards says so in one short line, not 1.39 MB;
/// `--seeds 1,000` is refused as a thousands separator, as `--vary x=1,000` is.
struct SweepEmptyShardCommandTests {
    @Test func anEmptyShardIsWrittenAndSaysWhyAndMergeCountsTheMissing() throws {
        let dir = try SweepCommandTests.setUp()
        func sweep(_ extra: [String]) throws -> OrreryProcess.Outcome {
            try OrreryProcess.run(["sweep", "tiny.yaml", "--seeds", "1..3", "--out", "out", "--quiet"] + extra, in: dir)
        }
        let empty = try sweep(["--shard", "7/100000"])
        #expect(empty.status == 0, "\(empty.standardError)")
        #expect(empty.standardOutput == "sweep tiny-sweep shard 7/100000: 0 worlds of 3 (1 variant × 3 seeds), 0 passed, 0 failed; wrote out/tiny-sweep/shard-7-of-100000/ "
                + "(no world falls to shard 7/100000: the sweep has 3 worlds for 100,000 shards; the empty shard is written because merge needs every shard)\n")
        let first = try sweep(["--shard", "1/100000"])
        #expect(!first.standardOutput.contains("no world falls"), "\(first.standardOutput)")
        let merged = try OrreryProcess.run(["merge", "out/tiny-sweep", "--out", "merged"], in: dir)
        #expect(merged.status == 2)
        #expect(merged.standardError == "error: 99,998 of 100,000 shards missing: 2–6, 8–100000\n")
        let seeds = try OrreryProcess.run(["sweep", "tiny.yaml", "--seeds", "1,000", "--out", "out"], in: dir)
        #expect(seeds.status == 2)
        #expect(seeds.standardError.hasPrefix("error: --seeds: '1,000' reads as one number with a thousands separator, but a comma separates --seeds' parts: "
                                              + "write 1000 without the comma, or separate seeds with a space after each comma\n"), "\(seeds.standardError)")
    }
}
