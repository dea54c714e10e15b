import Foundation
import Simulator
import Yams

extension RunReplay {
    /// The fields of a server an experiment changes, as an entry of `servers:` writes them.
    static let serverFields: [(key: String, spelled: @Sendable (Scenario.Server) -> String)] = [
        ("slots", { String($0.configuration.slots) }), ("queue", { String($0.configuration.queueCapacity) }),
        ("speed", { YAMLSpelling.number($0.configuration.speed) }), ("error_rate", { YAMLSpelling.number($0.configuration.errorRate) }),
        ("weight", { String($0.weight) }),
    ]

    /// The value of `--set servers=[…]` that lists `world`'s servers (`after`) one entry each, as
    /// flow YAML on one line: each copied from the file's entry that made it (`entries`, as
    /// written, so that its service time, zone or limits stay as the file spells them), with the
    /// `count:` dropped, the server's own name (`s3` of `{name: s, count: 4}`) and the fields
    /// ``serverFields`` names set where the world's server differs from the file's (`before`).
    ///
    /// What no `servers.N.field` path can say: one server of a `count:` group changed alone (the
    /// strategy comparison's speeds 2, 1, 1, 0.5 for four `s`), servers removed (a claim's one
    /// server of three). Nil when a server is not one the file makes, or an entry places its
    /// servers with `on:` (their names are the MapReduce nodes', not written).
    static func serverList(_ before: [Scenario.Server], _ after: [Scenario.Server], entries: [Node]) -> String? {
        // Which entry made each of the file's servers, in the loader's order.
        var madeBy: [Int] = []
        for (index, entry) in entries.enumerated() {
            guard entry["on"] == nil else { return nil }
            madeBy += Array(repeating: index, count: entry["count"]?.int ?? 1)
        }
        guard madeBy.count == before.count else { return nil }
        var items: [Node] = []
        for server in after {
            guard let source = before.firstIndex(where: { $0.id == server.id }), case .mapping(let written) = entries[madeBy[source]] else { return nil }
            var fields = Array(written).filter { $0.key.string != "count" }
            set("name", server.id.name, in: &fields)
            for field in serverFields where field.spelled(before[source]) != field.spelled(server) {
                set(field.key, field.spelled(server), in: &fields)
            }
            items.append(.mapping(Node.Mapping(fields, written.tag, .flow)))
        }
        let list = Node.sequence(Node.Sequence(items, .implicit, .flow))
        guard let text = try? Yams.serialize(node: list, width: -1) else { return nil }
        let line = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return line.contains("\n") ? nil : line
    }

    /// `key: value` in an entry's fields: replaced where the entry has the key, added after the others where not.
    private static func set(_ key: String, _ value: String, in fields: inout [(key: Node, value: Node)]) {
        if let index = fields.firstIndex(where: { $0.key.string == key }) {
            fields[index].value = Node(value)
        } else {
            fields.append((Node(key), Node(value)))
        }
    }
}
