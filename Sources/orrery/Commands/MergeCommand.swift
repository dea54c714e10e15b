import ArgumentParser
import Foundation
import Reports
import Scenarios

/// `orrery merge DIR...`: the shards of one sweep into the report the whole sweep writes.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Combine the shards of a sweep into exactly the report an unsharded sweep writes.")

    @Argument(help: "Shard directories (shard-i-of-n), or directories holding them.") var directories: [String]
    @Option(help: "Directory for the merged sweep; it writes <out>/<name>/.") var out = "results/sweeps"

    /// An empty `--out` wrote `<name>/` into the working directory; refused as every command
    /// refuses it.
    func validate() throws {
        if let problem = OutputPaths.outputDirectoryOptionProblem(out) { throw ValidationError(problem) }
    }

    func run() throws {
        let manifest: SweepManifest
        let records: [WorldRecord]
        let shards: [String]
        do {
            shards = try SweepMerge.shardDirectories(directories)
            (manifest, records) = try SweepMerge.read(shards)
        } catch {
            FileHandleOutput.standardError("error: \(error)")
            throw ExitCode(ExitStatus.badInput.rawValue)
        }
        let path = SweepDirectory.path(out: out, name: manifest.name, shard: nil)
        // What merge reads: no file it writes may be one of them.
        let inputs = shards.flatMap { shard in ["sweep.json", "worlds.jsonl"].map { (shard as NSString).appendingPathComponent($0) } }
        do {
            if let problem = OutputPaths.problem(outputDirectory: path, tracePath: nil, names: [], files: SweepDirectory.fileNames(sharded: false), inputs: inputs) {
                throw ValidationError(problem)
            }
            let directory = try SweepDirectory(path: path, protecting: inputs)
            do {
                for record in records { try directory.append(record) }
            } catch {
                directory.abandon()
                throw error
            }
            try directory.finish(manifest: manifest, report: SweepReport(manifest: manifest, records: records))
        } catch {
            FileHandleOutput.standardError("error: \(error)")
            throw ExitCode(ExitStatus.badInput.rawValue)
        }
        let failed = records.filter { !$0.passed }.count
        ProgressDisplay.standardOutput("merged \(manifest.name): \(NumberFormat.counted(records.count, "world")) "
              + "(\(NumberFormat.counted(manifest.variants.count, "variant")) × \(NumberFormat.counted(manifest.seedCount, "seed"))), "
              + "\(NumberFormat.integer(records.count - failed)) passed, \(NumberFormat.integer(failed)) failed; wrote \(path)/")
        throw ExitCode((failed == 0 ? ExitStatus.success : .failed).rawValue)
    }
}
