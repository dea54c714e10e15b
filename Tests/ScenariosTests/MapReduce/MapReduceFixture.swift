import Foundation
@testable import Scenarios

/// A scratch directory holding the input files MapReduce scenario tests name, and a scenario
/// template to break one line at a time.
struct MapReduceFixture {
    let directory: ScratchDirectory

    /// `words.txt` (UTF-8), `latin1.txt` (not UTF-8), `empty.txt` (no bytes) and a directory
    /// `folder`.
    init() throws {
        directory = try ScratchDirectory()
        try Data("the cat saw the dog\nthe dog saw a cat\n".utf8).write(to: directory.url.appendingPathComponent("words.txt"))
        try Data([0x63, 0x61, 0x66, 0xE9, 0x20, 0x63, 0x61, 0x66, 0xE9, 0x0A, 0xFF, 0xFE, 0x20, 0x63, 0x61, 0x74, 0x0A])
            .write(to: directory.url.appendingPathComponent("latin1.txt"))
        try Data().write(to: directory.url.appendingPathComponent("empty.txt"))
        try FileManager.default.createDirectory(at: directory.url.appendingPathComponent("folder"), withIntermediateDirectories: true)
    }

    /// The path of `name` in the directory.
    func path(_ name: String) -> String { directory.url.appendingPathComponent(name).path }

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
