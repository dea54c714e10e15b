/// The settings each kind of a mapping reads, where the kind is chosen by a key or a word: a
/// workload's `type` (a closed loop reads `users`, an open loop `rate`), a fault's action (a
/// `slow` reads `factor`, a `restart` reads `boot_time`).
///
/// The schema lists every kind's settings as one closed mapping, so a setting of another kind
/// passed it and was never read: `users: abc` on an open loop, `factor: abc` on a crash loaded
/// and ran as if they were not there. ``refuseForeign(in:kind:)`` refuses such a setting at its
/// value, with a message saying which kinds read it and what the chosen kind reads instead.
struct KindSettings: Sendable {
    /// Each kind and the settings it reads, in documentation order.
    let kinds: [(kind: String, settings: [String])]
    /// The message for `key`, written on a mapping of `kind`, where only `owners` read it.
    let message: @Sendable (_ key: String, _ owners: [String], _ kind: String, _ settings: [String]) -> String

    /// Every setting some kind reads, in documentation order, each once.
    var allSettings: [String] {
        var all: [String] = []
        for (_, settings) in kinds { all += settings.filter { !all.contains($0) } }
        return all
    }

    /// The same table restricted to `names` (the kinds one kind of file has), so a message never
    /// names a kind the file cannot choose.
    func only(_ names: [String]) -> KindSettings {
        KindSettings(kinds: kinds.filter { names.contains($0.kind) }, message: message)
    }

    /// Throws at the value of the first setting, in file order, that `kind` does not read but
    /// another kind does. Keys no kind reads (`at`, `type`, the action itself) are left alone;
    /// a key with no value counts as absent, as ``YAMLMapping/subscript(_:)`` has it.
    func refuseForeign(in fields: YAMLMapping, kind: String) throws(ScenarioError) {
        guard let own = kinds.first(where: { $0.kind == kind })?.settings else { return }
        for entry in fields.entries where !entry.value.isNull && !own.contains(entry.key) {
            let owners = kinds.filter { $0.settings.contains(entry.key) }.map(\.kind)
            guard !owners.isEmpty else { continue }
            throw entry.value.error(.invalidValue(message(entry.key.excerpt, owners, kind, own)))
        }
    }

    /// `'a'`, `'a' and 'b'`, `'a', 'b' and 'c'`.
    static func quotedList(_ words: [String]) -> String {
        let quoted = words.map { "'\($0)'" }
        guard let last = quoted.last, quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " and " + last
    }

    /// `a`, `a and b`, `a, b and c`.
    static func plainList(_ words: [String]) -> String {
        guard let last = words.last, words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " and " + last
    }
}
