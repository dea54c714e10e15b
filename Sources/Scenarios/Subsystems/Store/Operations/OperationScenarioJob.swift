import Foundation
import Simulator

/// What `orrery ops FILE` does without the command-line parsing: load the file strictly (a bad
/// file writes nothing), run its operations, and write `<out>/<name>/results.jsonl` and
/// `summary.md` atomically.
public struct OperationScenarioJob {
    /// The operation scenario file.
    public var file: String
    /// Where `<name>/` goes.
    public var outputDirectory: String

    /// A job for `file` writing under `outputDirectory`.
    public init(file: String, outputDirectory: String = "results/ops") {
        self.file = file
        self.outputDirectory = outputDirectory
    }

    /// Runs the job; `output` receives the summary line, `errors` the problems.
    public func execute(output: (String) -> Void, errors: (String) -> Void) -> ExitStatus {
        let scenario: OperationScenario
        do {
            scenario = try ScenarioLoader.loadOperationScenario(path: file)
        } catch {
            errors(error.description)
            return .badInput
        }
        let outcomes: [OperationOutcome]
        var stopped: OperationStepFailure?
        switch OperationScenarioRunner.run(scenario) {
        case .success(let answered):
            outcomes = answered
        case .failure(let problem):
            outcomes = problem.answered
            stopped = problem
        }
        // The answers before a step that could not be sent are kept: they say how far the run got.
        let bundle = OperationReport.bundle(scenario, outcomes: outcomes)
        do {
            try bundle.write(to: URL(fileURLWithPath: outputDirectory, isDirectory: true))
        } catch {
            errors("error: \(error)")
            return .badInput
        }
        if let problem = stopped {
            errors("\(file):\(problem.line):\(problem.column): error: operation \(problem.index) (\(problem.name)): \(problem.error)\nseed \(scenario.seed); replay: orrery ops \(file)")
            return .failed
        }
        output("\(scenario.name): \(outcomes.count) operations; wrote \(bundle.files.map { "\(outputDirectory)/\($0.path)" }.joined(separator: ", "))")
        return .success
    }
}
