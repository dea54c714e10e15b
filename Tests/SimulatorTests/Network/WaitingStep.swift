@testable import Simulator

/// Waits for a call as a ready step (as a workload client does), recording what it read — the
/// answer as `describe` puts it, or the error — and when.
final class WaitingStep<Answer: Sendable>: SteppedWork, @unchecked Sendable {
    var wakeUps: UInt32 = 0
    let simulation: Simulation
    let describe: (Answer) -> String
    var call: PendingCall<Answer>?
    var seen: [String] = []

    init(simulation: Simulation, describe: @escaping (Answer) -> String) {
        self.simulation = simulation
        self.describe = describe
    }

    func runStep(_ code: UInt8) {
        seen.append("\(text(of: call?.outcome)) @\(simulation.now.nanoseconds / 1_000)us")
    }

    /// `outcome` as ``seen`` records it, without the time.
    func text(of outcome: Result<Answer, NetworkError>?) -> String {
        switch outcome {
        case .success(let answer)?: describe(answer)
        case .failure(let error)?: "\(error)"
        case nil: "none"
        }
    }
}
