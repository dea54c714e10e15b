/// A GitHub-flavoured Markdown table whose columns are padded to line up in plain text too.
///
/// Reports are read both rendered on GitHub and raw in a diff, so every cell is padded to its
/// column's width, numbers are right-aligned (`---:`) and text is left-aligned.
///
/// ```swift
/// var table = MarkdownTable(columns: [.text("server"), .numeric("requests")])
/// table.append(["Server 1", "3,412"])
/// table.rendered()
/// // | server   | requests |
/// // | -------- | -------: |
/// // | Server 1 |    3,412 |
/// ```
public struct MarkdownTable: Sendable, Equatable {
    /// How a column's cells line up.
    public enum Alignment: Sendable, Equatable {
        /// Left-aligned; the default for text.
        case left
        /// Right-aligned, so that digits of the same place line up; use it for numbers.
        case right
        /// Centred; for short markers such as "✓".
        case center
    }

    /// One column: its heading and alignment.
    public struct Column: Sendable, Equatable {
        /// The heading shown in the header row.
        public var title: String
        /// How the column's cells line up.
        public var alignment: Alignment

        /// Whether the column's cells are a user's text — names, topics, keys, paths — shown as
        /// written: ``MarkdownTable/append(_:)`` takes each of its cells as ``Cell/text(_:)``, so
        /// a server ``k`` or `*b*` in a servers table is neither code nor emphasis. A row that
        /// mixes a name with the report's markup in one cell says so with ``MarkdownTable/append(cells:)``.
        public var holdsUserText: Bool
        /// Whether the heading holds a user's text (`duplicates for <group>`) and shows as
        /// written, as a ``Cell/text(_:)`` cell does; otherwise it is the report's Markdown.
        public var titleHoldsUserText: Bool

        /// Creates a column with the given heading and alignment.
        public init(_ title: String, alignment: Alignment = .left, holdsUserText: Bool = false, titleHoldsUserText: Bool = false) {
            self.title = title
            self.alignment = alignment
            self.holdsUserText = holdsUserText
            self.titleHoldsUserText = titleHoldsUserText
        }

        /// A left-aligned text column.
        public static func text(_ title: String) -> Column { Column(title, alignment: .left) }

        /// A left-aligned column of a user's text (``holdsUserText``): names, topics, keys, paths.
        /// A cell the report writes there itself (`—`, `… 3 more`) shows as written too.
        public static func userText(_ title: String) -> Column { Column(title, alignment: .left, holdsUserText: true) }

        /// A right-aligned numeric column.
        public static func numeric(_ title: String) -> Column { Column(title, alignment: .right) }
    }

    /// The columns, left to right.
    public let columns: [Column]

    /// One body cell: the report's own Markdown (``escape(_:)`` keeps its code spans and its
    /// ``ownEmphasis``), or a user's text shown as written, every backtick in it included
    /// (``escapeText(_:)``). A key ``k`c`d`` in the ops summary's keys column read as a code span
    /// `c`, its backticks gone: only a cell the report wrote knows which of its backticks are its own.
    public enum Cell: Sendable, Equatable {
        /// Markdown the report wrote; a user's name in it goes in a code span
        /// (``Swift/String/markdownCode``).
        case markdown(String)
        /// Text from a user (a name, a key, a `--vary` value) with no markup of the report's in it.
        case text(String)

        /// The cell's text before escaping.
        public var raw: String {
            switch self {
            case .markdown(let text), .text(let text): text
            }
        }

        /// The cell as it stands in a table row.
        var escaped: String {
            switch self {
            case .markdown(let text): MarkdownTable.escape(text)
            case .text(let text): MarkdownTable.escapeText(text)
            }
        }
    }

    /// The body cells in output order; each row has exactly `columns.count`.
    private var cells: [[Cell]]

    /// The body rows' texts before escaping, in output order.
    public var rows: [[String]] { cells.map { $0.map(\.raw) } }

    /// Creates a table with the given columns and rows.
    /// - Precondition: every row has one cell per column.
    public init(columns: [Column], rows: [[String]] = []) {
        self.columns = columns
        self.cells = []
        for row in rows { append(row) }
    }

    /// Appends one body row: a cell of a ``Column/userText(_:)`` column as a user's text
    /// (``Cell/text(_:)``), every other as the report's own Markdown (``Cell/markdown(_:)``).
    /// - Precondition: `row.count == columns.count`; a mismatch is a bug in the report builder.
    public mutating func append(_ row: [String]) {
        append(cells: row.indices.map { index in
            index < columns.count && columns[index].holdsUserText ? .text(row[index]) : .markdown(row[index])
        })
    }

