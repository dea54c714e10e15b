import Yams

extension YAMLCursor {
    /// The node as one of an enumeration's S3 spellings (`Enabled`, `STANDARD_IA`, `AES256`, …).
    func choice<Choice: RawRepresentable & CaseIterable>(_: Choice.Type) throws(ScenarioError) -> Choice where Choice.RawValue == String {
        let text = try string()
        guard let value = Choice(rawValue: text) else {
            let names = Choice.allCases.map(\.rawValue)
            throw error(.invalidValue("expected one of \(names.joined(separator: ", ")), got '\(text)'"
                + (Suggestion.closest(to: text, among: names).map { "; did you mean '\($0)'?" } ?? "")))
        }
        return value
    }

    /// The node as a byte count: a plain integer, or a number with `B`, `KiB`, `MiB`, `GiB`, `KB`,
    /// `MB` or `GB` (`6MiB`, `5 MB`).
    func byteCount() throws(ScenarioError) -> Int {
        let units: [(String, Int)] = [("KiB", 1 << 10), ("MiB", 1 << 20), ("GiB", 1 << 30), ("KB", 1000), ("MB", 1_000_000), ("GB", 1_000_000_000), ("B", 1)]
        guard let raw = text?.trimmingSpaces else { throw error(.wrongType(expected: "a size such as 4096 or 6MiB", found: kindDescription)) }
        var number = raw
        var scale = 1
        for (suffix, factor) in units where raw.hasSuffix(suffix) {
            number = String(raw.dropLast(suffix.count)).trimmingSpaces
            scale = factor
            break
        }
        guard let value = Int(number.filter { $0 != "_" }), value >= 0 else {
            throw error(.wrongType(expected: "a size such as 4096 or 6MiB", found: kindDescription))
        }
        let (bytes, overflow) = value.multipliedReportingOverflow(by: scale)
        guard !overflow else { throw error(.invalidValue("\(raw) is too large")) }
        return bytes
    }

    /// The node as a mapping of names to strings, any names allowed (user metadata).
    func stringMapping() throws(ScenarioError) -> [String: String] {
        guard case .mapping(let mapping) = node else {
            throw error(.wrongType(expected: "a mapping", found: kindDescription))
        }
        var result: [String: String] = [:]
        for (keyNode, valueNode) in mapping {
            let name = try YAMLCursor(node: keyNode, file: file, path: path).string()
            guard result[name] == nil else {
                throw YAMLCursor(node: keyNode, file: file, path: path).error(.invalidValue("key '\(name)' appears twice"))
            }
            result[name] = try child(valueNode, name).string()
        }
        return result
    }
}
