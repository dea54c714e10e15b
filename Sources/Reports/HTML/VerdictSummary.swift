import Foundation

/// The verdicts a report's `report.json` records, summed up for the table of contents.
///
/// Only fields that Orrery's reports actually write are read, and only when present:
/// - `passed` (a run): whether every expectation held;
/// - `checks[].holds` (a run): each `expect:` line, and `checks[].checked`: false for a check a
///   run that stopped early did not make (counted apart, never as one that does not hold);
/// - `claims[].holds` and `claims[].checked` (a run's claims, the MapReduce experiment) or
///   `claims[].verdict` (the claims experiment: "holds", "does not hold", …);
/// - `variants[].worlds` and `variants[].passed` (a sweep).
/// A report whose JSON has none of them has no summary; nothing is inferred from other figures.
/// A `report.json` that is not strict JSON (``StrictJSONCheck``), not a JSON object, or whose
/// `passed`, `checks` or `claims` has another shape than Orrery writes, is not read
/// (``read(_:)`` says why); `variants` is not judged by its shape, as the experiments' reports
/// use the name for their own lists.
struct VerdictSummary: Sendable, Equatable {
    /// How a part reads at a glance.
    enum Tone: String, Sendable {
        /// Everything held or passed.
        case pass
        /// Nothing held, or the run failed.
        case fail
        /// Some held and some did not.
        case mixed
        /// A count of verdicts that are neither good nor bad in themselves.
        case neutral
    }

    /// One phrase of the summary, such as "expectations: 9 of 9 hold".
    struct Part: Sendable, Equatable {
        var text: String
        var tone: Tone
    }

    /// The phrases, in the order the fields are listed above.
    var parts: [Part]

    /// The summary of `json`, or nil when it cannot be read (``read(_:)``) or records no verdicts.
    init?(json: Data) {
        guard case .success(let summary?) = Self.read(json) else { return nil }
        self = summary
    }

    /// The summary of `json` (nil when it records no verdicts), or, in one line, why it is not a
    /// `report.json` the page can read: not strict JSON (``StrictJSONCheck``: not UTF-8, a key
    /// given twice, …), not a JSON object, or a verdict field of another shape (`passed` not
    /// true or false, …). A malformed file showed no verdicts without a word, as if the report
    /// recorded none.
    static func read(_ json: Data) -> Result<VerdictSummary?, UnreadableJSON> {
        // Before the decoder, which reads `{"passed": true, "passed": false}` as passed and
        // skips invalid UTF-8 in a field it does not read.
        if let problem = StrictJSONCheck.problem(in: json) { return .failure(UnreadableJSON(problem: problem)) }
        let fields: VerdictFields
        do { fields = try JSONDecoder().decode(VerdictFields.self, from: json) } catch {
            return .failure(UnreadableJSON(error))
        }
        if let key = fields.malformed.first { return .failure(UnreadableJSON(field: key)) }
        return .success(VerdictSummary(fields: fields))
    }

    /// Why a `report.json` was not read, one line.
    struct UnreadableJSON: Error, Sendable, Equatable, CustomStringConvertible {
        var description: String

        /// JSONDecoder's own words are paragraphs ("The given data was not valid JSON." and an
        /// underlying error); the page says which of the two ways it failed.
        init(_ error: any Error) {
            if case DecodingError.typeMismatch = error {
                description = "it is JSON but not an object"
            } else {
                description = "it is not JSON"
            }
        }

        init(problem: StrictJSONCheck.Problem) {
            description = problem.description
        }

        init(field: VerdictFields.Key) {
            description = "its \"\(field.rawValue)\" is not \(field.expected)"
        }
    }

    private init?(fields: VerdictFields) {
        var parts: [Part] = []
        if let passed = fields.passed {
            parts.append(Part(text: passed ? "passed" : "failed", tone: passed ? .pass : .fail))
        }
        if let checks = fields.checks, !checks.isEmpty {
            parts.append(Self.count(checks, label: "expectations"))
        }
        if let claims = fields.claimHolds, !claims.isEmpty {
            parts.append(Self.count(claims, label: "claims"))
        } else if let verdicts = fields.claimVerdicts, !verdicts.isEmpty {
            var counts: [(verdict: String, count: Int)] = []
            for verdict in verdicts {
                if let index = counts.firstIndex(where: { $0.verdict == verdict }) {
                    counts[index].count += 1
                } else {
                    counts.append((verdict, 1))
                }
            }
            let text = counts.map { "\($0.count) \($0.verdict)" }.joined(separator: ", ")
            parts.append(Part(text: "claims: \(text)", tone: .neutral))
        }
        if let worlds = fields.worlds, worlds.total > 0 {
            parts.append(Self.count(worlds.passed, of: worlds.total, label: "worlds", verb: "pass"))
        }
        guard !parts.isEmpty else { return nil }
        self.parts = parts
    }

