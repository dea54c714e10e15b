import Reports
/// A statement a system's documents make — "50,000 events/second", "15–30 seconds per job" — with
/// the conditions on the run's metrics under which it holds. Unlike an expectation, a claim that
/// does not hold does not fail the run: the report says what the claim becomes in this world.
public struct Claim: Sendable, Equatable {
    /// The claim as its source words it.
    public var text: String
    /// Every condition must hold for the claim to hold.
    public var conditions: [Expectation]
    /// Where it is written.
    public var line: Int
    public var column: Int
}

/// A claim against a run's figures.
public struct ClaimOutcome: Sendable, Equatable {
    public var claim: Claim
    /// One check per condition, in order.
    public var checks: [ExpectationCheck]

    /// Whether every condition held.
    public var holds: Bool { checks.allSatisfy(\.holds) }

    /// The claims section of a run's report: how many hold, and a row per claim with its
    /// conditions, what they measured (as `measured` writes a figure) and whether it holds
    /// here; empty without claims.
    static func markdownSection(_ claims: [ClaimOutcome], heading: String,
                                measured: (ExpectationCheck) -> String = \.measuredText) -> String {
        guard !claims.isEmpty else { return "" }
        var out = "\(heading) Claims\n\n"
        let holding = claims.filter(\.holds).count
        out += "\(holding) of \(claims.count) claim\(claims.count == 1 ? "" : "s") hold\(claims.count == 1 ? "s" : "") in this world (a claim is reported, never fails the run).\n\n"
        var claimTable = MarkdownTable(columns: [.text("claim"), .text("holds if"), .numeric("measured"), .text("in this world")])
        for claim in claims {
            claimTable.append([claim.claim.text, claim.checks.map { "`\($0.expectation.text)`" }.joined(separator: ", "),
                               claim.checks.map(measured).joined(separator: ", "), claim.holds ? "holds" : "**does not hold**"])
        }
        return out + claimTable.rendered() + "\n"
    }
}

extension ScenarioLoader {
    /// `claims:` — a list of `{claim: "text", holds_if: "metric op value"}` (or a list of conditions).
    static func parseClaims(_ cursor: YAMLCursor, subsystems: [Subsystem], hasBalancer: Bool, features: Metric.Features = .all) throws(ScenarioError) -> [Claim] {
        var claims: [Claim] = []
        for item in try cursor.list(atMost: ScenarioSchema.maximumClaims, of: "claims") {
            let fields = try item.mapping(ScenarioSchema.claim)
            let text = try fields.required("claim").string()
            let condition = try fields.required("holds_if")
            var conditions: [Expectation] = []
            if condition.text != nil {
                conditions = [try parseExpectation(condition, subsystems: subsystems, hasBalancer: hasBalancer, features: features)]
            } else {
                for entry in try condition.list(atMost: ScenarioSchema.maximumClaimConditions, of: "conditions") { conditions.append(try parseExpectation(entry, subsystems: subsystems, hasBalancer: hasBalancer, features: features)) }
            }
            guard !conditions.isEmpty else { throw condition.error(.invalidValue("a claim needs at least one condition")) }
            claims.append(Claim(text: text, conditions: conditions, line: item.line, column: item.column))
        }
        return claims
    }
}
