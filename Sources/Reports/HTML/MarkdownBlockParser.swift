/// Reads Markdown text into blocks: ATX headings, paragraphs, pipe tables, bullet and numbered
/// lists, fenced code, block quotes and thematic breaks — the subset Orrery's reports use.
///
/// It follows CommonMark and GitHub's table extension for that subset and deliberately leaves out
/// the rest: no setext headings (a `---` under text is a rule), no indented code blocks, no
/// raw HTML blocks (their text is escaped like any other), no link reference definitions.
///
/// - Complexity: O(n) in the number of lines, times the nesting depth of lists and quotes.
enum MarkdownBlockParser {
    /// The blocks of `text`.
    static func parse(_ text: String) -> [MarkdownBlock] {
        parse(lines: lines(of: text))
    }

    /// `text` split into lines without their terminators (`\n`, `\r\n`), tabs expanded to four
    /// spaces so that indentation can be counted in spaces. A final line break ends the last
    /// line rather than starting an empty one.
    static func lines(of text: String) -> [String] {
        // "\r\n" is one Character in Swift, so it has to become "\n" before splitting at "\n".
        let text = text.utf8.contains(UInt8(ascii: "\r")) ? text.replacing("\r\n", with: "\n") : text
        let body = text.hasSuffix("\n") ? text.dropLast() : Substring(text)
        return body.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).replacingTabs() }
    }

    /// The deepest lists and quotes nest: below it their markers are read as text. Each level is
    /// a call (here and in the renderer), and a 16 KB line of `- - - …` or 30,000 `>` overflowed
    /// the stack.
    static let maximumDepth = 32

    /// The blocks of `lines` at nesting `depth`; list items and quotes call it again on their own
    /// lines, one level deeper.
    static func parse(lines: [String], depth: Int = 0) -> [MarkdownBlock] {
        let nests = depth < maximumDepth
        var blocks: [MarkdownBlock] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if line.isBlank {
                index += 1
            } else if let heading = heading(line) {
                blocks.append(heading)
                index += 1
            } else if let fence = CodeFence(line) {
                let (block, next) = fencedCode(lines, from: index, fence: fence)
                blocks.append(block)
                index = next
            } else if isRule(line) {
                blocks.append(.rule)
                index += 1
            } else if nests, quoteContent(line) != nil {
                var quoted: [String] = []
                while index < lines.count, let content = quoteContent(lines[index]) {
                    quoted.append(content)
                    index += 1
                }
                blocks.append(.quote(parse(lines: quoted, depth: depth + 1)))
            } else if nests, let marker = ListMarker(line) {
                let (list, next) = self.list(lines, from: index, first: marker, depth: depth)
                blocks.append(.list(list))
                index = next
            } else if let (table, next) = table(lines, from: index) {
                blocks.append(.table(table))
                index = next
            } else {
                var paragraph = [line.trimmingLeadingSpaces()]
                index += 1
                while index < lines.count, !interruptsParagraph(lines, at: index) {
                    paragraph.append(lines[index].trimmingLeadingSpaces())
                    index += 1
                }
                blocks.append(.paragraph(paragraph.map { $0.trimmingTrailingSpaces() }.joined(separator: "\n")))
            }
        }
        return blocks
    }

    /// Whether the line at `index` ends the paragraph before it: a blank line or the start of
    /// any other block. A numbered list interrupts a paragraph only when it starts at 1, as in
    /// CommonMark, so that a line beginning "2024. " stays text.
    static func interruptsParagraph(_ lines: [String], at index: Int) -> Bool {
        let line = lines[index]
        if line.isBlank || heading(line) != nil || CodeFence(line) != nil || isRule(line) || quoteContent(line) != nil {
            return true
        }
        if let marker = ListMarker(line), !marker.isEmpty, !marker.ordered || marker.number == 1 {
            return true
        }
        return table(lines, from: index) != nil
    }

    /// An ATX heading: up to three spaces, one to six `#`, then a space or the end of the line;
    /// a closing run of `#` after a space is dropped.
    static func heading(_ line: String) -> MarkdownBlock? {
        guard let content = line.withoutIndent(upTo: 3), content.hasPrefix("#") else { return nil }
        let level = content.prefix { $0 == "#" }.count
        guard level <= 6 else { return nil }
        let rest = content.dropFirst(level)
        guard rest.isEmpty || rest.first == " " else { return nil }
        var text = String(rest).trimmingLeadingSpaces().trimmingTrailingSpaces()
        let closing = text.reversed().prefix { $0 == "#" }.count
        if closing == text.count {
            text = ""
        } else if closing > 0, text.dropLast(closing).last == " " {
            text = String(text.dropLast(closing)).trimmingTrailingSpaces()
        }
        return .heading(level: level, text: text)
    }

    /// Whether `line` is a thematic break: three or more of the same `-`, `*` or `_`, spaces
    /// allowed between them and nothing else.
    static func isRule(_ line: String) -> Bool {
        guard let content = line.withoutIndent(upTo: 3), let mark = content.first, "-*_".contains(mark) else { return false }
        // One pass that stops at the first other character (a table row's `|`, a word's letter).
        var marks = 0
        for character in content where character != " " {
            guard character == mark else { return false }
            marks += 1
        }
        return marks >= 3
    }

    /// The text after a block quote's `>` and one optional space, or nil if `line` is not quoted.
    static func quoteContent(_ line: String) -> String? {
        guard let content = line.withoutIndent(upTo: 3), content.hasPrefix(">") else { return nil }
        let rest = content.dropFirst()
        return String(rest.first == " " ? rest.dropFirst() : rest)
    }

    /// A fenced code block from its opening fence to its closing one (or the end of the text);
    /// returns the block and the index of the first line after it.
    static func fencedCode(_ lines: [String], from start: Int, fence: CodeFence) -> (MarkdownBlock, Int) {
        var body: [String] = []
        var index = start + 1
        while index < lines.count {
            if fence.isClosed(by: lines[index]) {
                index += 1
                break
            }
            body.append(String(lines[index].dropLeadingSpaces(upTo: fence.indent)))
            index += 1
        }
        let text = body.map { $0 + "\n" }.joined()
        return (.code(language: fence.language, text: text), index)
    }
}

