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
