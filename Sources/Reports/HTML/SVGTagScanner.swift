/// Walks the tags of an SVG document's markup, for ``SVGInliner`` to check one by one.
///
/// It is no XML parser: it only needs to find every `<…>` and read element and attribute names
/// the way an HTML parser will, and to report anything it does not recognise as ``Tag/invalid``
/// so that the file is linked instead of inlined.
struct SVGTagScanner {
    /// One attribute of a start tag, its value with the quotes removed.
    struct Attribute: Equatable {
        var name: String
        var value: String
    }

    /// One tag.
    enum Tag: Equatable {
        /// A start tag (or an empty-element tag): the element's name and its attributes in order.
        case start(name: String, attributes: [Attribute])
        /// An end tag.
        case end(name: String)
        /// A comment, `<!-- … -->`.
        case comment
        /// Something not allowed here: a processing instruction, a CDATA section or doctype, or a
        /// tag that does not end.
        case invalid
    }

    private let characters: [Character]
    private var index = 0

    /// A scanner at the start of `markup`.
    init(_ markup: String) {
        characters = Array(markup)
    }

    /// The next tag, or nil at the end of the markup. Text between tags is skipped.
    mutating func nextTag() -> Tag? {
        while index < characters.count, characters[index] != "<" { index += 1 }
        guard index < characters.count else { return nil }
        index += 1
        if startsWith("!--") {
            // Where an HTML parser ends a comment is not always where XML does: `<!-->` and
            // `<!--->` end at once and `--!>` ends one too, so `<!-- --!><img onerror=…> -->`
            // hid a tag from this scanner that the page then ran. A comment is read only when
            // both agree: nothing like that, and no `--` inside (XML forbids it anyway).
            index += 3
            guard let end = find("-->") else { return .invalid }
            let content = String(characters[index..<end])
            guard !content.hasPrefix(">"), !content.hasPrefix("->"), !content.contains("--") else { return .invalid }
            index = end + 3
            return .comment
        }
        if startsWith("/") {
            index += 1
            let name = readName()
            skipWhitespace()
            guard !name.isEmpty, index < characters.count, characters[index] == ">" else { return .invalid }
            index += 1
            return .end(name: name)
        }
        let name = readName()
        guard !name.isEmpty else { return .invalid }
        var attributes: [Attribute] = []
        while true {
            skipWhitespace()
            guard index < characters.count else { return .invalid }
            if characters[index] == ">" {
                index += 1
                return .start(name: name, attributes: attributes)
            }
            if startsWith("/>") {
                index += 2
                return .start(name: name, attributes: attributes)
            }
            let attribute = readName()
            guard !attribute.isEmpty else { return .invalid }
            skipWhitespace()
            var value = ""
            if index < characters.count, characters[index] == "=" {
                index += 1
                skipWhitespace()
                guard index < characters.count, characters[index] == "\"" || characters[index] == "'" else { return .invalid }
                let quote = characters[index]
                index += 1
                while index < characters.count, characters[index] != quote {
                    value.append(characters[index])
                    index += 1
                }
                guard index < characters.count else { return .invalid }
                index += 1
            }
            attributes.append(Attribute(name: attribute, value: value))
        }
    }

    /// An element or attribute name: letters, digits, `-`, `_`, `.` and `:`.
    private mutating func readName() -> String {
        var name = ""
        while index < characters.count {
            let character = characters[index]
            guard character.isLetter || character.isNumber || "-_.:".contains(character) else { break }
            name.append(character)
            index += 1
        }
        return name
    }

    private mutating func skipWhitespace() {
        while index < characters.count, characters[index].isWhitespace { index += 1 }
    }

    private func startsWith(_ text: String) -> Bool {
        var position = index
        for character in text {
            guard position < characters.count, characters[position] == character else { return false }
            position += 1
        }
        return true
    }

    /// The index where `text` next occurs from the current position, or nil.
    private func find(_ text: String) -> Int? {
        let pattern = Array(text)
        guard characters.count >= pattern.count else { return nil }
        var position = index
        while position + pattern.count <= characters.count {
            if Array(characters[position..<(position + pattern.count)]) == pattern { return position }
            position += 1
        }
        return nil
    }
}
