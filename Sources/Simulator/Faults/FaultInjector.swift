/// Applies a fault timeline to a network in virtual time.
public enum FaultInjector {
    /// Schedules every entry of `timeline` on `network`'s simulation; each fault is applied on the
    /// simulation thread at its instant, before any job that becomes ready at that instant.
    public static func schedule(_ timeline: [FaultSchedule.Entry], on network: Network) {
        for entry in timeline {
            network.executor.schedule(at: entry.at) { network.apply(entry.fault) }
        }
    }
}
