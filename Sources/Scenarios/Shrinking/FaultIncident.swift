import Simulator
import Yams

/// One incident of a fault schedule: the faults that belong together and are removed together
/// while shrinking — a crash with its restart, a pause, a partition with its heal, a fault with a
/// `for:` and its undo. Each is kept as the `faults:` items that write it in the scenario
/// language, so the shrunk file says exactly what the shrinker ran.
public struct FaultIncident: CustomStringConvertible {
    /// Where an incident came from.
    public enum Origin: String, Sendable, CaseIterable {
        /// Listed in the file's `faults:`.
        case listed
        /// Drawn by the top-level `chaos:` section.
        case chaos
        /// Drawn by `mapreduce.chaos`.
        case clusterChaos = "mapreduce chaos"
    }

    /// One `faults:` item and its place in the whole schedule: items are written in this order,
    /// so faults at the same instant keep the order the original run applied them in.
    struct Item {
        var position: Int
        var node: Node
        /// When it strikes (a zone outage: when it begins).
        var at: VirtualInstant
    }

    var items: [Item]
    /// Where it came from.
    public let origin: Origin

    /// Whether a run that ended at `end` seconds (``RunResult/virtualSeconds``) reached none of
    /// it: every item comes after the end, as the run's report marks such a fault not reached.
    func unreached(endingAt end: Double) -> Bool {
        items.allSatisfy { $0.at.seconds > end }
    }

    /// The items in flow style, joined: `{at: 12.5s, crash: s1} + {at: 13.5s, restart: s1}`.
    public var description: String {
        items.map { FaultIncident.flow($0.node) }.joined(separator: " + ")
    }

    /// How many `faults:` items write it.
    public var faultCount: Int { items.count }

    /// A node in one line of YAML flow style.
    static func flow(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar): return scalar.string
        case .sequence(let sequence): return "[" + sequence.map(flow).joined(separator: ", ") + "]"
        case .mapping(let mapping): return "{" + mapping.map { "\(flow($0.key)): \(flow($0.value))" }.joined(separator: ", ") + "}"
        default: return "*"
        }
    }
}

extension FaultIncident {
    /// `duration` as exact seconds in the scenario language: `12.5s`, `0.000000001s`, `3s`.
    static func seconds(_ duration: Duration) -> String {
        let nanoseconds = VirtualInstant.zero.advanced(by: duration).nanoseconds
        let whole = nanoseconds / 1_000_000_000, fraction = nanoseconds % 1_000_000_000
        guard fraction != 0 else { return "\(whole)s" }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 9 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(whole).\(digits)s"
    }

    /// `instant` as the `at:` of a fault.
    static func seconds(_ instant: VirtualInstant) -> String {
        seconds(VirtualInstant.zero.duration(to: instant))
    }

    /// A `faults:` item: `at` first, then the fields in the order given.
    static func item(at instant: VirtualInstant, _ fields: [(String, Node)]) -> Node {
        var pairs: [(Node, Node)] = [(scalar("at"), scalar(seconds(instant)))]
        for (key, value) in fields { pairs.append((scalar(key), value)) }
        return .mapping(Node.Mapping(pairs, tag()))
    }

    /// A plain scalar of a written fault.
    static func scalar(_ text: String) -> Node { Node(text, tag()) }

    /// The implicit tag of a written fault's node, as `Tag.implicit` is but for its constructor.
    /// Yams gives each `Tag.implicit` a new default `Constructor`, which builds three dictionaries
    /// of its type maps: at ~7 nodes a fault, the 660,860 faults a 300 s world on 1,000 servers
    /// drew took 4.6 GB before the shrink could say they were too many, and twice as many died
    /// out of memory, where `orrery run` needed 0.9 GB.
    static func tag() -> Tag { Tag(.implicit, .default, sharedConstructor) }

    /// One default constructor for every tag ``tag()`` makes. Unchecked: its maps are `let`s,
    /// only read, and only when a node is turned into a Swift value, which the shrinker never asks.
    nonisolated(unsafe) private static let sharedConstructor = Constructor.default
}
