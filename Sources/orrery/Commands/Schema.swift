import ArgumentParser
import Foundation
import Reports
import Scenarios

/// `orrery schema`: the JSON Schema of the scenario language, for editors and validators.
struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the JSON Schema (draft 2020-12) of scenario files of every kind.",
        discussion: "Generated from the definitions the loader reads files with, so it lists exactly the keys `orrery validate` accepts. The repository commits it as orrery.schema.json; a scenario file refers to it with a first line `# yaml-language-server: $schema=../orrery.schema.json`.")

    @Option(help: "Write the schema to this file (atomically) instead of printing it.") var out: String?

    func validate() throws {
        if let out, out.isEmpty { throw ValidationError("--out must name a file (got an empty path)") }
    }

    func run() throws {
        let text = ScenarioSchema.jsonText
        guard let out else {
            FileHandleOutput.writeStandardOutput(text)
            return
        }
        // Checked as every command's output is (a directory there was found only when writing).
        if let problem = OutputPaths.problem(file: out, option: "--out") {
            FileHandleOutput.standardError("error: \(problem)")
            throw ExitCode(ExitStatus.badInput.rawValue)
        }
        do {
            try AtomicFileWriter.write(text, to: URL(fileURLWithPath: out))
        } catch {
            FileHandleOutput.standardError("error: cannot write \(out): \(error)")
            throw ExitCode(ExitStatus.badInput.rawValue)
        }
    }
}
