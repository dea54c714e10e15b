/// A `--vary PATH=V1,V2,…` as its values are written, for the checks a sweep makes before it
/// compares them: the list split as ``ScenarioOverride/parseVariants(_:)`` splits it
/// (``ScenarioOverride/splitValues(_:)``).
public struct VaryList: Sendable, Equatable {
    public let path: String
    public let values: [String]

    /// The list of `argument`; nil without an `=` (``ScenarioOverride/parseVariants(_:)`` says why).
    public init?(_ argument: String) {
        guard let equals = argument.firstIndex(of: "=") else { return nil }
        path = String(argument[..<equals])
        values = ScenarioOverride.splitValues(argument[argument.index(after: equals)...])
    }

    /// Why the list reads as one number written with a thousands separator, or nil:
    /// `servers.0.service_time=1,000us` ran two variants, `1` (one second) and `000us` (zero).
    /// A value of one to three digits followed by one that begins with exactly three digits and
    /// either starts with 0 or goes on (a unit, a fraction: `000us`, `500ms`, `250.5`) is refused;
    /// two plain numbers (`300,600`, `1,500`) are two values, as they always were.
    public var thousandsSeparatorProblem: String? {
        for index in values.indices.dropFirst() {
            let before = values[index - 1], after = values[index]
            guard (1...3).contains(before.count), before.allSatisfy(Self.isDigit) else { continue }
            let lead = after.prefix(4)
            guard lead.prefix(3).count == 3, lead.prefix(3).allSatisfy(Self.isDigit), !(lead.count == 4 && Self.isDigit(lead.last!)) else { continue }
            guard after.first == "0" || after.count > 3 else { continue }
            return "--vary '\(path.excerpt)': '\(before),\(after.excerpt)' reads as one number with a thousands separator, but a comma separates "
                + "--vary's values (here '\(before)' and '\(after.excerpt)'): write \((before + after).excerpt) without the comma, or give each value in full"
        }
        return nil
    }

    private static func isDigit(_ character: Character) -> Bool {
        character.isASCII && character.isNumber
    }
}
