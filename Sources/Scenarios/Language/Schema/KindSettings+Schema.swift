/// The schema's rules from a ``KindSettings`` table, so the settings the loader refuses on a
/// kind and the settings the schema refuses there are one list: before these rules the schema
/// listed every kind's settings as one closed mapping, and `{at: 1s, crash: s1, factor: 2}` or
/// an open loop with `users: 5` passed it while the loader refused them.
extension KindSettings {
    /// For a mapping whose kind is the key it has (a fault's action): each setting only beside
    /// one of the kinds that read it — `factor` only with `slow`, `boot_time` only with
    /// `restart` or `zone_outage`.
    var ruleByPresentKey: SchemaObject.Rule {
        .onlyBeside(allSettings.map { setting in
            SchemaObject.OwnedSetting(setting, owners: kinds.filter { $0.settings.contains(setting) }.map(\.kind))
        })
    }

    /// For a mapping whose kind is the word under `key` (a workload's `type`): for each kind,
    /// the settings only other kinds read are absent. `key` must be required, or have no
    /// default, for the rules to cover every mapping: a condition on the word holds only where
    /// the word is written.
    func rulesByWord(under key: String) -> [SchemaObject.Rule] {
        let all = allSettings
        return kinds.compactMap { kind, own in
            let foreign = all.filter { !own.contains($0) }
            return foreign.isEmpty ? nil : .absentWhen(foreign, key: key, is: kind)
        }
    }
}
