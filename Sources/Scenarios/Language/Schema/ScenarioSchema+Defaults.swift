/// Every default the schema states, where a file writes it: what README's table of defaults
/// lists and what `SchemaDefaultsLoadTests` writes into files to find the loader applying it.
extension ScenarioSchema {
    /// One setting with a default, at one place of one kind of file.
    struct DefaultEntry: Sendable {
        /// The kind of file: `world`, `job` (a single MapReduce job) or an experiment's name.
        let file: String
        /// The keys leading to it, `[]` standing for any element of a list (`servers`, `[]`, `slots`).
        let path: [String]
        /// The setting.
        let property: SchemaProperty
        /// The mapping that holds it.
        let holder: SchemaObject
        /// Where in `path` the innermost shape several places share starts (the key holding
        /// `cluster:`, `map:`, `keepalive:`), 0 when none does.
        let sharedFrom: Int

        /// The path in the file, as README writes it: `mapreduce.cluster.policy.heartbeat_interval`.
        var keyPath: String { Self.written(path[...]) }

        /// The path from the shape it belongs to, which every place that shape appears shares:
        /// `cluster.policy.heartbeat_interval` (a world's `mapreduce.cluster`, a job file's and
        /// the MapReduce experiment's `cluster`), `servers[].slots`.
        var shapePath: String { Self.written(path[sharedFrom...]) }

        private static func written(_ keys: ArraySlice<String>) -> String {
            keys.reduce(into: "") { text, key in text += key == "[]" ? key : (text.isEmpty ? key : ".\(key)") }
        }

        /// The default.
        var value: SchemaDefault { property.defaultValue! }
    }

    /// The kinds of file, each with its top-level shape, in the order the documentation lists them.
    static var fileShapes: [(file: String, shape: SchemaObject)] {
        [("world", worldFile), ("job", singleJobFile)] + ExperimentRegistry.files.map { ($0.name, $0.shape) }
    }

    /// Every place a default is stated: each setting at every place of every kind of file it
    /// appears in (a shared shape, as `cluster:`, once for each).
    static var defaultEntries: [DefaultEntry] {
        var entries: [DefaultEntry] = []
        for (file, shape) in fileShapes {
            collect(.object(shape), file: file, path: [], sharedFrom: 0, into: &entries)
        }
        return entries
    }

    /// The defaults as README's table lists them: each setting once, at the first place it
    /// appears — a shape several places share (a MapReduce `cluster:` in a world, a job file and
    /// the MapReduce experiment), and a setting every kind of file has (`seed`), are one row —
    /// with the kinds of file it appears in.
    static var documentedDefaults: [(entry: DefaultEntry, files: [String])] {
        var rows: [(entry: DefaultEntry, files: [String])] = []
        for entry in defaultEntries {
            if let index = rows.firstIndex(where: { $0.entry.isSameSetting(as: entry) }) {
                if !rows[index].files.contains(entry.file) { rows[index].files.append(entry.file) }
                continue
            }
            rows.append((entry, [entry.file]))
        }
        return rows
    }

    private static func collect(_ node: SchemaNode, file: String, path: [String], sharedFrom: Int, into entries: inout [DefaultEntry]) {
        // A shared shape starts at the key that holds it (before any `[]` of a list of it).
        let holderKey = path.lastIndex { $0 != "[]" } ?? 0
        switch node {
        case .object(let object):
            let from = object.definition == nil ? sharedFrom : holderKey
            for property in object.properties {
                let here = path + [property.name]
                if property.defaultValue != nil,
                   !entries.contains(where: { $0.file == file && $0.path == here && $0.property == property }) {
                    entries.append(DefaultEntry(file: file, path: here, property: property, holder: object, sharedFrom: from))
                }
                collect(property.shape, file: file, path: here, sharedFrom: from, into: &entries)
            }
        case .list(let element, _, _):
            collect(element, file: file, path: path + ["[]"], sharedFrom: sharedFrom, into: &entries)
        case .named(_, _, let inner):
            collect(inner, file: file, path: path, sharedFrom: holderKey, into: &entries)
        case .anyOf(let shapes):
            for shape in shapes { collect(shape, file: file, path: path, sharedFrom: sharedFrom, into: &entries) }
        case .discriminated, .whenAnyKey, .text, .words, .word, .integer, .unsigned64, .number, .wholeNumber, .boolean, .textMap,
             .anything, .literalTrue, .nothing:
            break
        }
    }
}

extension ScenarioSchema.DefaultEntry {
    /// Whether `other` is this setting at another place: the same key of the same shape (a
    /// shared `cluster:`), or the same key at the same path of another kind of file (`seed`).
    func isSameSetting(as other: Self) -> Bool {
        property == other.property && (holder == other.holder || shapePath == other.shapePath)
    }
}
