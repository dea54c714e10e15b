import Simulator

extension World {
    /// The backup manager on its host: syncing that host's data every interval, taking daily
    /// backups, applying retention; and each restore the file asks for, checked byte for byte
    /// against what its backup was taken from.
    func buildBackup() {
        guard let section = scenario.backup, let store, let storeSection = scenario.store else { return }
        let client = ObjectStoreClient(section.host, store: store, network: network, timeout: storeSection.clientTimeout,
                                       retryPolicy: storeSection.retry)
        var random = simulation.randomStream("backup.source")
        let source = section.churn?.initialSource(using: &random) ?? SourceDirectory()
        let manager = BackupManager(client: client, source: source, configuration: section.manager)
        backupManager = manager
        manager.start()
        if let churn = section.churn { manager.startChurn(churn) }
        restoreChecks = Array(repeating: nil, count: section.restores.count)
        restoredDirectories = Array(repeating: nil, count: section.restores.count)
        let simulation = simulation
        for (index, restore) in section.restores.enumerated() {
            simulation.spawn("restore.\(index + 1)") { _ in
                await simulation.sleep(until: .after(restore.at))
                let (check, restored) = await BackupExperiment.check(restore, manager: manager, simulation: simulation)
                self.restoreChecks[index] = check
                self.restoredDirectories[index] = restored
            }
        }
    }
}
