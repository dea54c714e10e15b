import Foundation
import Testing
import Yams

/// The Kubernetes Indexed Job and the Slurm array script are run here, as far as a laptop can:
/// their commands are executed with the index each scheduler would set and the real `orrery` on
/// the PATH, so renaming an option (or breaking shard selection) breaks this test.
struct DeployFilesTests {
    static let root = OrreryProcess.packageRoot

    /// Runs `script` with `sh -c` (or `bash file`) in `directory`, the built `orrery` first on the PATH.
    static func shell(_ arguments: [String], in directory: URL, environment: [String: String]) throws -> OrreryProcess.Outcome {
        var environment = environment
        environment["PATH"] = OrreryProcess.executable.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        return try OrreryProcess.run(arguments, in: directory, environment: environment, program: URL(fileURLWithPath: "/bin/sh"))
    }

    /// The documents of the manifest, as Yams nodes.
    static func manifests() throws -> [Node] {
        let text = try String(contentsOf: root.appendingPathComponent("deploy/kubernetes/sweep-job.yaml"), encoding: .utf8)
        return try Array(Yams.compose_all(yaml: text))
    }

    static func container(_ job: Node, initContainer: Bool = false) throws -> Node {
        let spec = try #require(job["spec"]?["template"]?["spec"])
        return try #require(spec[initContainer ? "initContainers" : "containers"]?[0])
    }

    /// The container's script and its environment.
    static func script(of container: Node) throws -> (String, [String: String]) {
        let command = try #require(container["command"]?.sequence).compactMap(\.string)
        #expect(command == ["/bin/sh", "-c"])
        let script = try #require(container["args"]?[0]?.string)
        var environment: [String: String] = [:]
        for entry in container["env"]?.sequence ?? [] {
            environment[try #require(entry["name"]?.string)] = entry["value"]?.string
        }
        return (script, environment)
    }

    @Test func theKubernetesIndexedJobRunsOneShardPerPodAndTheMergeJobMergesThem() throws {
        let documents = try Self.manifests()
        let jobs = documents.filter { $0["kind"]?.string == "Job" }
        #expect(jobs.count == 2)
        let sweep = try #require(jobs.first { $0["metadata"]?["name"]?.string == "orrery-sweep" })
        #expect(sweep["spec"]?["completionMode"]?.string == "Indexed")
        let completions = try #require(sweep["spec"]?["completions"]?.int)
        #expect(sweep["spec"]?["parallelism"]?.int == completions)
        let (sweepScript, sweepEnvironment) = try Self.script(of: Self.container(sweep))
        #expect(sweepEnvironment["SHARDS"] == "\(completions)")
        #expect(sweepScript.contains("orrery sweep") && sweepScript.contains("--shards"))
        let merge = try #require(jobs.first { $0["metadata"]?["name"]?.string == "orrery-sweep-merge" })
        let (mergeScript, mergeEnvironment) = try Self.script(of: Self.container(merge))
        #expect(mergeScript.contains("orrery merge"))
        let (waitScript, _) = try Self.script(of: Self.container(merge, initContainer: true))

        // Run it: three pods of a small sweep, the wait, the merge; compare with the sweep unsharded.
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try SweepCommandTests.scenario.write(to: dir.appendingPathComponent("tiny.yaml"), atomically: true, encoding: .utf8)
        let small = ["SCENARIO": "tiny.yaml", "SEEDS": "1..5", "SHARDS": "3", "OUT": "k8s", "NAME": "tiny-sweep"]
        for index in 0..<3 {
            let pod = try Self.shell(["-c", sweepScript], in: dir, environment: sweepEnvironment.merging(small) { $1 }.merging(["JOB_COMPLETION_INDEX": "\(index)"]) { $1 })
            #expect(pod.status == 0, "\(pod.standardError)")
        }
        let wait = try Self.shell(["-c", waitScript], in: dir, environment: small)
        #expect(wait.status == 0)
        let merged = try Self.shell(["-c", mergeScript], in: dir, environment: mergeEnvironment.merging(small) { $1 })
        #expect(merged.status == 0, "\(merged.standardError)")
        let whole = try OrreryProcess.run(["sweep", "tiny.yaml", "--seeds", "1..5", "--out", "whole"], in: dir)
        #expect([0, 1].contains(whole.status))
        for file in ["report.md", "report.json", "worlds.jsonl", "metrics.csv", "intervals.svg"] {
            #expect(try Data(contentsOf: dir.appendingPathComponent("k8s/tiny-sweep/\(file)")) == Data(contentsOf: dir.appendingPathComponent("whole/tiny-sweep/\(file)")), "\(file)")
        }
    }

    @Test func theSlurmArrayScriptRunsTheShardOfItsArrayIndex() throws {
        let path = Self.root.appendingPathComponent("deploy/slurm/sweep.sbatch").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("#SBATCH --array="))
        #expect(text.contains("SLURM_ARRAY_TASK_ID"))
        #expect(text.contains("orrery merge"))
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try SweepCommandTests.scenario.write(to: dir.appendingPathComponent("tiny.yaml"), atomically: true, encoding: .utf8)
        // An array --array=4-6: task ids 4, 5, 6 are shards 1, 2, 3.
        for id in 4...6 {
            let task = try Self.shell(["-c", "exec bash '\(path)'"], in: dir, environment: [
                "SCENARIO": "tiny.yaml", "SEEDS": "1..5", "OUT": "slurm",
                "SLURM_ARRAY_TASK_ID": "\(id)", "SLURM_ARRAY_TASK_MIN": "4", "SLURM_ARRAY_TASK_COUNT": "3", "SLURM_CPUS_PER_TASK": "1",
            ])
            #expect(task.status == 0, "\(task.standardError)")
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("slurm/tiny-sweep/shard-\(id - 3)-of-3/worlds.jsonl").path))
        }
        let merged = try OrreryProcess.run(["merge", "slurm/tiny-sweep", "--out", "slurm"], in: dir)
        #expect([0, 1].contains(merged.status), "\(merged.standardError)")
        let outsideAnArray = try Self.shell(["-c", "exec bash '\(path)'"], in: dir, environment: ["SCENARIO": "tiny.yaml"])
        #expect(outsideAnArray.status != 0)
    }
}
