/// The report formats `orrery run --format` can write.
public enum ReportFormat: String, CaseIterable, Sendable {
    case md, json, csv

    /// A format list that cannot be used.
    public struct ListError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Parses a comma-separated list such as `md,json`.
    public static func parseList(_ text: String) -> Result<[ReportFormat], ListError> {
        var formats: [ReportFormat] = []
        for part in text.split(separator: ",") {
            let name = part.trimmingSpaces
            guard let format = ReportFormat(rawValue: name) else {
                return .failure(ListError(description: "unknown report format '\(name.excerpt)'; expected a comma-separated list of md, json, csv"))
            }
            if !formats.contains(format) { formats.append(format) }
        }
        return formats.isEmpty ? .failure(ListError(description: "--format needs at least one of md, json, csv")) : .success(formats)
    }
}

extension Substring {
    var trimmingSpaces: String { String(self).trimmingSpaces }
}
