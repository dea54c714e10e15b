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
}

extension ScenarioLoader {
    /// `claims:` — a list of `{claim: "text", holds_if: "metric op value"}` (or a list of conditions).
    static func parseClaims(_ cursor: YAMLCursor, subsystems: [Subsystem], hasBalancer: Bool) throws(ScenarioError) -> [Claim] {
        var claims: [Claim] = []
        for item in try cursor.list(atMost: ScenarioSchema.maximumClaims, of: "claims") {
            let fields = try item.mapping(ScenarioSchema.claim)
            let text = try fields.required("claim").string()
            let condition = try fields.required("holds_if")
            var conditions: [Expectation] = []
            if condition.text != nil {
                conditions = [try parseExpectation(condition, subsystems: subsystems, hasBalancer: hasBalancer)]
            } else {
                for entry in try condition.list(atMost: ScenarioSchema.maximumClaimConditions, of: "conditions") { conditions.append(try parseExpectation(entry, subsystems: subsystems, hasBalancer: hasBalancer)) }
            }
            guard !conditions.isEmpty else { throw condition.error(.invalidValue("a claim needs at least one condition")) }
            claims.append(Claim(text: text, conditions: conditions, line: item.line, column: item.column))
        }
        return claims
    }
}
