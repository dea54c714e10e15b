import Foundation
@testable import Scenarios

/// A scratch directory holding the input files MapReduce scenario tests name, and a scenario
/// template to break one line at a time.
struct MapReduceFixture {
    /// The scratch directory, under the system's temporary directory.
    let url: URL

    /// `words.txt` (UTF-8), `latin1.txt` (not UTF-8), `empty.txt` (no bytes) and a directory
    /// `folder`.
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("orrery-mapreduce-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try Data("the cat saw the dog\nthe dog saw a cat\n".utf8).write(to: url.appendingPathComponent("words.txt"))
        try Data([0x63, 0x61, 0x66, 0xE9, 0x20, 0x63, 0x61, 0x66, 0xE9, 0x0A, 0xFF, 0xFE, 0x20, 0x63, 0x61, 0x74, 0x0A])
            .write(to: url.appendingPathComponent("latin1.txt"))
        try Data().write(to: url.appendingPathComponent("empty.txt"))
        try FileManager.default.createDirectory(at: url.appendingPathComponent("folder"), withIntermediateDirectories: true)
    }

    /// Removes the directory.
    func remove() { try? FileManager.default.removeItem(at: url) }

    /// The path of `name` in the directory.
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// A scenario: line 5 names the job, line 6 its reducers, line 8 the files.
    static func scenario(job: String = "word-count", reducers: String = "2", files: String = "[words.txt, latin1.txt]",
                         rest: String = "") -> String {
        """
        seed: 3
        cluster:
          workers: 2
        job:
          name: \(job)
          reducers: \(reducers)
        input:
          files: \(files)
        \(rest)
        """
    }

    /// Writes `text` as `t.yaml` in the directory and loads it.
    func load(_ text: String) throws(ScenarioError) -> MapReduceScenario {
        let file = path("t.yaml")
        do {
            try text.write(toFile: file, atomically: true, encoding: .utf8)
        } catch {
            preconditionFailure("the scratch directory is writable: \(error)")
        }
        return try MapReduceScenarioLoader.load(path: file)
    }

    /// The error loading `text` gives, if any.
    func error(_ text: String) -> ScenarioError? {
        do {
            _ = try load(text)
            return nil
        } catch {
            return error
        }
    }
}
