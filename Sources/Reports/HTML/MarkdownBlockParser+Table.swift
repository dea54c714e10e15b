extension MarkdownBlockParser {
    /// The pipe table starting at `start` and the index of the first line after it, or nil when
    /// the line and the one after it are not a header row and a matching delimiter row.
    ///
    /// As in GitHub's extension, the delimiter row needs as many cells as the header; the body
    /// runs to the first blank line or the start of another block; body rows with too few cells
    /// are padded with empty ones and extra cells are dropped.
    static func table(_ lines: [String], from start: Int) -> (MarkdownTableBlock, Int)? {
        guard start + 1 < lines.count, lines[start].contains("|"), lines[start].withoutIndent(upTo: 3) != nil,
              let alignments = delimiterRow(lines[start + 1]) else { return nil }
        let header = cells(of: lines[start])
        guard header.count == alignments.count else { return nil }
        var rows: [[String]] = []
        var index = start + 2
        while index < lines.count, !lines[index].isBlank, !startsOtherBlock(lines[index]) {
            var row = cells(of: lines[index])
            if row.count < header.count {
                row += Array(repeating: "", count: header.count - row.count)
            }
            rows.append(Array(row.prefix(header.count)))
            index += 1
        }
        return (MarkdownTableBlock(header: header, alignments: alignments, rows: rows), index)
    }

    /// The alignments a delimiter row such as `| --- | ---: | :-: |` sets, or nil if `line` is
    /// not one.
    static func delimiterRow(_ line: String) -> [MarkdownTable.Alignment?]? {
        guard line.contains("-"), line.withoutIndent(upTo: 3) != nil else { return nil }
        let trimmed = line.trimmingLeadingSpaces().trimmingTrailingSpaces()
        // A single column needs a pipe, or "---" alone would be a rule.
        guard trimmed.contains("|") else { return nil }
        var alignments: [MarkdownTable.Alignment?] = []
        for cell in cells(of: trimmed) {
            let leftColon = cell.hasPrefix(":"), rightColon = cell.count > 1 && cell.hasSuffix(":")
            let dashes = cell.dropFirst(leftColon ? 1 : 0).dropLast(rightColon ? 1 : 0)
            guard !dashes.isEmpty, dashes.allSatisfy({ $0 == "-" }) else { return nil }
            switch (leftColon, rightColon) {
            case (true, true): alignments.append(.center)
            case (false, true): alignments.append(.right)
            case (true, false): alignments.append(.left)
            case (false, false): alignments.append(nil)
            }
        }
        return alignments
    }

    /// The cells of a table row: split at every `|` not escaped by a backslash, the outer pipes
    /// dropped, each cell trimmed. `\|` becomes `|` even inside a code span, as GitHub does, so
    /// that a cell can show a pipe anywhere.
    static func cells(of line: String) -> [String] {
        var row = Substring(line.trimmingLeadingSpaces().trimmingTrailingSpaces())
        if row.hasPrefix("|") { row = row.dropFirst() }
        var cells: [String] = []
        var cell = ""
        var characters = row.makeIterator()
        var pendingBackslash = false
        while let character = characters.next() {
            if pendingBackslash {
                cell += character == "|" ? "|" : "\\" + String(character)
                pendingBackslash = false
            } else if character == "\\" {
                pendingBackslash = true
            } else if character == "|" {
                cells.append(cell)
                cell = ""
            } else {
                cell.append(character)
            }
        }
        if pendingBackslash { cell += "\\" }
        // A trailing pipe closes the last cell instead of opening an empty one.
        if !cell.isBlank || cells.isEmpty { cells.append(cell) }
        return cells.map { $0.trimmingLeadingSpaces().trimmingTrailingSpaces() }
    }

    /// Whether `line` starts a block that ends a table's body.
    private static func startsOtherBlock(_ line: String) -> Bool {
        heading(line) != nil || CodeFence(line) != nil || quoteContent(line) != nil || isRule(line)
    }
}
