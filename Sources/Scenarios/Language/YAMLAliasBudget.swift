import Reports
import Yams

/// How far a scenario file's aliases may expand it.
///
/// Yams composes an alias (`*e`) as the very node its anchor (`&e`) names, shared rather than
/// copied, so composing costs what the text costs; but every loader walks the tree as if each
/// alias were written out. A 1 MB file whose first link said `latency: &e {empirical: [...]}`
/// with 100,000 durations and 9,899 more links saying `latency: *e` — every value in its range —
/// made `orrery validate` walk a billion values (over 5 minutes, past 2.7 GB).
///
/// The rule: a file's aliases may add at most ``maximumAddedNodes`` nodes — as many as a file at
/// the size limit (``RegularFile/scenarioLimit``, 16 MiB) can hold written out, two bytes a node
/// (`[0,0,…]`) — so a file with aliases costs at most what two of the largest files without them
/// cost. No file without aliases is refused, however many nodes it has. A node is a scalar, a
/// list or a mapping, and a mapping's keys count as nodes, as for a `--set` value
/// (``ScenarioDocument/maximumValueNodes``), whose values the command line caps the same way; a
/// scalar longer than two bytes counts one node for every two of its bytes (``weight(of:)``), so
/// aliases of one long name or number are bounded by the bytes they repeat.
///
/// Counting costs what the text costs, and nothing for a file with no `*` in it. Composed, an
/// alias keeps no anchor name and no position of its own: it is its anchor's node, with the
/// anchor's position. Walked in the order of the text, every node written where it is starts at
/// or after the last one met, so a node starting before it — or at it, once that one is done and
/// is not an empty value, which libyaml places where the next node starts — is an alias. A first
/// walk finds the nodes aliases name; a second counts each of those once, where it is written,
/// its own aliases expanded, and adds that count for every alias naming it.
///
/// Measured (release build, before long scalars counted their bytes): the checker's file is
/// refused in 0.1 s (it ran for over 5 minutes); a file just under the limit — that
/// 100,000-duration latency and 83 aliases of it (41 now) — loaded in 5.8 s and 127 MB, where a 16 MiB file of 41 such latencies written out takes 4.2 s and 625 MB.
/// The walks add about 0.6 s to a 16 MiB file of 8 million values with a `*` in it.
///
/// Yams checks a mapping's keys for repeats while composing, hashing each key whole, so an alias
/// of a list or mapping used as a key (`? *big`) would be expanded inside `Yams.compose`, before
/// this count: ``YAMLAliasKeys`` refuses such a key before composing.
struct YAMLAliasBudget {
    /// The most nodes a file's aliases may add: 8,388,608.
    static let maximumAddedNodes = RegularFile.scenarioLimit / 2

    /// Where an alias crossed the limit: the nodes it repeats, its path, and where to look for it
    /// in the text.
    struct Overrun {
        /// The nodes the alias repeats (its anchor's node, its own aliases expanded).
        let repeated: Int
        /// The dotted path of the alias, as ``YAMLCursor`` writes paths.
        let path: String
        /// The last node written in the text before the alias (the alias follows it).
        let before: Node
        /// How many aliases follow `before` up to this one, this one included.
        let aliasesAfterBefore: Int
    }

    /// A node written in the text: where it starts, and whether it is a scalar, mapping or list
    /// (a block mapping starts where its first key does).
    private struct Key: Hashable, Comparable {
        let line: Int
        let column: Int
        let kind: Int

        init?(_ node: Node) {
            guard let mark = node.mark else { return nil }
            line = mark.line
            column = mark.column
            kind = switch node {
            case .scalar: 0
            case .mapping: 1
            case .sequence: 2
            default: 3
            }
        }

        static func < (a: Key, b: Key) -> Bool {
            (a.line, a.column, a.kind) < (b.line, b.column, b.kind)
        }

        func starts(before other: Key) -> Bool {
            (line, column) < (other.line, other.column)
        }

        func starts(at other: Key) -> Bool {
            line == other.line && column == other.column
        }

        func starts(atOrBefore other: Key) -> Bool {
            (line, column) <= (other.line, other.column)
        }
    }

    private enum Step {
        case key(Node)
        case index(Int)
    }

    /// Thrown at the alias that crosses the limit, which ``crossed`` describes.
    private struct Crossing: Error {}

    private let limit: Int
    /// Whether this walk counts (the second) or only finds what aliases name (the first).
    private let counting: Bool
    /// The nodes aliases name, in the order of the text (found by the first walk).
    private var aliased: [Key] = []
    private var nextAliased = 0
    /// The size of each node an alias names, once it is counted.
    private var sizes: [Key: Int] = [:]
    /// The nodes added by the aliases so far.
    private var added = 0
    /// The last node met where it is written, whether it is done, and how many aliases since.
    private var frontier: Key?
    private var frontierNode: Node?
    private var frontierDone = false
    /// Whether that node is an empty scalar (`a:` with no value), which libyaml places where the
    /// next token starts: the node written there is not an alias.
    private var frontierEmpty = false
    private var aliasesSinceFrontier = 0
    private var steps: [Step] = []
    private var crossed: Overrun?

    private init(limit: Int, counting: Bool, aliased: [Key]) {
        self.limit = limit
        self.counting = counting
        self.aliased = aliased
    }

