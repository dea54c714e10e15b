/// Reads the inline Markdown of one block — a paragraph, a heading, a table cell — into
/// ``MarkdownInline`` values: code spans, `*emphasis*` and `**strong**` (also with `_`), links,
/// images, backslash escapes and hard line breaks.
///
/// Everything else is text, raw HTML included: only `<br>` is understood, because
/// ``MarkdownTable`` writes it for a line break inside a cell; any other tag is shown as
/// written, so a report can never inject markup into the page. Link titles and reference links
/// are not part of the subset; such text stays literal.
///
/// - Complexity: O(n) to find the pieces of n characters: every `[` learns where its label
///   closes in one pass from the end (see ``labelCloses``), a run of backticks finds its closer
///   by a binary search among the runs of its length, a link's destination ends within
///   ``maximumDestinationParentheses`` unclosed `(`. Then O(n) to pair emphasis
///   (``EmphasisResolver``).
struct MarkdownInlineParser {
    private let characters: [Character]

    /// The longest link label looked for: a `[` not closed within it is text. 16,000 `[` then
    /// 16,000 `]` scanned to the end from every `[` (CommonMark bounds reference labels at 999).
    static let maximumLabelLength = 1_000

    /// The most unclosed parentheses a link destination may hold, as cmark bounds them (32): a
    /// destination is scanned to its closing `)`, and 16,000 `![a](` in a row, each opening
    /// one more, were scanned to the end of the text from every one (100 KB took three minutes).
    static let maximumDestinationParentheses = 32

    /// Where each run of backticks starts, by the run's length, ascending: a code span's closer
    /// is the first run of its opener's length after it. Scanning for it from every opener took
    /// minutes over runs of 1, 2, … 3,000 backticks, none closed.
    private let backtickRuns: [Int: [Int]]

    /// Where each `[` stands, ascending, and beside it (``labelCloses``) the `]` closing its
    /// label.
    private let bracketStarts: [Int]

    /// For the `[` at the same place in ``bracketStarts``, the index of the `]` that closes its
    /// label, or -1 when none does within ``maximumLabelLength``. Worked out from the last `[`
    /// back, so that a label's scan steps over each `[` inside it to that one's `]` at once:
    /// scanning every label afresh made a million `[` take 10 s.
    private let labelCloses: [Int]

    /// How many spans, one inside another, this text's inlines may still hold: a link's label
    /// is read with one fewer, and at none a `[` is text. A link nested too deep is never built
    /// and then refused (refused, its brackets were read again as text and each inner label
    /// again: 900 nested links took minutes).
    private let nesting: Int

    private init(_ text: some Sequence<Character>, nesting: Int) {
        self.nesting = nesting
        characters = Array(text)
        var runs: [Int: [Int]] = [:]
        var brackets: [Int] = []
        var index = 0
        while index < characters.count {
            if characters[index] == "[" { brackets.append(index) }
            guard characters[index] == "`" else {
                index += 1
                continue
            }
            var end = index
            while end < characters.count, characters[end] == "`" { end += 1 }
            runs[end - index, default: []].append(index)
            index = end
        }
        backtickRuns = runs
        bracketStarts = brackets
        labelCloses = Self.labelCloses(of: brackets, in: characters, backtickRuns: runs)
    }

    /// ``labelCloses`` for the `[` at `starts` in `characters`.
    ///
    /// The scan from a `[` that meets another `[` goes on after that one's `]` (found already,
    /// its scan being the rest of this one's), and stops with none when that one has none: its
    /// label runs at least as far as this one may.
    private static func labelCloses(of starts: [Int], in characters: [Character], backtickRuns: [Int: [Int]]) -> [Int] {
        var closes = [Int](repeating: -1, count: starts.count)
        for ordinal in starts.indices.reversed() {
            let start = starts[ordinal]
            var index = start + 1
            scan: while index < characters.count, index - start <= maximumLabelLength {
                switch characters[index] {
                case "\\":
                    index += 2
                case "`":
                    let run = runLength(at: index, in: characters)
                    index = (codeSpanEnd(at: index, length: run, backtickRuns: backtickRuns) ?? index) + run
                case "[":
                    let inner = closes[firstIndex(atLeast: index, in: starts)]
                    guard inner >= 0 else { break scan }
                    index = inner + 1
                case "]":
                    closes[ordinal] = index
                    break scan
                default:
                    index += 1
                }
            }
        }
        return closes
    }