extension String {
    /// Whether the line holds nothing but spaces.
    var isBlank: Bool { allSatisfy { $0 == " " } }

    /// The number of leading spaces.
    var indent: Int { prefix { $0 == " " }.count }

    /// The line without its leading spaces if there are at most `limit` of them, else nil: more
    /// indentation means the line does not start a block in CommonMark.
    func withoutIndent(upTo limit: Int) -> Substring? {
        indent <= limit ? dropFirst(indent) : nil
    }

    /// The line with at most `count` leading spaces removed.
    func dropLeadingSpaces(upTo count: Int) -> Substring {
        dropFirst(Swift.min(count, indent))
    }

    /// The line without leading spaces.
    func trimmingLeadingSpaces() -> String { String(dropFirst(indent)) }

    /// The line without trailing spaces: found from the end in its UTF-8 bytes (a space is one
    /// byte and never part of another character's), so a table of a million rows costs a pass
    /// over each cell's tail rather than a reversed copy of every cell, character by character.
    func trimmingTrailingSpaces() -> String {
        let bytes = utf8
        var end = bytes.endIndex
        while end > bytes.startIndex {
            let before = bytes.index(before: end)
            guard bytes[before] == UInt8(ascii: " ") else { break }
            end = before
        }
        return end == bytes.endIndex ? self : String(self[..<end])
    }

    /// The line with each tab replaced by spaces up to the next multiple of four columns.
    func replacingTabs() -> String {
        guard contains("\t") else { return self }
        var result = ""
        var column = 0
        for character in self {
            if character == "\t" {
                let width = 4 - column % 4
                result += String(repeating: " ", count: width)
                column += width
            } else {
                result.append(character)
                column += 1
            }
        }
        return result
    }
}
