@testable import Simulator

/// Waits for a call as a ready step (as a workload client does), recording what it read — the
/// answer as `describe` puts it, or the error — and when.
final class WaitingStep<Answer: Sendable>: SteppedWork, @unchecked Sendable {
    var wakeUps: UInt32 = 0
    let simulation: Simulation
    let describe: (Answer) -> String
    var call: PendingCall<Answer>?
    var seen: [String] = []
    /// Whether the step takes the call's outcome as a workload client does
    /// (``PendingCall/outcome(ofLast:)``, letting the call go) rather than reading it.
    let takes: Bool
    /// With ``takes``: whether the call was still alive right after the step let it go, and
    /// then the outcome it still held (a call that outlives the step must keep its answer).
    var callOutlivedTheStep: Bool?
    var outcomeLeftInCall: String?

    init(simulation: Simulation, takes: Bool = false, describe: @escaping (Answer) -> String) {
        self.simulation = simulation
        self.takes = takes
        self.describe = describe
    }

    func runStep(_ code: UInt8) {
        let outcome: Result<Answer, NetworkError>?
        if takes {
            weak let watched = call
            outcome = PendingCall.outcome(ofLast: call.take())
            callOutlivedTheStep = watched != nil
            outcomeLeftInCall = watched.map { text(of: $0.outcome) }
        } else {
            outcome = call?.outcome
        }
        seen.append("\(text(of: outcome)) @\(simulation.now.nanoseconds / 1_000)us")
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
