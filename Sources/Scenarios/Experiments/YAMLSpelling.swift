import Simulator

/// Values written as a scenario file writes them, for a replay command's `--set` (flow YAML on
/// one line): the loader must read each back to exactly the value it was written from, which
/// ``RunReplay`` checks before offering a command.
enum YAMLSpelling {
    /// A value the loader reads as absent: `--set balancer.locality=null` removes the key.
    static let null = "null"

    /// Exact seconds: `12.5s`, `0.000000001s` (as the shrinker writes them).
    static func duration(_ duration: Duration) -> String {
        FaultIncident.seconds(duration)
    }

    /// A whole number without a point (`4`), any other as Swift's shortest exact text (`0.5`):
    /// ``NumberText/plain(_:)``, which the loader reads back to the same `Double`.
    static func number(_ value: Double) -> String {
        NumberText.plain(value)
    }

    /// A strategy's name, or the `{hash: …}` mapping for a hash no name stands for.
    static func strategy(_ strategy: BalancingStrategyKind) -> String {
        if case .consistentHash(let key, let factor) = strategy, key != .request || (factor != nil && factor != 1.25) {
            return "{hash: {key: \(key.rawValue)\(factor.map { ", balance_factor: \(number($0))" } ?? "")}}"
        }
        return strategy.name
    }

    /// A distribution of durations, for the kinds the experiments set (exponential, constant);
    /// nil for the others.
    static func distribution(_ distribution: Distribution) -> String? {
        switch distribution {
        case .exponential(let mean): return "{exponential: \(duration(seconds: mean))}"
        case .constant(let value): return duration(seconds: value)
        default: return nil
        }
    }

    /// The fields of a `faults:` item after its `at`, for a crash, a restart and a slow-down;
    /// nil for the others.
    static func fault(_ fault: Fault) -> String? {
        switch fault {
        case .crash(let node): return "crash: \(node.name)"
        case .restart(let node, let bootTime): return "restart: \(node.name), boot_time: \(duration(bootTime))"
        case .slow(let node, let factor): return "slow: \(node.name), factor: \(number(factor))"
        default: return nil
        }
    }

    /// Seconds as a duration, to the nanosecond.
    private static func duration(seconds: Double) -> String {
        duration(.nanoseconds(Int64((seconds * 1e9).rounded())))
    }
}
