import Foundation
import Testing

/// Through the real binary: a MapReduce input file a scenario reads is an input like the scenario
/// itself — a trace or metrics file named after it is refused before anything runs, and the data
/// is left as it was — whether the job is a single-job file's or a world's `mapreduce:` job's.
struct DataFileOutputTests {
    static let singleJob = """
    name: words
    cluster: {workers: 2}
    job: {name: word-count, reducers: 2}
    input: {files: [data/words.txt]}

    """

    static let world = """
    name: world-words
    mapreduce:
      cluster: {workers: 2}
      jobs: [{name: word-count, reducers: 2, input: {files: [data/words.txt]}}]

    """

    @Test func aTraceOrMetricsFileNamedAfterAnInputFileIsRefused() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("data"), withIntermediateDirectories: true)
        try "the cat saw the dog\n".write(to: dir.appendingPathComponent("data/words.txt"), atomically: true, encoding: .utf8)
        try Self.singleJob.write(to: dir.appendingPathComponent("job.yaml"), atomically: true, encoding: .utf8)
        try Self.world.write(to: dir.appendingPathComponent("world.yaml"), atomically: true, encoding: .utf8)
        let before = try FileTree(dir)
        let refused: [([String], String)] = [
            (["run", "job.yaml", "--out", "o", "--trace", "data/words.txt"],
             "error: --trace 'data/words.txt' would overwrite the input file './data/words.txt'; name another path\n"),
            (["run", "world.yaml", "--out", "o", "--metrics", "./data/../data/words.txt"],
             "error: --metrics './data/../data/words.txt' would overwrite the input file './data/words.txt'; name another path\n"),
            (["run", "\(dir.path)/world.yaml", "--out", "o", "--trace", "data/words.txt", "--trace-format", "perfetto"],
             "error: --trace 'data/words.txt' would overwrite the input file '\(dir.path)/data/words.txt'; name another path\n"),
        ]
        for (arguments, message) in refused {
            let outcome = try OrreryProcess.run(arguments, in: dir)
            #expect(outcome.status == 2, "\(arguments)")
            #expect(outcome.standardError == message, "\(outcome.standardError)")
            #expect(try FileTree(dir) == before, "\(arguments)")
        }
        // Another path for the trace runs, and the data is still the data.
        #expect(try OrreryProcess.run(["run", "job.yaml", "--out", "o", "--trace", "words-trace.json", "--quiet"], in: dir).status == 0)
        #expect(try String(contentsOf: dir.appendingPathComponent("data/words.txt"), encoding: .utf8) == "the cat saw the dog\n")
    }
}
