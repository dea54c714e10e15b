import Foundation
import Simulator

/// What a setting is when a file leaves it out, as the schema states it: a value the file could
/// write (rendered as JSON Schema's `default` keyword, in the file's own spelling — `"10s"`,
/// `"64KiB"`, `{"exponential": "10ms"}`), or a rule the loader derives it by (`⌊log₂ M⌋`,
/// `2 × duration + 60 s`), which no single value states and only the description says.
///
/// Each value is built from the constant the loader reads (``ScenarioLoader``'s and the model's
/// defaults), so the schema cannot state one the loader does not apply
/// (`SchemaDefaultsLoadTests` writes every one into a file and finds the same configuration).
public indirect enum SchemaDefault: Sendable, Equatable {
    /// A whole number.
    case integer(Int)
    /// A number (a probability, a factor, a percentage).
    case number(Double)
    /// A duration, spelled in the largest unit that writes it whole (`2s`, `500ms`, `1d`).
    case duration(Duration)
    /// A size in bytes, spelled in the largest binary unit that writes it whole (`64KiB`).
    case bytes(Int)
    /// A word or a name (`weighted_round_robin`, `home`).
    case word(String)
    /// `true` or `false`.
    case boolean(Bool)
    /// A list (`[error, timeout]`).
    case list([SchemaDefault])
    /// A mapping (`{exponential: 10ms}`), its keys in order.
    case mapping([Member])
    /// No value: the loader derives the setting by this rule, which the description says.
    case derived(String)

    /// One key of a ``mapping(_:)``.
    public struct Member: Sendable, Equatable {
        public let key: String
        public let value: SchemaDefault

        public init(_ key: String, _ value: SchemaDefault) {
            self.key = key
            self.value = value
        }
    }

    /// A distribution of durations as a file writes it: a constant as a bare duration, any other
    /// family as `{family: parameters}` (the inverse of ``YAMLCursor/durationDistribution()``).
    static func distribution(_ distribution: Distribution) -> SchemaDefault {
        let seconds = { (value: Double) in SchemaDefault.duration(.nanoseconds(Int64((value * 1e9).rounded()))) }
        switch distribution {
        case .constant(let value): return seconds(value)
        case .exponential(let mean): return .mapping([Member("exponential", seconds(mean))])
        case .uniform(let low, let high): return .mapping([Member("uniform", .mapping([Member("min", seconds(low)), Member("max", seconds(high))]))])
        case .normal(let mean, let deviation):
            return .mapping([Member("normal", .mapping([Member("mean", seconds(mean)), Member("sd", seconds(deviation))]))])
        case .lognormal(let mu, let sigma):
            return .mapping([Member("lognormal", .mapping([Member("median", seconds(exp(mu))), Member("sigma", .number(sigma))]))])
        case .pareto(let scale, let shape):
            return .mapping([Member("pareto", .mapping([Member("scale", seconds(scale)), Member("shape", .number(shape))]))])
        case .empirical(let values): return .mapping([Member("empirical", .list(values.map(seconds)))])
        case .zipf: preconditionFailure("a duration's default is never a Zipf distribution")
        }
    }

    /// Whether the schema states a value (false for a ``derived(_:)`` rule).
    var isValue: Bool {
        if case .derived = self { return false }
        return true
    }

    /// The value as JSON Schema's `default` keyword holds it, or nil for a derived rule.
    var json: JSONValue? {
        switch self {
        case .integer(let value): .integer(value)
        case .number(let value): .number(value)
        case .duration, .bytes, .word: .string(yaml)
        case .boolean(let value): .boolean(value)
        case .list(let elements): .array(elements.compactMap(\.json))
        case .mapping(let members): .object(members.compactMap { member in member.value.json.map { (member.key, $0) } })
        case .derived: nil
        }
    }

    /// The value as a scenario file writes it, in YAML's flow style (`10s`, `{exponential: 10ms}`,
    /// `[error, timeout]`), or the rule for a derived one.
    public var yaml: String {
        switch self {
        case .integer(let value): String(value)
        case .number(let value): NumberText.plain(value)
        case .duration(let value): Self.spelled(value)
        case .bytes(let value): Self.spelled(bytes: value)
        case .word(let word): word
        case .boolean(let value): value ? "true" : "false"
        case .list(let elements): "[" + elements.map(\.yaml).joined(separator: ", ") + "]"
        case .mapping(let members): "{" + members.map { "\($0.key): \($0.value.yaml)" }.joined(separator: ", ") + "}"
        case .derived(let rule): rule
        }
    }

    /// `duration` in the largest unit that writes it whole: `1d`, `2h`, `5min`, `10s`, `500ms`,
    /// `100us`, `10ns`, `0s`; a fraction of a nanosecond in nanoseconds with decimals (`0.5ns`).
    static func spelled(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let nanosecondAttoseconds: Int64 = 1_000_000_000
        guard attoseconds % nanosecondAttoseconds == 0 else {
            let nanoseconds = Double(seconds) * 1e9 + Double(attoseconds) / Double(nanosecondAttoseconds)
            return "\(NumberText.plain(nanoseconds))ns"
        }
        let nanoseconds = seconds * 1_000_000_000 + attoseconds / nanosecondAttoseconds
        guard nanoseconds != 0 else { return "0s" }
        let units: [(String, Int64)] = [("d", 86_400_000_000_000), ("h", 3_600_000_000_000), ("min", 60_000_000_000),
                                        ("s", 1_000_000_000), ("ms", 1_000_000), ("us", 1_000), ("ns", 1)]
        let (unit, size) = units.first { nanoseconds % $0.1 == 0 }!
        return "\(nanoseconds / size)\(unit)"
    }

    /// `bytes` in the largest binary unit that writes it whole (`64KiB`, `100MiB`), else the
    /// largest decimal one (`100MB`), else in bytes.
    static func spelled(bytes: Int) -> String {
        guard bytes != 0 else { return "0" }
        if let (unit, size) = [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)].first(where: { bytes % $0.1 == 0 }) {
            return "\(bytes / size)\(unit)"
        }
        if let (unit, size) = [("GB", 1_000_000_000), ("MB", 1_000_000), ("KB", 1_000)].first(where: { bytes % $0.1 == 0 }) {
            return "\(bytes / size)\(unit)"
        }
        return String(bytes)
    }
}
