import Foundation
import Testing
@testable import Scenarios

/// The schema refuses a setting of another kind where the loader does
/// (``KindSettings/refuseForeign(in:kind:)``): its rules are derived from the loader's own tables,
/// ``ScenarioLoader/faultSettings`` and ``ScenarioLoader/workloadSettings``. Before them
/// `{at: 1s, crash: s1, factor: 2}` and an open loop with `users: 5` passed the schema.
struct KindSettingsSchemaTests {
    /// The rules `object` renders to, in order.
    static func rules(_ object: SchemaObject) -> [JSONValue] {
        var renderer = JSONSchemaRenderer()
        guard case .array(let rules)? = renderer.render(.object(object))["allOf"] else { return [] }
        return rules
    }

    static func requiring(_ key: String) -> JSONValue {
        .object([("required", .array([.string(key)]))])
    }

    /// The rule that holds when `type` is `word`.
    static func whenType(_ word: String) -> JSONValue {
        .object([("required", .array([.string("type")])), ("properties", .object([("type", .object([("const", .string(word))]))]))])
    }

    @Test func aWorldFaultsSettingNeedsAnActionThatReadsIt() {
        let dependent = Self.rules(ScenarioSchema.worldFault).compactMap { $0["dependentSchemas"] }
        #expect(dependent.count == 1)
        #expect(dependent.first?.members.map(\.key) == ["boot_time", "for", "factor", "mode", "rate", "code"])
        #expect(dependent.first?["factor"] == Self.requiring("slow"))
        #expect(dependent.first?["mode"] == Self.requiring("partition"))
        #expect(dependent.first?["boot_time"] == .object([("anyOf", .array([Self.requiring("restart"), Self.requiring("zone_outage")]))]))
        #expect(dependent.first?["code"] == Self.requiring("storm"))
        #expect(dependent.first?["rate"] == .object([("anyOf", .array([Self.requiring("errors"), Self.requiring("storm")]))]))
    }

    /// A single MapReduce job has no storm or zone outage: its table is the world's without them.
    @Test func aSingleJobsFaultNamesOnlyItsOwnActions() {
        let dependent = Self.rules(ScenarioSchema.clusterFault).compactMap { $0["dependentSchemas"] }
        #expect(dependent.count == 1)
        #expect(dependent.first?.members.map(\.key) == ["boot_time", "for", "factor", "mode", "rate"])
        #expect(dependent.first?["boot_time"] == Self.requiring("restart"))
        #expect(dependent.first?["mode"] == Self.requiring("partition"))
        #expect(dependent.first?["rate"] == Self.requiring("errors"))
        #expect(dependent.first?["for"] == .object([("anyOf", .array(["pause", "slow", "partition", "drop_rate", "latency_spike", "hang", "errors"].map(Self.requiring)))]))
    }

    @Test func eachWorkloadTypeRefusesTheOtherTypesSettings() {
        let rules = Self.rules(ScenarioSchema.workload)
        let open = JSONValue.object([
            ("if", Self.whenType("open_loop")),
            ("then", .object([("properties", .object([("users", .boolean(false)), ("think_time", .boolean(false))]))])),
        ])
        let closed = JSONValue.object([
            ("if", Self.whenType("closed_loop")),
            ("then", .object([("properties", .object([("rate", .boolean(false)), ("bursts", .boolean(false)), ("clients", .boolean(false))]))])),
        ])
        #expect(rules.contains(open))
        #expect(rules.contains(closed))
    }

    /// One source of truth: the schema's rules are the tables' own, name only keys the mapping
    /// has, and a rule on `type` covers every workload because `type` has no default.
    @Test func theRulesAreTheLoadersTables() {
        #expect(ScenarioSchema.worldFault.rules.contains(ScenarioLoader.faultSettings.ruleByPresentKey))
        #expect(ScenarioSchema.clusterFault.rules.contains(MapReduceScenarioLoader.clusterFaultSettings.ruleByPresentKey))
        for rule in ScenarioLoader.workloadSettings.rulesByWord(under: "type") { #expect(ScenarioSchema.workload.rules.contains(rule)) }
        #expect(ScenarioSchema.workload["type"]?.isRequired == true)
        for object in [ScenarioSchema.worldFault, ScenarioSchema.clusterFault, ScenarioSchema.workload] {
            for rule in object.rules {
                let named: [String] = switch rule {
                case .onlyBeside(let settings): settings.flatMap { [$0.key] + $0.owners }
                case .absentWhen(let keys, let key, _): keys + [key]
                default: []
                }
                for key in named { #expect(object[key] != nil, "a rule names '\(key)', which the mapping does not have") }
            }
        }
    }

    /// The patterns of durations, sizes and percentages refuse what a YAML 1.1 reader leaves as
    /// text with a leading zero (`08`, or a quoted `"017"`); a plain `017` reaches the schema as
    /// the integer 15.
    @Test func unitPatternsRefuseALeadingZeroWithoutAUnit() throws {
        let shapes: [SchemaNode] = [.duration, .positiveDuration, .period, .byteCount, .positiveByteCount, .percentage]
        for shape in shapes {
            guard case .named(let name, _, .anyOf(let alternatives)) = shape,
                  let pattern = alternatives.lazy.compactMap({ alternative -> String? in
                      if case .text(let pattern?) = alternative { return pattern } else { return nil }
                  }).first else {
                Issue.record("no pattern in \(shape)")
                continue
            }
            let regex = try NSRegularExpression(pattern: pattern)
            func matches(_ text: String) -> Bool { regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil }
            for text in ["08", "017", "+017", " 0_1 ", "00"] { #expect(!matches(text), "\(name) accepts '\(text)'") }
            for text in ["10", "1", "017.5"] { #expect(matches(text), "\(name) refuses '\(text)'") }
        }
    }
}
