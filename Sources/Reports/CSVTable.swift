/// A table written as RFC 4180 CSV: a header line, then one line per row.
///
/// Lines end in `\n` rather than RFC 4180's `\r\n` because the files are committed to git and
/// diffed; every spreadsheet and CSV reader accepts both. Cells are strings so that the caller
/// chooses the number format (see ``NumberFormat``) and the bytes never depend on the locale.
///
/// ```swift
/// var table = CSVTable(header: ["server", "requests"])
/// table.append(["Server 1", NumberFormat.integer(3412, grouping: false)])
/// let csv = table.rendered()   // "server,requests\nServer 1,3412\n"
/// ```
public struct CSVTable: Sendable, Equatable {
    /// The column names, written as the first line.
    public let header: [String]

    /// The data rows in output order; each has exactly `header.count` fields.
    public private(set) var rows: [[String]]

    /// Creates a table with the given header and rows.
    ///
    /// - Precondition: every row has as many fields as the header; a short or long row is a
    ///   programming error in the experiment that builds the table, not bad input.
    public init(header: [String], rows: [[String]] = []) {
        self.header = header
        self.rows = []
        for row in rows { append(row) }
    }

    /// Appends one row.
    /// - Precondition: `row.count == header.count`.
    public mutating func append(_ row: [String]) {
        precondition(
            row.count == header.count,
            "CSV row has \(row.count) fields but the header has \(header.count)"
        )
        rows.append(row)
    }

    /// The whole table as CSV text, every line (including the last) ending in `\n`.
    public func rendered() -> String {
        var text = ""
        for line in [header] + rows {
            text += line.map(Self.escape).joined(separator: ",")
            text += "\n"
        }
        return text
    }

    /// Quotes a field if RFC 4180 requires it: when it holds a comma, a double quote, a carriage
    /// return or a line feed. Inner double quotes are doubled; other fields are written as they are.
    public static func escape(_ field: String) -> String {
        let needsQuotes = field.unicodeScalars.contains { scalar in
            scalar == "," || scalar == "\"" || scalar == "\r" || scalar == "\n"
        }
        guard needsQuotes else { return field }
        var quoted = "\""
        for scalar in field.unicodeScalars {
            if scalar == "\"" { quoted += "\"" }
            quoted.unicodeScalars.append(scalar)
        }
        return quoted + "\""
    }
}