    /// Appends one body row whose cells say each whether it is the report's Markdown or a
    /// user's text (``Cell``).
    /// - Precondition: `row.count == columns.count`; a mismatch is a bug in the report builder.
    public mutating func append(cells row: [Cell]) {
        precondition(
            row.count == columns.count,
            "Markdown row has \(row.count) cells but the table has \(columns.count) columns"
        )
        cells.append(row)
    }

    /// The table as Markdown: header, alignment row and body, each line ending in `\n`.
    public func rendered() -> String {
        let header = columns.map { $0.titleHoldsUserText ? Self.escapeText($0.title) : Self.escape($0.title) }
        let body = cells.map { $0.map(\.escaped) }
        let widths = columns.indices.map { column in
            ([header] + body).reduce(3) { max($0, $1[column].count) }
        }
        var text = line(header, widths: widths)
        text += "|" + columns.indices.map { " " + rule(columns[$0].alignment, width: widths[$0]) + " " }
            .joined(separator: "|") + "|\n"
        for row in body {
            text += line(row, widths: widths)
        }
        return text
    }

    /// One padded table line.
    private func line(_ cells: [String], widths: [Int]) -> String {
        let padded = cells.indices.map { column in
            Self.pad(cells[column], to: widths[column], alignment: columns[column].alignment)
        }
        return "| " + padded.joined(separator: " | ") + " |\n"
    }

    /// The alignment-row cell: `---`, `---:` or `:---:`, as wide as the column.
    private func rule(_ alignment: Alignment, width: Int) -> String {
        switch alignment {
        case .left: String(repeating: "-", count: width)
        case .right: String(repeating: "-", count: width - 1) + ":"
        case .center: ":" + String(repeating: "-", count: width - 2) + ":"
        }
    }

    /// Pads `cell` with spaces to `width` characters on the side its alignment leaves free.
    private static func pad(_ cell: String, to width: Int, alignment: Alignment) -> String {
        let missing = width - cell.count
        switch alignment {
        case .left:
            return cell + String(repeating: " ", count: missing)
        case .right:
            return String(repeating: " ", count: missing) + cell
        case .center:
            let before = missing / 2
            return String(repeating: " ", count: before) + cell + String(repeating: " ", count: missing - before)
        }
    }

    /// Makes a cell safe inside a table row: a `|` would end the cell and a line break would end
    /// the row, so they become `\|` and `<br>`; a backslash becomes `\\` (CommonMark's escaped
    /// backslash), or a name holding `\|` wrote `\\|`, whose pipe ends the cell: `pr\|x` split
    /// into `pr\` and `x`, shifting the row's columns. In a code span, where no escape is read, a
    /// backslash stays one unless a `|` follows it (GitHub's table takes one away there).
    ///
    /// Text stays text: outside a code span, a `<` or `&` that could begin markup — raw HTML, an
    /// autolink or an entity reference, each of which needs a character other than a space
    /// right after it — is backslash-escaped (`\<br>`, `\&amp;`), so a key `<br>` no longer
    /// reads as the line break a key holding a line break writes, on GitHub or in `orrery report`'s
    /// page. A backslash escape rather than `&lt;`, because the page reads escapes but not
    /// entities. A `>` needs none (it closes only what an unescaped `<` opened), nor does a `<`
    /// or `&` before a space (`< 3 expected`, `Lamping & Veach`), nor one in a code span, where
    /// nothing is markup and a backslash would show.
    ///
    /// Outside a code span, a name's emphasis and links stay text too (``actsAsMarkup(_:at:)``):
    /// a server `*bold* _x_ [link](http://e.com)` became emphasis and a live link. Only where a
    /// character could act is it escaped, so a plain name (`round_robin`, `b3 *`) keeps its bytes;
    /// a report's own markup in a cell — a code span, ``ownEmphasis`` — stays.
    static func escape(_ cell: String) -> String {
        escape(cell, asText: false)
    }

    /// Makes a user's text safe inside a table row and shown as written (``Cell/text(_:)``): as
    /// ``escape(_:)`` does, and every backtick escaped too, since none of them is the report's.
    static func escapeText(_ cell: String) -> String {
        escape(cell, asText: true)
    }

    /// ``escape(_:)``, or ``escapeText(_:)`` when `asText`.
    private static func escape(_ cell: String, asText: Bool) -> String {
        let characters = Array(cell)
        let inCode = !asText && characters.contains("`") ? codeSpanMask(characters) : nil
        let own = asText ? [Bool](repeating: false, count: characters.count) : ownMarkupMask(characters, cell)
        var escaped = ""
        for (index, character) in characters.enumerated() {
            if character == "\\" {
                // In a code span a backslash is itself: a body `{"k": "a\\"b"}` showed `a\\\\"b`.
                // Before a `|` it stays doubled, the one spelling GitHub and the page's table
                // reader (``MarkdownBlockParser/cells(of:)``) both keep in one cell.
                let inSpan = inCode?[index] == true
                let beforePipe = index + 1 < characters.count && characters[index + 1] == "|"
                escaped += inSpan && !beforePipe ? "\\" : "\\\\"
            } else if character == "|" {
                escaped += "\\|"
            } else if character.isNewline {
                escaped += "<br>"
            } else if asText && character == "`" {
                escaped += "\\`"
            } else if inCode?[index] != true, !own[index], actsAsMarkup(characters, at: index) {
                escaped += "\\"
                escaped.append(character)
            } else {
                escaped.append(character)
            }
        }
        return escaped
    }

