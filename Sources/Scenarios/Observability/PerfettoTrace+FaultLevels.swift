import Simulator

extension PerfettoTrace {
    /// An instant's detail as the trace shows it: a network fault's level in the reports' words
    /// (``Fault/levelText(_:)``), the rest as observed. The network observes a level as the
    /// `Double` prints it (`1.0`, `0.0`, `1e-09`, `service times × 2.0`), so the markers read
    /// `error rate: 1.0` and `drop rate: 1e-09` where the report's fault list read `rate 1` and
    /// `drop rate 0.000000001`; now they read `error rate: 1`, `drop rate: 0.000000001` and
    /// `slow: service times ×2`, the level exactly as the file wrote it in both; a latency
    /// spike's extra delay reads `+0.00003 s` as the fault list writes it, not `+3e-05 s`.
    static func instantDetail(_ observation: Observation) -> String {
        guard observation.subsystem == .network else { return observation.detail }
        switch observation.name {
        case "error rate", "error rate over", "drop rate", "drop rate over":
            return Double(observation.detail).map(Fault.levelText) ?? observation.detail
        case "latency spike", "latency spike over":
            // The extra delay exactly, from its nanoseconds, as the fault list writes it
            // (``Fault/spikeText(_:)``): `+0.00003 s`, where the `Double` printed `+3e-05 s`.
            return "+" + Fault.spikeText(.nanoseconds(observation.value))
        case "slow", "slow over":
            let prefix = "service times × "
            guard observation.detail.hasPrefix(prefix), let factor = Double(observation.detail.dropFirst(prefix.count)) else { return observation.detail }
            return "service times ×" + Fault.levelText(factor)
        default:
            return observation.detail
        }
    }
}
