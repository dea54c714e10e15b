/// The marker that starts a list item: `-`, `*` or `+`, or a number of up to nine digits
/// followed by `.` or `)`, then at least one space or the end of the line.
struct ListMarker: Equatable, Sendable {
    /// Whether the marker is a number.
    var ordered: Bool
    /// The bullet character, or the `.` or `)` after the number: items continue one list only
    /// while this stays the same, as in CommonMark.
    var delimiter: Character
    /// The item's number; 0 for bullets.
    var number: Int
    /// The column where the item's content starts; continuation lines indented at least this
    /// far belong to the item.
    var contentColumn: Int
    /// The text after the marker on its own line.
    var content: String

    /// Whether the item is empty on its first line.
    var isEmpty: Bool { content.isBlank }

    /// The marker `line` starts with, or nil if it starts no list item.
    init?(_ line: String) {
        guard let body = line.withoutIndent(upTo: 3), let first = body.first else { return nil }
        let markerWidth: Int
        if "-*+".contains(first) {
            ordered = false
            delimiter = first
            number = 0
            markerWidth = 1
        } else {
            let digits = body.prefix { $0.isASCII && $0.isNumber }
            guard (1...9).contains(digits.count), let number = Int(digits) else { return nil }
            let after = body.dropFirst(digits.count).first
            guard let after, after == "." || after == ")" else { return nil }
            ordered = true
            delimiter = after
            self.number = number
            markerWidth = digits.count + 1
        }
        let rest = body.dropFirst(markerWidth)
        let spaces = rest.prefix { $0 == " " }.count
        guard rest.isEmpty || spaces > 0 else { return nil }
        // More than four spaces after the marker would start indented code inside the item;
        // without indented code, the content simply starts one space after the marker.
        let gap = rest.allSatisfy { $0 == " " } || spaces > 4 ? 1 : spaces
        contentColumn = line.indent + markerWidth + gap
        content = String(rest.dropFirst(Swift.min(spaces, gap)))
    }

    /// Whether an item with `other` as its marker continues the list this marker is in.
    func continues(_ other: ListMarker) -> Bool {
        ordered == other.ordered && delimiter == other.delimiter
    }
}

extension MarkdownBlockParser {
    /// The list whose first item starts at `start`, and the index of the first line after it.
    ///
    /// An item holds its marker line and every following line indented to its content column,
    /// blank lines between them included; a line that is not indented continues the item's last
    /// paragraph ("lazy continuation") unless it starts a block. The list is loose when a blank
    /// line separates two items or two blocks inside an item.
    static func list(_ lines: [String], from start: Int, first: ListMarker, depth: Int = 0) -> (MarkdownList, Int) {
        var items: [[MarkdownBlock]] = []
        var tight = true
        var index = start
        while index < lines.count, let marker = ListMarker(lines[index]), marker.continues(first), !isRule(lines[index]) {
            var itemLines = [marker.content]
            var blankLines = 0
            index += 1
            while index < lines.count {
                let line = lines[index]
                if line.isBlank {
                    blankLines += 1
                } else if line.indent >= marker.contentColumn {
                    if blankLines > 0, itemLines.contains(where: { !$0.isBlank }) { tight = false }
                    itemLines += Array(repeating: "", count: blankLines) + [String(line.dropFirst(marker.contentColumn))]
                    blankLines = 0
                } else if blankLines == 0, !itemLines.isEmpty, !(itemLines.last ?? "").isBlank,
                          !interruptsParagraph(lines, at: index), ListMarker(line) == nil {
                    itemLines.append(line.trimmingLeadingSpaces())
                } else {
                    break
                }
                index += 1
            }
            items.append(parse(lines: itemLines, depth: depth + 1))
            if blankLines > 0, index < lines.count, let next = ListMarker(lines[index]), next.continues(first) {
                tight = false
            }
        }
        return (MarkdownList(ordered: first.ordered, start: first.ordered ? first.number : 1, tight: tight, items: items), index)
    }
}