    /// The inline content of `text`.
    static func parse(_ text: String) -> [MarkdownInline] {
        MarkdownInlineParser(text, nesting: MarkdownInline.maximumNesting).inlines()
    }

    /// The inlines, emphasis paired up.
    private func inlines() -> [MarkdownInline] {
        EmphasisResolver.resolve(pieces(), nesting: nesting)
    }

    /// Text, code spans, links, images and line breaks, with every run of `*` or `_` left as a
    /// delimiter for ``EmphasisResolver`` to pair.
    private func pieces() -> [InlinePiece] {
        var pieces: [InlinePiece] = []
        var text = ""
        func append(_ inline: MarkdownInline) {
            if !text.isEmpty { pieces.append(.inline(.text(text))) }
            text = ""
            pieces.append(.inline(inline))
        }
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            switch character {
            case "\\" where next.map(Self.isASCIIPunctuation) == true:
                text.append(next!)
                index += 2
            case "\\" where next == "\n":
                append(.lineBreak)
                index += 2
            case "`":
                let run = runLength(at: index)
                if let (code, end) = codeSpan(at: index, length: run) {
                    append(.code(code))
                    index = end
                } else {
                    text += String(repeating: "`", count: run)
                    index += run
                }
            case "*", "_":
                let run = runLength(at: index)
                if !text.isEmpty { pieces.append(.inline(.text(text))) }
                text = ""
                pieces.append(.delimiter(DelimiterRun(
                    character: character, count: run,
                    before: index > 0 ? characters[index - 1] : nil,
                    after: index + run < characters.count ? characters[index + run] : nil)))
                index += run
            case "!" where next == "[":
                if let (image, end) = link(at: index + 1, image: true) {
                    append(image)
                    index = end
                } else {
                    text.append(character)
                    index += 1
                }
            case "[":
                if let (link, end) = link(at: index, image: false) {
                    append(link)
                    index = end
                } else {
                    text.append(character)
                    index += 1
                }
            case "<":
                if let end = lineBreakTag(at: index) {
                    append(.lineBreak)
                    index = end
                } else {
                    text.append(character)
                    index += 1
                }
            default:
                text.append(character)
                index += 1
            }
        }
        if !text.isEmpty { pieces.append(.inline(.text(text))) }
        return pieces
    }

    /// How many copies of the character at `index` follow one another from there.
    private func runLength(at index: Int) -> Int {
        Self.runLength(at: index, in: characters)
    }

    /// How many copies of the character at `index` in `characters` follow one another from there.
    private static func runLength(at index: Int, in characters: [Character]) -> Int {
        characters[index...].prefix { $0 == characters[index] }.count
    }

    /// The index of the first of the ascending `values` that is `value` or more (`values.count`
    /// when none is).
    private static func firstIndex(atLeast value: Int, in values: [Int]) -> Int {
        var low = 0, high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The code span opened by the `length` backticks at `start`: its contents and the index
    /// after its closing run, or nil when no run of exactly `length` backticks closes it.
    /// Line breaks inside become spaces, and one space is stripped from each end when both ends
    /// have one, so that `` `` `a` `` `` can show backticks.
    private func codeSpan(at start: Int, length: Int) -> (String, Int)? {
        guard let index = Self.codeSpanEnd(at: start, length: length, backtickRuns: backtickRuns) else { return nil }
        var code = String(characters[(start + length)..<index]).replacing("\n", with: " ")
        if code.count >= 2, code.hasPrefix(" "), code.hasSuffix(" "), !code.allSatisfy({ $0 == " " }) {
            code = String(code.dropFirst().dropLast())
        }
        return (code, index + length)
    }

    /// Where the run of `length` backticks closing the code span opened at `start` begins: the
    /// first run of that length after the opener, or nil when there is none.
    private static func codeSpanEnd(at start: Int, length: Int, backtickRuns: [Int: [Int]]) -> Int? {
        guard let starts = backtickRuns[length] else { return nil }
        let closer = firstIndex(atLeast: start + length, in: starts)
        return closer < starts.count ? starts[closer] : nil
    }

    /// The link or image whose label opens with the `[` at `start`, and the index after its
    /// closing `)`; nil unless `[label](destination)` follows, with a destination of no spaces
    /// (or in `<…>`) and balanced parentheses.
    private func link(at start: Int, image: Bool) -> (MarkdownInline, Int)? {
        guard let close = closingBracket(from: start), close + 1 < characters.count, characters[close + 1] == "(",
              let (destination, end) = destination(from: close + 2) else { return nil }
        // A link is one more span around its label; an image's label is only its alt text.
        guard image || nesting > 0 else { return nil }
        let label = MarkdownInlineParser(characters[(start + 1)..<close], nesting: Swift.max(nesting - 1, 0)).inlines()
        if image {
            return (.image(source: destination, alt: label.map(\.plainText).joined()), end)
        }
        return (.link(destination: destination, children: label), end)
    }

    /// The index of the `]` that matches the `[` at `start`, skipping escaped brackets and
    /// brackets inside code spans; nil when none does within ``maximumLabelLength``.
    private func closingBracket(from start: Int) -> Int? {
        let close = labelCloses[Self.firstIndex(atLeast: start, in: bracketStarts)]
        return close >= 0 ? close : nil
    }

    /// A link destination starting at `start` (just after the `(`), and the index after the
    /// closing `)`: `<…>` or a run without spaces whose parentheses balance; backslash escapes
    /// are resolved; at most ``maximumDestinationParentheses`` of them open at once.
    private func destination(from start: Int) -> (String, Int)? {
        var index = start
        while index < characters.count, characters[index] == " " { index += 1 }
        var destination = ""
        if index < characters.count, characters[index] == "<" {
            index += 1
            while index < characters.count, characters[index] != ">" {
                guard characters[index] != "\n", characters[index] != "<" else { return nil }
                destination.append(characters[index])
                index += 1
            }
            guard index < characters.count else { return nil }
            index += 1
        } else {
            var depth = 0
            while index < characters.count, !characters[index].isWhitespace {
                guard depth <= Self.maximumDestinationParentheses else { return nil }
                let character = characters[index]
                if character == "\\", index + 1 < characters.count, Self.isASCIIPunctuation(characters[index + 1]) {
                    destination.append(characters[index + 1])
                    index += 2
                    continue
                }
                if character == "(" { depth += 1 }
                if character == ")" {
                    if depth == 0 { break }
                    depth -= 1
                }
                destination.append(character)
                index += 1
            }
            guard depth == 0 else { return nil }
        }
        while index < characters.count, characters[index] == " " { index += 1 }
        guard index < characters.count, characters[index] == ")" else { return nil }
        return (destination, index + 1)
    }

    /// The index after a `<br>`, `<br/>` or `<br />` tag (any letter case) at `start`, or nil.
    private func lineBreakTag(at start: Int) -> Int? {
        for tag in ["<br>", "<br/>", "<br />"] {
            let end = start + tag.count
            if end <= characters.count, String(characters[start..<end]).lowercased() == tag {
                return end
            }
        }
        return nil
    }

    /// Whether `character` is one of the ASCII punctuation characters a backslash can escape.
    static func isASCIIPunctuation(_ character: Character) -> Bool {
        character.isASCII && (character.isPunctuation || character.isSymbol)
    }
}
