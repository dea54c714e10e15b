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

    /// Whether the claim was judged: a run that stopped early checks none of its conditions, so
    /// its claims neither hold nor fail, as its expectations (they read "**does not hold**"
    /// beside a figure that met them, where the expectations read "not checked").
    public var checked: Bool { checks.allSatisfy(\.checked) }

    /// The claim's verdict in a report's table: `holds`, `**does not hold**`, or `not checked
    /// (the run stopped early)` as ``ExpectationCheck/resultText`` words an unmade check.
    public var verdictText: String {
        holds ? "holds" : checked ? "**does not hold**" : "not checked (the run stopped early)"
    }

    /// The claims section of a run's report: how many hold, and a row per claim with its
    /// conditions, what they measured (as `measured` writes a figure) and whether it holds
    /// here; empty without claims.
    static func markdownSection(_ claims: [ClaimOutcome], heading: String,
                                measured: (ExpectationCheck) -> String = \.measuredText) -> String {
        guard !claims.isEmpty else { return "" }
        var claimTable = MarkdownTable(columns: [.userText("claim"), .text("holds if"), .numeric("measured"), .text("in this world")])
        for claim in claims {
            claimTable.append([claim.claim.text, claim.checks.map(\.expectation.text.markdownCode).joined(separator: ", "),
                               claim.checks.map(measured).joined(separator: ", "), claim.verdictText])
        }
        return "\(heading) Claims\n\n" + summary(claims) + "\n\n" + claimTable.rendered() + "\n"
    }

    /// The sentence over the claims table: how many of the judged claims hold, and how many a
    /// run that stopped early did not judge — "2 of 3 claims hold in this world", "The run
    /// stopped early: its 2 claims are not checked" — never counting an unjudged claim as one
    /// that does not hold.
    static func summary(_ claims: [ClaimOutcome]) -> String {
        let judged = claims.filter(\.checked)
        let unjudged = claims.count - judged.count
        let never = " (a claim is reported, never fails the run)."
        guard !judged.isEmpty else {
            return "The run stopped early: " + (unjudged == 1 ? "its claim is" : "its \(NumberFormat.integer(unjudged)) claims are") + " not checked" + never
        }
        let holding = judged.filter(\.holds).count
        let plural = judged.count != 1
        var text = "\(NumberFormat.integer(holding)) of \(NumberFormat.integer(judged.count)) claim\(plural ? "s" : "") hold\(plural ? "" : "s") in this world"
        if unjudged > 0 { text += ", \(NumberFormat.integer(unjudged)) not checked (the run stopped early)" }
        return text + never
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