    /// The emphasis reports write into cells themselves, kept as markup: a verdict wrapped whole
    /// in `**…**` (`**holds**`) or opening its cell (`**no**: no backup had been taken yet`), and a
    /// sweep's `*clipped*` interval note.
    static let ownEmphasis = ["*clipped*"]

    /// Whether each of `characters` (of `cell`) belongs to a report's own emphasis
    /// (``ownEmphasis``, or a cell wrapped whole in `**…**`), whose delimiters stay markup.
    private static func ownMarkupMask(_ characters: [Character], _ cell: String) -> [Bool] {
        var mask = [Bool](repeating: false, count: characters.count)
        if characters.count > 4, cell.hasPrefix("**"), cell.hasSuffix("**") {
            for index in [0, 1, characters.count - 2, characters.count - 1] { mask[index] = true }
        } else if characters.count > 4, cell.hasPrefix("**"),
                  let close = (3..<(characters.count - 1)).first(where: { characters[$0] == "*" && characters[$0 + 1] == "*" }),
                  !characters[2..<close].contains(where: \.isWhitespace) {
            for index in [0, 1, close, close + 1] { mask[index] = true }
        }
        guard characters.contains("*") else { return mask }
        for marker in ownEmphasis.map(Array.init) where marker.count <= characters.count {
            for start in 0...(characters.count - marker.count) where Array(characters[start..<(start + marker.count)]) == marker {
                for index in start..<(start + marker.count) { mask[index] = true }
            }
        }
        return mask
    }

    /// `text` as Markdown inline text that renders as written, for a name in a heading, a
    /// sentence or a list item (a sweep variant's heading `servers.0.name="q\"]]>"` lost its
    /// backslash, `<b>bold</b>` was raw HTML, a fault `crash **x**` was bold): a backslash is
    /// escaped, as is every character that could act where it stands (``actsAsMarkup(_:at:)``:
    /// a link's `](`, emphasis, raw HTML, an entity, an autolink), a backtick, and a closing run
    /// of `#` that would end a heading; line breaks become spaces (``Swift/String/markdownLine``).
    /// A `[` alone stays: without a `](` after it only a reference's definition could make it a
    /// link, and only a paragraph opening with `[` defines one (`opensBlock` escapes that), so a
    /// partition `[a, b] | [c]` keeps its bytes.
    ///
    /// With `opensBlock`, the text is a paragraph of its own (a file's `description:` under a
    /// report's header): its leading spaces go (four made it a code block; a paragraph shows none
    /// anyway), and a first character that would open a block — a heading's `#`, a quote's `>`,
    /// a list's `-`, `+`, `*` or `1.`, a rule's `___`, a fence's `~~~`, a setext `=`, a link
    /// reference's definition `[x]: http://e.com` (which also made every `[x]` after it a link) — is
    /// escaped, as is any character that would start one after a line break, there being none.
    public static func literal(_ text: String, opensBlock: Bool = false) -> String {
        var characters = Array(text.markdownLine)
        if opensBlock {
            let leading = characters.prefix { $0 == " " || $0 == "\t" }.count
            characters.removeFirst(leading)
        }
        var closing = characters.count
        while closing > 0, characters[closing - 1] == "#" { closing -= 1 }
        let closes = closing < characters.count && (closing == 0 || characters[closing - 1] == " ")
        let opener = opensBlock ? blockOpener(characters) : nil
        var escaped = ""
        for (index, character) in characters.enumerated() {
            if character == "\\" || character == "`" || (closes && index >= closing) || index == opener || actsAsMarkup(characters, at: index) {
                escaped += "\\"
            }
            escaped.append(character)
        }
        return escaped
    }

    /// Where the character that would open a block stands at the start of a paragraph, if one
    /// would: the first, when it is one of `#>-+*_~=[` (a backslash before it keeps the rest a
    /// paragraph; one that opens nothing there still shows as written), or the `.` or `)` after a
    /// leading run of digits before a space or the end (an ordered list's `1.`; `2.5 s` is text).
    static func blockOpener(_ characters: [Character]) -> Int? {
        guard let first = characters.first else { return nil }
        if "#>-+*_~=[".contains(first) { return 0 }
        let digits = characters.prefix { $0.isASCII && $0.isNumber }.count
        guard digits > 0, digits < characters.count, ".)".contains(characters[digits]),
              digits + 1 == characters.count || characters[digits + 1].isWhitespace else { return nil }
        return digits
    }

