import Reports

/// A `--vary PATH=V1,V2,…` as its values are written, for the checks a sweep makes before it
/// compares them: the list split by ``splitValues(_:)``, as ``ScenarioOverride/parseVariants(_:)``
/// splits it.
public struct VaryList: Sendable, Equatable {
    public let path: String
    public let values: [String]
    /// The list as written after `=`, its spaces kept: `1,100` is one number, `1, 100` two.
    private let written: Substring
    /// ``values`` as written, their spaces kept: a space beside a comma (`1, 500ms`) writes two
    /// values, which ``thousandsSeparatorProblem`` must tell from `1,500ms`.
    private let writtenValues: [String]

    /// The list of `argument`; nil without an `=` (``ScenarioOverride/parseVariants(_:)`` says why).
    public init?(_ argument: String) {
        guard let equals = argument.firstIndex(of: "=") else { return nil }
        path = String(argument[..<equals])
        written = argument[argument.index(after: equals)...]
        writtenValues = Self.splitWrittenValues(written)
        values = writtenValues.map(\.trimmingSpaces)
    }

    /// `PATH=V1,V2,…` as `--vary` takes it back to the same values: joined by bare commas, or by
    /// `, ` where bare commas would read as one grouped number (`--vary "x=1, 100"` was written
    /// `x=1,100` into `sweep.json`, which ``thousandsSeparatorProblem`` refuses when pasted back).
    static func written(path: String, values: [String]) -> String {
        let bare = "\(path)=" + values.joined(separator: ",")
        return VaryList(bare)?.thousandsSeparatorProblem == nil ? bare : "\(path)=" + values.joined(separator: ", ")
    }

    /// The values of a `--vary` list as written, each trimmed of spaces: split at every comma
    /// outside brackets, braces and quoted values, which belong to a value
    /// (`{median: 1ms, sigma: 0.5},2ms`, `'a,b',c`).
    ///
    /// A quote opens a quoted value only where YAML's flow rules open one, at the start of a
    /// value: first in an item (after spaces), or inside brackets and braces after `[`, `{`, `,`
    /// or `:`. Elsewhere it is a character of a plain value, as YAML reads `a'b`: `a'b,c` is two
    /// values, `a'b` and `c` (a quote in mid-word had swallowed the rest of the list, one
    /// variant), and `[it's],b` two. Inside a quoted value `''` (single quotes) and `\"` (double)
    /// are the quote itself, as YAML reads them, and do not end it: `'it''s, ok',c` is two values.
    /// A closing bracket or brace with none open is a character of the value (`a],b` is two).
    public static func splitValues(_ list: Substring) -> [String] {
        splitWrittenValues(list).map(\.trimmingSpaces)
    }

    /// The values of ``splitValues(_:)`` with the spaces around each kept, as written.
    private static func splitWrittenValues(_ list: Substring) -> [String] {
        var values: [String] = []
        var current = "", depth = 0, quote: Character?
        // Whether the next character that is not a space starts a value, where a quote opens one.
        var atValueStart = true
        var characters = list[...]
        while let character = characters.popFirst() {
            current.append(character)
            if let open = quote {
                if open == "'", character == "'", characters.first == "'" {
                    current.append(characters.removeFirst())
                } else if open == "\"", character == "\\", let escaped = characters.popFirst() {
                    current.append(escaped)
                } else if character == open {
                    quote = nil
                }
                continue
            }
            if character == " " { continue }
            if (character == "\"" || character == "'") && atValueStart {
                quote = character
            } else if character == "[" || character == "{" {
                depth += 1
            } else if (character == "]" || character == "}") && depth > 0 {
                depth -= 1
            } else if character == ",", depth == 0 {
                current.removeLast()
                values.append(current)
                current = ""
            }
            atValueStart = character == "[" || character == "{" || character == "," || (character == ":" && depth > 0)
        }
        values.append(current)
        return values
    }

    /// Why the list reads as one number written with a thousands separator, or nil:
    /// `servers.0.service_time=1,000us` ran two variants, `1` (one second) and `000us` (zero).
    /// Refused: a list of whole numbers written without spaces whose first has one to three
    /// digits and every other exactly three (`1,000`, `1,100`, `12,345`, `300,600`: `1,000` was
    /// refused while `1,100` ran two variants, though both read as one number), and a value of
    /// one to three digits followed by one that begins with exactly three digits and either
    /// starts with 0 or goes on (a unit, a fraction: `000us`, `500ms`, `250.5`). Two values are
    /// written with a space beside the comma (`1, 100`, `1, 500ms`: the space is looked for in
    /// the values as written, before they are trimmed — `1, 500ms` was refused, misquoted as
    /// `1,500ms`), or so that no reading as one number fits (`1,2`, `1000,500`).
    public var thousandsSeparatorProblem: String? {
        if let problem = groupedWholeNumberProblem { return problem }
        for index in values.indices.dropFirst() {
            guard writtenValues[index - 1].last != " ", writtenValues[index].first != " " else { continue }
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

    /// Why the list, whole numbers grouped as thousands with no space (`1,100`, `1,000,000`),
    /// reads as one number, or nil.
    private var groupedWholeNumberProblem: String? {
        let list = String(written).trimmingSpaces
        guard let groups = ThousandsGrouping.groups(list) else { return nil }
        let values = NumberFormat.cardinal(groups.count) + " values"
        return "--vary '\(path.excerpt)': '\(list.excerpt)' reads as one number with a thousands separator, but a comma separates "
            + "--vary's values: " + ThousandsGrouping.advice(groups, items: "values", apart: values)
    }

    private static func isDigit(_ character: Character) -> Bool { ThousandsGrouping.isDigit(character) }
}