    /// "label: k of n verb", toned by how many of them held.
    private static func count(_ held: Int, of total: Int, label: String, verb: String) -> Part {
        let tone: Tone = held == total ? .pass : held == 0 ? .fail : .mixed
        return Part(text: "\(label): \(held) of \(total) \(verb)", tone: tone)
    }

    /// "label: k of n hold" over the verdicts made, with ", m not checked" after it for those a
    /// run that stopped early did not make, or "label: not checked (the run stopped early)" when
    /// it made none (the page read "expectations: 0 of 2 hold" where report.md said each was not
    /// checked).
    private static func count(_ verdicts: [VerdictFields.Holds], label: String) -> Part {
        let made = verdicts.filter(\.checked)
        guard !made.isEmpty else { return Part(text: "\(label): not checked (the run stopped early)", tone: .neutral) }
        var part = count(made.filter(\.holds).count, of: made.count, label: label, verb: "hold")
        let unmade = verdicts.count - made.count
        if unmade > 0 { part.text += ", \(NumberFormat.integer(unmade)) not checked" }
        return part
    }
}

/// The verdict fields of a `report.json`, each nil unless present with exactly the expected
/// type; `passed`, `checks` or `claims` present with another shape is listed in `malformed`.
/// `variants` of another shape is ignored: the experiments' reports list their own variants
/// under that name.
struct VerdictFields: Decodable {
    var passed: Bool?
    var checks: [Holds]?
    var claimHolds: [Holds]?
    var claimVerdicts: [String]?
    var worlds: (passed: Int, total: Int)?
    var malformed: [Key] = []

    enum Key: String, CodingKey {
        case passed, checks, claims, variants

        /// The shape Orrery writes, as a refusal names it.
        var expected: String {
            switch self {
            case .passed: "true or false"
            case .checks: "a list of objects each with \"holds\": true or false"
            case .claims: "a list of objects each with \"holds\": true or false, or each with a \"verdict\" text"
            case .variants: "a list of objects each with whole numbers \"worlds\" and \"passed\""
            }
        }
    }
    /// A check's or a claim's verdict: `checked` is absent from reports older than it and from
    /// the MapReduce experiment's claims, whose verdict not made is `"holds": null` instead (a
    /// claim not measured, or not tested as stated) — read as not checked, not as a malformed
    /// report.
    struct Holds: Decodable, Sendable, Equatable {
        var holds: Bool
        var checked: Bool

        init(from decoder: any Decoder) throws {
            enum Key: String, CodingKey { case holds, checked }
            let container = try decoder.container(keyedBy: Key.self)
            if try container.decodeNil(forKey: .holds) {
                (holds, checked) = (false, false)
            } else {
                holds = try container.decode(Bool.self, forKey: .holds)
                checked = try container.decodeIfPresent(Bool.self, forKey: .checked) ?? true
            }
        }
    }
    private struct Verdict: Decodable { var verdict: String }
    private struct Variant: Decodable { var worlds: Int; var passed: Int }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        passed = try? container.decodeIfPresent(Bool.self, forKey: .passed)
        checks = try? container.decodeIfPresent([Holds].self, forKey: .checks)
        claimHolds = try? container.decodeIfPresent([Holds].self, forKey: .claims)
        claimVerdicts = (try? container.decodeIfPresent([Verdict].self, forKey: .claims))?.map(\.verdict)
        if let variants = try? container.decodeIfPresent([Variant].self, forKey: .variants) {
            worlds = (variants.map(\.passed).reduce(0, +), variants.map(\.worlds).reduce(0, +))
        }
        if container.contains(.passed), passed == nil { malformed.append(.passed) }
        if container.contains(.checks), checks == nil { malformed.append(.checks) }
        if container.contains(.claims), claimHolds == nil, claimVerdicts == nil { malformed.append(.claims) }
    }
}
