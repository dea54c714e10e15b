extension BackupManager {
    /// Starts a daemon that changes the source every ``SourceChurn/interval`` with rounds drawn
    /// from `churn` and the stream `backup.churn.<client node>`, as the application writing the
    /// data would; it stops changing the source once virtual time passes `until`.
    public nonisolated func startChurn(_ churn: SourceChurn, until end: VirtualInstant? = nil) {
        let simulation = simulation
        simulation.spawn("backup.churn.\(client.node.name)", daemon: true) { _ in
            var random = simulation.randomStream("backup.churn.\(self.client.node.name)")
            while true {
                guard await simulation.sleepUnlessTornDown(for: churn.interval) else { return }
                if let end, simulation.now > end { return }
                await self.change(churn.round(of: await self.source, using: &random))
            }
        }
    }
}
