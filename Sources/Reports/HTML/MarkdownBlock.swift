/// One block of a Markdown document, in the subset of GitHub-flavoured Markdown that Orrery's
/// reports use. Inline text is kept raw here; ``MarkdownInlineParser`` reads it when rendering.
indirect enum MarkdownBlock: Equatable, Sendable {
    /// An ATX heading (`#` … `######`), its level 1…6 and its raw inline text.
    case heading(level: Int, text: String)
    /// A paragraph: its lines, joined by `\n`, each with its leading spaces removed.
    case paragraph(String)
    /// A pipe table.
    case table(MarkdownTableBlock)
    /// A bullet or numbered list.
    case list(MarkdownList)
    /// A fenced code block: the first word of its info string (or "") and its lines verbatim.
    case code(language: String, text: String)
    /// A block quote and the blocks inside it.
    case quote([MarkdownBlock])
    /// A thematic break (`---`, `***`, `___`).
    case rule
}

/// A pipe table: header cells, one alignment per column and the body rows, every cell raw inline
/// text with its `\|` escapes already turned into `|`.
struct MarkdownTableBlock: Equatable, Sendable {
    /// The header row's cells.
    var header: [String]
    /// Each column's alignment from the delimiter row; nil where it names none (`---`).
    var alignments: [MarkdownTable.Alignment?]
    /// The body rows, each padded or cut to exactly one cell per column.
    var rows: [[String]]
}

/// A bullet or numbered list.
struct MarkdownList: Equatable, Sendable {
    /// Whether the list is numbered (`1.` or `1)`) rather than bulleted.
    var ordered: Bool
    /// The first item's number; 1 for bullet lists.
    var start: Int
    /// Whether no blank line separates the items or the blocks inside one: a tight list shows
    /// its items' paragraphs without `<p>`, as CommonMark does.
    var tight: Bool
    /// Each item's blocks.
    var items: [[MarkdownBlock]]
}
