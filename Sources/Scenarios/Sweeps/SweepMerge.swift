import Foundation
import Reports

/// Reads the shards of one sweep back — each a directory with `sweep.json` and `worlds.jsonl` —
/// and checks that they belong together and are complete: the same manifest but for the shard,
/// every shard 1 … n exactly once, and every world of the sweep exactly once, in its own shard —
/// each record agreeing with itself and with the manifest (``WorldRecord/inconsistency(with:)``)
/// and on a line of at most ``maximumLineBytes``.
public enum SweepMerge {
    /// Why shards cannot be merged.
    public struct Problem: Error, Sendable, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// The shard directories `paths` name: each path is a directory whose `shard-*`
    /// subdirectories are, in name order, or a shard directory (with `sweep.json`). The shards
    /// come first: merged into the directory that holds them (`merge $OUT/$NAME --out $OUT`),
    /// it has a `sweep.json` of its own, and a second merge read it as the only shard.
    public static func shardDirectories(_ paths: [String]) throws(Problem) -> [String] {
        var directories: [String] = []
        for path in paths {
            let children = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasPrefix("shard-") }.sorted()
            if !children.isEmpty {
                directories += children.map { (path as NSString).appendingPathComponent($0) }
            } else if FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent("sweep.json")) {
                directories.append(path)
            } else if let unfinished = unfinished(path) {
                throw unfinished
            } else {
                throw Problem("'\(path)' is neither a shard directory (with sweep.json) nor a directory of shard-* directories")
            }
        }
        return directories
    }

    /// A shard killed before it finished: `worlds.jsonl.partial` but no `sweep.json` in `directory`.
    private static func unfinished(_ directory: String) -> Problem? {
        let partial = (directory as NSString).appendingPathComponent("worlds.jsonl.partial")
        guard FileManager.default.fileExists(atPath: partial),
              !FileManager.default.fileExists(atPath: (directory as NSString).appendingPathComponent("sweep.json")) else { return nil }
        return Problem("'\(directory)' holds worlds.jsonl.partial but no sweep.json: the shard did not finish")
    }

    /// The sweep's manifest (without a shard) and every world's record in position order.
    ///
    /// Shards whose seeds are written differently but expand to the same list (`1..12,13..24`
    /// and `1..24`) are one sweep; the merged manifest and report give shard 1's text, as the
    /// unsharded sweep run with that shard's `--seeds` writes them.
    public static func read(_ directories: [String]) throws(Problem) -> (SweepManifest, [WorldRecord]) {
        var manifest: SweepManifest?
        var firstShardSeeds: String?
        var seeds: [UInt64] = []
        var shardCount = 0
        var seenShards: [Int: String] = [:]
        var records: [WorldRecord?] = []
        for directory in directories {
            let (shardManifest, shardSeeds) = try readManifest(directory)
            guard let text = shardManifest.shard, let shard = try? Shard(parsing: text) else {
                throw Problem("'\(directory)' holds a whole sweep, not a shard; its reports are already written")
            }
            var common = shardManifest
            common.shard = nil
            if shard.index == 1 { firstShardSeeds = common.seeds }
            if let manifest {
                if let difference = common.difference(from: manifest, seeds: shardSeeds, otherSeeds: seeds) {
                    throw Problem("'\(directory)' is a shard of another sweep than '\(directories[0])': \(difference)")
                }
                guard shard.count == shardCount else { throw Problem("'\(directory)' is shard \(shard) but '\(directories[0])' is one of \(shardCount) shards") }
            } else {
                manifest = common
                seeds = shardSeeds
                shardCount = shard.count
                records = Array(repeating: nil, count: common.worlds)
            }
            if let other = seenShards[shard.index] { throw Problem("shard \(shard) appears twice: '\(other)' and '\(directory)'") }
            seenShards[shard.index] = directory
            try readRecords(directory) { (record, path, line) throws(Problem) in
                guard record.position >= 0, record.position < records.count, shard.contains(record.position) else {
                    throw Problem("'\(directory)' holds world \(record.position), which is not one of shard \(shard)'s")
                }
                let variant = record.position / common.seedCount
                guard record.variant == variant, record.seed == seeds[record.position % common.seedCount], record.metrics.count == common.metrics.count else {
                    throw Problem("'\(directory)': world \(record.position) does not match the sweep's manifest")
                }
                if let inconsistency = record.inconsistency(with: common) { throw Problem("\(path):\(line): \(inconsistency)") }
                guard records[record.position] == nil else { throw Problem("world \(record.position) appears twice in '\(directory)'") }
                records[record.position] = record
            }
        }
        guard var manifest else { throw Problem("no shard directories given") }
        if let firstShardSeeds { manifest.seeds = firstShardSeeds }
        let missingShards = (1...shardCount).filter { seenShards[$0] == nil }
        guard missingShards.isEmpty else { throw missing(missingShards, of: shardCount) }
        if let missing = records.firstIndex(where: { $0 == nil }) {
            throw Problem("world \(missing) of the sweep is in no shard (a shard stopped early?)")
        }
        return (manifest, records.compactMap { $0 })
    }

    /// Hands `body` every record of the shard in `directory` as it is read, with the path and
    /// line it was read from: one line is in memory at a time, never the whole `worlds.jsonl`.
    private static func readRecords(_ directory: String, _ body: (_ record: WorldRecord, _ path: String, _ line: Int) throws(Problem) -> Void) throws(Problem) {
        let path = (directory as NSString).appendingPathComponent("worlds.jsonl")
        try forEachLine(in: path) { (line, number) throws(Problem) in
            guard let record = WorldRecord.parse(line: line) else { throw Problem("\(path):\(number): not a world record") }
            if let key = WorldRecord.unknownKey(in: line) {
                throw Problem("\(path):\(number): unknown key '\(key.excerpt)' in a world record (a sweep writes only \(WorldRecord.CodingKeys.allCases.map(\.rawValue).sorted().joined(separator: ", ")))")
            }
            try body(record, path, number)
        }
    }

    /// A shard's manifest and its seeds, checked as a sweep writes them: a manifest is read from
    /// disk, where anything may have changed it (a count whose product overflows, a name that
    /// climbs out of --out, seeds that are not the ones listed).
    private static func readManifest(_ directory: String) throws(Problem) -> (SweepManifest, [UInt64]) {
        let path = (directory as NSString).appendingPathComponent("sweep.json")
        if let unfinished = unfinished(directory) { throw unfinished }
        // A folder with no manifest at all is not a shard (or one whose sweep never started).
        guard FileManager.default.fileExists(atPath: path) else {
            throw Problem("'\(directory)' holds no sweep.json: it is not a shard a sweep wrote (a sweep --shard i/n writes sweep.json and worlds.jsonl into shard-i-of-n/)")
        }
        guard case .success(let bytes) = RegularFile.read(path, limit: RegularFile.scenarioLimit),
              let manifest = try? JSONDecoder().decode(SweepManifest.self, from: Data(bytes)) else {
            throw Problem("'\(path)' is not a sweep manifest orrery wrote")
        }
        if let problem = ScenarioDocument.problem(withName: manifest.name) {
            throw Problem("'\(path)' names its sweep '\(manifest.name.excerpt)': \(problem)")
        }
        let (worlds, overflow) = manifest.variants.count.multipliedReportingOverflow(by: manifest.seedCount)
        guard manifest.format == 1, !overflow, !manifest.variants.isEmpty, manifest.seedCount >= 1,
              manifest.variants.count <= SweepPlan.maximumVariants, manifest.worlds == worlds, worlds <= SweepPlan.maximumWorlds,
              let seeds = try? SeedList(parsing: manifest.seeds), seeds.seeds.count == manifest.seedCount else {
            throw Problem("'\(path)' describes no sweep this orrery can merge")
        }
        return (manifest, seeds.seeds)
    }
}
