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
/// says `run_lifecycle`, so the log shows exactly when rules act. The run is a world of the store
/// and its operations, like any other.
public enum OperationScenarioRunner {
    /// Runs every step in order; stops at the first step that cannot be run (a reference to a
    /// result lacking the field wanted), keeping the answers before it.
    public static func run(_ scenario: OperationScenario) -> Result<[OperationOutcome], OperationStepFailure> {
        var world = Scenario(
            name: scenario.name, summary: "", file: scenario.file, seed: scenario.seed,
            limits: Scenario.Limits(duration: nil, requests: nil, timeLimit: .zero, eventLimit: Scenario.Limits.defaultEventLimit), defaultLink: .lan, links: [],
            servers: [], balancer: nil, workload: nil, mapreduce: nil, log: nil, store: .forExplicitRequests, backup: nil,
            operations: OperationsSection(client: "client", steps: scenario.steps), faults: FaultSchedule(), expectations: [])
        world.limits.timeLimit = ScenarioLoader.defaultTimeLimit(for: world)
        let result = ScenarioRunner.run(world)
        // One client's requests, each bounded by its timeout, always reach the end of the steps.
        return result.operations ?? .failure(OperationStepFailure(
            index: scenario.steps.count, name: scenario.steps.last?.name ?? "", line: scenario.steps.last?.line ?? 0,
            column: scenario.steps.last?.column ?? 0, error: .noAnswer(.timeout)))
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
                // Not while the client's node is down — crashed and not restarted: the program
                // that sends the steps went down with it, and one due now does not run (as a
                // cron job due on a host that is down), nor any after it — as a request in
                // flight at the crash stops them. It was sent from the dead node and waited out
                // the one-hour timeout: a 15 s list ended at 3,610 s, "the store did not answer".
                if client.network.node(client.node)?.state == .crashed {
                    return .failure(OperationStepFailure(index: offset + 1, name: step.name, line: step.line, column: step.column,
                                                         error: .clientDown(client.node, at: simulation.now), answered: outcomes))
                }
                // Not while the client's node boots after a restart: the step goes out at the
                // boot's end, as the restarted client's (its place in the steps, and the answers
                // `$label`s read, outlive the restart; a request in flight at it got no answer).
                guard await client.network.awaitBoot(of: client.node) else {
                    return .failure(OperationStepFailure(index: offset + 1, name: step.name, line: step.line, column: step.column,
                                                         error: .noAnswer(.timeout), answered: outcomes))
                }
                // A crash during that boot ends the wait at the boot's planned end with the node
                // down: the step does not run then either. It went out from the dead node: a
                // restart at 10 s booting 5 s, a crash at 12 s, and the step due at 10.013 s was
                // sent at 15 s and waited out the one-hour timeout, the list ending at 3,615 s.
                if client.network.node(client.node)?.state == .crashed {
                    return .failure(OperationStepFailure(index: offset + 1, name: step.name, line: step.line, column: step.column,
                                                         error: .clientDown(client.node, at: simulation.now), answered: outcomes))
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
