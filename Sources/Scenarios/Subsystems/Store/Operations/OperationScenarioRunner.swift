import Simulator

/// One answered step of an operation scenario.
public struct OperationOutcome: Sendable, Equatable {
    /// 1-based position among the file's steps (waits included, so numbers match the file).
    public var index: Int
    /// The operation's name as written.
    public var name: String
    /// Line of the step in the file.
    public var line: Int
    /// Virtual time of the answer.
    public var time: VirtualInstant
    /// What the store answered.
    public var result: ObjectStoreOperationResult
}

/// Runs an operation scenario against an ``ObjectStore`` over the simulated network: one client,
/// no retries, no injected faults, and no lifecycle daemon — lifecycle runs only where the file
/// says `run_lifecycle`, so the log shows exactly when rules act.
public enum OperationScenarioRunner {
    /// Runs every step in order; stops at the first step that cannot be run (a reference to a
    /// result lacking the field wanted).
    public static func run(_ scenario: OperationScenario) -> Result<[OperationOutcome], OperationStepFailure> {
        let simulation = Simulation(seed: scenario.seed)
        let network = Network(simulation: simulation)
        let store = ObjectStore("s3", configuration: ObjectStore.Configuration(runsLifecycle: false), network: network)
        let client = ObjectStoreClient("client", store: store, network: network, timeout: .seconds(3600), retryPolicy: .never)
        let box = OperationRunBox()
        let steps = scenario.steps
        simulation.spawn("operations") { _ in
            box.outcome = await runSteps(steps, client: client, simulation: simulation)
        }
        let waited = steps.reduce(Duration.zero) { total, step in
            if case .wait(let duration) = step.action { total + duration } else { total }
        }
        do {
            // Requests take milliseconds; an hour per step is a bound no run comes near.
            try simulation.runToCompletion(timeLimit: .after(waited + .seconds(3600 * Int64(steps.count))))
        } catch {
            preconditionFailure("one client's requests cannot deadlock or escape: \(error)")
        }
        simulation.tearDown()
        guard let outcome = box.outcome else { preconditionFailure("the operations task ran to completion") }
        return outcome
    }

    static func runSteps(_ steps: [OperationScenario.Step], client: ObjectStoreClient,
                                 simulation: Simulation) async -> Result<[OperationOutcome], OperationStepFailure> {
        var results = OperationResults()
        var outcomes: [OperationOutcome] = []
        for (offset, step) in steps.enumerated() {
            switch step.action {
            case .wait(let duration):
                await simulation.sleep(for: duration)
            case .request(let build):
                let operation: ObjectStoreOperation
                do {
                    operation = try build(results)
                } catch {
                    return .failure(OperationStepFailure(index: offset + 1, name: step.name, line: step.line, column: step.column, error: error,
                                                         answered: outcomes))
                }
                let result: ObjectStoreOperationResult
                do {
                    result = try await client.perform(operation)
                } catch {
                    return .failure(OperationStepFailure(index: offset + 1, name: step.name, line: step.line, column: step.column,
                                                         error: .noAnswer(error), answered: outcomes))
                }
                outcomes.append(OperationOutcome(index: offset + 1, name: step.name, line: step.line, time: simulation.now, result: result))
                if let label = step.label {
                    results.entries[label] = .init(step: offset + 1, name: step.name, result: result, partNumber: step.partNumber)
                }
            }
        }
        return .success(outcomes)
    }
}

/// Carries the run's outcome out of the simulation. `@unchecked Sendable`: written by the one
/// task, read after the run.
private final class OperationRunBox: @unchecked Sendable {
    var outcome: Result<[OperationOutcome], OperationStepFailure>?
}