    /// Nil when the aliases of `root` (composed from `text`) add at most `limit` nodes, or the
    /// alias that takes them past it.
    static func overrun(in root: Node, text: String, limit: Int = maximumAddedNodes) -> Overrun? {
        // No `*`, no alias: nothing to count.
        guard text.utf8.contains(UInt8(ascii: "*")) else { return nil }
        var finding = YAMLAliasBudget(limit: limit, counting: false, aliased: [])
        var found = Set<Key>()
        do throws(Crossing) {
            _ = try finding.size(of: root, found: &found)
        } catch {
            return finding.crossed
        }
        guard !found.isEmpty else { return nil }
        var counting = YAMLAliasBudget(limit: limit, counting: true, aliased: found.sorted())
        do throws(Crossing) {
            _ = try counting.size(of: root, found: &found)
            return nil
        } catch {
            return counting.crossed
        }
    }

    /// The nodes in `node`, its aliases expanded (on the counting walk; 0 on the first); on the
    /// first walk, what each alias names goes into `found`. Throws at the alias that crosses the
    /// limit. Nesting is at most the YAML reader's limit, so the recursion is bounded.
    private mutating func size(of node: Node, found: inout Set<Key>) throws(Crossing) -> Int {
        guard let key = Key(node) else { return Self.weight(of: node) }
        if let frontier, key.starts(before: frontier) || (key.starts(at: frontier) && frontierDone && !frontierEmpty) {
            // An alias: what it names is written before it.
            aliasesSinceFrontier += 1
            guard counting else {
                found.insert(key)
                return 0
            }
            var remaining = limit - added + 1
            let size = sizes[key] ?? Self.expandedCount(node, sizes: sizes, upTo: &remaining)
            added += size
            if added > limit {
                crossed = Overrun(repeated: size, path: path, before: frontierNode ?? node, aliasesAfterBefore: aliasesSinceFrontier)
                throw Crossing()
            }
            return size
        }
        frontier = key
        if counting { frontierNode = node }
        frontierDone = false
        if case .scalar(let scalar) = node { frontierEmpty = scalar.string.isEmpty && scalar.style == .plain } else { frontierEmpty = false }
        aliasesSinceFrontier = 0
        // Nodes are met in the order of the text, each once: a pointer into the sorted list finds
        // the ones aliases name.
        var named = false
        if counting {
            while nextAliased < aliased.count, !key.starts(atOrBefore: aliased[nextAliased]) { nextAliased += 1 }
            var index = nextAliased
            while index < aliased.count, aliased[index].starts(at: key) {
                if aliased[index] == key { named = true }
                index += 1
            }
        }
        var size = Self.weight(of: node)
        switch node {
        case .mapping(let mapping):
            for (keyNode, value) in mapping {
                size += try self.size(of: keyNode, found: &found)
                if counting { steps.append(.key(keyNode)) }
                size += try self.size(of: value, found: &found)
                if counting { steps.removeLast() }
            }
        case .sequence(let sequence):
            for (index, element) in sequence.enumerated() {
                if counting { steps.append(.index(index)) }
                size += try self.size(of: element, found: &found)
                if counting { steps.removeLast() }
            }
        default:
            break
        }
        if frontier == key { frontierDone = true }
        // Of two nodes of one kind nested at one place (a mapping as a block mapping's first key),
        // the outer is counted last, so an alias of either counts the larger.
        if named { sizes[key] = size }
        return size
    }

    /// The nodes in `node`, aliases expanded, counting down `remaining` and stopping when it is
    /// spent, for an alias whose node the counting walk has no size for (which should not happen:
    /// each node an alias names is counted where it is written, before the alias).
    private static func expandedCount(_ node: Node, sizes: [Key: Int], upTo remaining: inout Int) -> Int {
        guard remaining > 0 else { return 0 }
        if let key = Key(node), let size = sizes[key] {
            remaining -= size
            return size
        }
        let weight = Self.weight(of: node)
        remaining -= weight
        var count = weight
        switch node {
        case .mapping(let mapping):
            for (key, value) in mapping where remaining > 0 {
                count += expandedCount(key, sizes: sizes, upTo: &remaining) + expandedCount(value, sizes: sizes, upTo: &remaining)
            }
        case .sequence(let sequence):
            for element in sequence where remaining > 0 { count += expandedCount(element, sizes: sizes, upTo: &remaining) }
        default:
            break
        }
        return count
    }

    /// What a node counts for: 1, or for a scalar longer than two bytes, one for every two bytes
    /// of it (rounded up) — what it would count written out as values, `0,0,…`. Reading an
    /// aliased scalar costs its length: 1,000 aliases of one 4 MiB duration took hours, each
    /// counted as one value.
    private static func weight(of node: Node) -> Int {
        guard case .scalar(let scalar) = node else { return 1 }
        return max(1, (scalar.string.utf8.count + 1) / 2)
    }

    /// The dotted path of the node being counted: `network.links.[3].latency`.
    private var path: String {
        steps.map { step in
            switch step {
            case .key(let key): key.scalar?.string ?? "?"
            case .index(let index): "[\(index)]"
            }
        }.joined(separator: ".")
    }
}

extension YAMLAliasBudget.Overrun {
    /// The 1-based line and column of the alias in `text`, and its name: the
    /// ``aliasesAfterBefore``th alias event starting at or after ``before`` (every node between
    /// them is an alias, or ``before`` would have moved on); or ``before``'s own position, and no
    /// name, should the events not show it. Read from libyaml's events, a `*` inside a block
    /// scalar or a quoted string is no alias.
    func position(in text: String) -> (line: Int, column: Int, name: String?) {
        let fallback = (before.mark?.line ?? 1, before.mark?.column ?? 1, String?.none)
        guard let mark = before.mark else { return fallback }
        var wanted = aliasesAfterBefore
        var found: (Int, Int, String?)?
        YAMLEvents.scan(text) { event in
            guard event.kind == .alias, (event.line, event.column) >= (mark.line, mark.column) else { return true }
            wanted -= 1
            guard wanted == 0 else { return true }
            found = (event.line, event.column, event.text)
            return false
        }
        return found ?? fallback
    }
}
