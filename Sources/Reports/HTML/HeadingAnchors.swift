/// The ids of one HTML page's sections and headings: readable slugs of their text, never the
/// same twice, so that every `#fragment` link lands on exactly one place.
public struct HeadingAnchors: Sendable, Equatable {
    /// Every id handed out so far.
    public private(set) var used: Set<String> = []

    /// An empty set of ids.
    public init() {}

    /// A new id for `text`: its ``slug(_:)``, followed by `-2`, `-3`, … when that is taken.
    ///
    /// - Complexity: O(n + k) for text of length n that k earlier ids share the slug of.
    public mutating func claim(_ text: String) -> String {
        let slug = Self.slug(text)
        var id = slug
        var suffix = 1
        while used.contains(id) {
            suffix += 1
            id = "\(slug)-\(suffix)"
        }
        used.insert(id)
        return id
    }

    /// `text` as an id, the way GitHub makes heading anchors: lower case, letters, digits, `-` and
    /// `_` kept, every run of spaces and other characters between words one `-`, none at either
    /// end; "section" when nothing is left.
    public static func slug(_ text: String) -> String {
        var slug = ""
        var pendingDash = false
        for character in text.lowercased() {
            if character.isLetter || character.isNumber || character == "_" {
                if pendingDash, !slug.isEmpty { slug += "-" }
                pendingDash = false
                slug.append(character)
            } else if character == "-" || character.isWhitespace {
                pendingDash = true
            }
        }
        return slug.isEmpty ? "section" : slug
    }
}
