import Foundation
import Simulator

extension MapReduce.AttemptChaos {
    /// About how many attempts a task takes when each crashes its worker with
    /// ``crashProbability`` and a task may try `maxAttempts` times: the mean of a geometric count
    /// cut at `maxAttempts`, (1 − pᵐ) / (1 − p), and `maxAttempts` itself when every attempt
    /// crashes. Every attempt maps or reduces its whole split again, so a world's work is its
    /// input's times this (`crash_probability: 1` with 1,000 attempts read its input a thousand
    /// times over).
    func expectedAttempts(maxAttempts: Int) -> Double {
        let attempts = Double(max(maxAttempts, 1))
        let crash = min(max(crashProbability, 0), 1)
        guard crash < 1 else { return attempts }
        return min(attempts, (1 - Foundation.pow(crash, attempts)) / (1 - crash))
    }
}