    /// Whether the character at `index` could act as CommonMark (or GitHub's) markup where it
    /// stands, outside a code span, so that a backslash must keep it text:
    /// - `<` and `&` before a character other than a space (raw HTML, an autolink, an entity);
    /// - a run of `*`, `_` or `~` that could open or close emphasis or strikethrough: one with a
    ///   character other than a space on a side — except `_` between two letters or digits
    ///   (`round_robin`), which never does;
    /// - a `]` before `(`, which closes a link's or an image's text;
    /// - what starts one of GitHub's extended autolinks (``startsAutolink(_:at:)``), which needs
    ///   no markup at all: a server `http://e.com` or `www.e.com` became a live link.
    static func actsAsMarkup(_ characters: [Character], at index: Int) -> Bool {
        let character = characters[index]
        let next = index + 1 < characters.count ? characters[index + 1] : nil
        switch character {
        case "<", "&":
            return next.map { !$0.isWhitespace } ?? false
        case "]":
            return next == "("
        case ":", ".":
            return startsAutolink(characters, at: index)
        case "*", "_", "~":
            var start = index, end = index + 1
            while start > 0, characters[start - 1] == character { start -= 1 }
            while end < characters.count, characters[end] == character { end += 1 }
            let before = start > 0 ? characters[start - 1] : nil
            let after = end < characters.count ? characters[end] : nil
            if character == "_", let before, let after, before.isLetter || before.isNumber, after.isLetter || after.isNumber { return false }
            return before.map { !$0.isWhitespace } ?? false || after.map { !$0.isWhitespace } ?? false
        default:
            return false
        }
    }

    /// Whether the `:` or `.` at `index` is where GitHub's extended autolinks (GFM's
    /// autolink extension, as cmark-gfm finds them) recognise a bare link: the `:` of `http://`,
    /// `https://` or `ftp://` after a run of letters that is just that scheme, or the `.` of a
    /// `www.` that starts a word (after nothing, a space, `*`, `_`, `~` or `(`). A backslash
    /// before that character (`http\://`, `www\.`) keeps the name text: an escaped character is
    /// no longer the one the extension looks for, and CommonMark, GitHub and `orrery report`'s
    /// page show it without the backslash. Letters' case does not matter (`HTTP://` links too).
    /// An e-mail address (`ops@example.com`) is left as it is: GitHub links one whatever is
    /// escaped in it (cmark-gfm looks for addresses after joining the text around an escape or
    /// an entity: `ops\@example\.com` and `ops&#64;example.com` link too), so only a code span
    /// keeps it text; its characters show as written either way.
    static func startsAutolink(_ characters: [Character], at index: Int) -> Bool {
        func lowercased(_ range: Range<Int>) -> String { String(characters[range]).lowercased() }
        switch characters[index] {
        case ":":
            guard index + 2 < characters.count, characters[index + 1] == "/", characters[index + 2] == "/" else { return false }
            var start = index
            while start > 0, characters[start - 1].isASCII, characters[start - 1].isLetter { start -= 1 }
            return ["http", "https", "ftp"].contains(lowercased(start..<index))
        case ".":
            guard index >= 3, lowercased((index - 3)..<index) == "www" else { return false }
            guard index > 3 else { return true }
            let before = characters[index - 4]
            return before.isWhitespace || "*_~(".contains(before)
        default:
            return false
        }
    }

    /// Whether each of `characters` lies in a code span, its backticks included: a run of
    /// backticks opens one closed by the next run of the same length, as CommonMark pairs them;
    /// a run with none after it is text. The escapes never write a backtick or put a backslash
    /// before one, so the spans read here are the ones the rendered cell holds.
    ///
    /// - Complexity: O(n): each run learns the next run of its length in one pass from the end.
    static func codeSpanMask(_ characters: [Character]) -> [Bool] {
        var runs: [(start: Int, length: Int)] = []
        var index = 0
        while index < characters.count {
            guard characters[index] == "`" else {
                index += 1
                continue
            }
            let start = index
            while index < characters.count, characters[index] == "`" { index += 1 }
            runs.append((start, index - start))
        }
        var nextOfSameLength = [Int?](repeating: nil, count: runs.count)
        var laterByLength: [Int: Int] = [:]
        for run in runs.indices.reversed() {
            nextOfSameLength[run] = laterByLength[runs[run].length]
            laterByLength[runs[run].length] = run
        }
        var mask = [Bool](repeating: false, count: characters.count)
        var run = 0
        while run < runs.count {
            guard let closer = nextOfSameLength[run] else {
                run += 1
                continue
            }
            for position in runs[run].start..<(runs[closer].start + runs[closer].length) { mask[position] = true }
            run = closer + 1
        }
        return mask
    }
}
