/// One piece of inline Markdown: text and the spans that format or link it.
indirect enum MarkdownInline: Equatable, Sendable {
    /// Plain text, unescaped; soft line breaks are kept as `\n`.
    case text(String)
    /// A code span's contents, verbatim.
    case code(String)
    /// `*emphasis*` or `_emphasis_`.
    case emphasis([MarkdownInline])
    /// `**strong**` or `__strong__`.
    case strong([MarkdownInline])
    /// `[text](destination)`.
    case link(destination: String, children: [MarkdownInline])
    /// `![alt](source)`; the alt text is the label's plain text.
    case image(source: String, alt: String)
    /// A hard line break: a backslash at the end of a line, or a literal `<br>` (which
    /// ``MarkdownTable`` writes for a line break inside a cell).
    case lineBreak

    /// The most spans one inside another that a page shows: an emphasis or link that would nest
    /// deeper stays text (70,000 `*`, a letter and 70,000 `*` made 35,000 strong spans one inside
    /// another, and rendering or freeing them overflowed the stack). Browsers and CommonMark
    /// renderers bound nesting likewise (markdown-it's `maxNesting`).
    static let maximumNesting = 32

    /// How many spans lie one inside another in this inline, itself included: 0 for text.
    var nesting: Int {
        switch self {
        case .text, .code, .image, .lineBreak: 0
        case let .emphasis(children), let .strong(children), let .link(_, children): 1 + Self.nesting(of: children)
        }
    }

    /// The deepest ``nesting`` among `inlines`.
    static func nesting(of inlines: [MarkdownInline]) -> Int {
        inlines.reduce(0) { Swift.max($0, $1.nesting) }
    }

    /// The text a reader sees, formatting dropped: what a heading's id and an image's alt text
    /// are made from.
    var plainText: String {
        switch self {
        case let .text(text), let .code(text): text
        case let .emphasis(children), let .strong(children), let .link(_, children): children.map(\.plainText).joined()
        case let .image(_, alt): alt
        case .lineBreak: " "
        }
    }
}
