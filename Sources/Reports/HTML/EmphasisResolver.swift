/// What ``MarkdownInlineParser`` hands over before emphasis is paired: finished inlines, and
/// runs of `*` or `_` that may open or close emphasis.
enum InlinePiece: Equatable, Sendable {
    /// Finished inline content.
    case inline(MarkdownInline)
    /// A run of `*` or `_` not yet paired.
    case delimiter(DelimiterRun)
}

/// A run of `*` or `_` and whether, by CommonMark's flanking rules, it can open or close
/// emphasis: `snake_case_names` and `3 * 4` stay text, `**bold**` does not.
struct DelimiterRun: Equatable, Sendable {
    /// `*` or `_`.
    var character: Character
    /// How many characters of the run are still unpaired.
    var count: Int
    /// The run's length as written; the "rule of three" looks at it.
    var originalCount: Int
    /// Whether the run can start emphasis.
    var canOpen: Bool
    /// Whether the run can end emphasis.
    var canClose: Bool

    /// A run of `count` `character`s between `before` and `after` (nil at either end of the text).
    init(character: Character, count: Int, before: Character?, after: Character?) {
        self.character = character
        self.count = count
        originalCount = count
        let beforeIsSpace = before?.isWhitespace ?? true, afterIsSpace = after?.isWhitespace ?? true
        let beforeIsPunctuation = before.map { $0.isPunctuation || $0.isSymbol } ?? false
        let afterIsPunctuation = after.map { $0.isPunctuation || $0.isSymbol } ?? false
        let leftFlanking = !afterIsSpace && (!afterIsPunctuation || beforeIsSpace || beforeIsPunctuation)
        let rightFlanking = !beforeIsSpace && (!beforeIsPunctuation || afterIsSpace || afterIsPunctuation)
        if character == "_" {
            // An underscore inside a word is a letter of the word, not emphasis.
            canOpen = leftFlanking && (!rightFlanking || beforeIsPunctuation)
            canClose = rightFlanking && (!leftFlanking || afterIsPunctuation)
        } else {
            canOpen = leftFlanking
            canClose = rightFlanking
        }
    }

    /// Whether this run, as an opener, may pair with `closer`: the same character, and not
    /// against CommonMark's rule of three (which keeps `*a**b*` from pairing the wrong runs).
    func pairs(with closer: DelimiterRun) -> Bool {
        guard character == closer.character, canOpen, count > 0 else { return false }
        if canClose || closer.canOpen {
            let sum = originalCount + closer.originalCount
            return sum % 3 != 0 || (originalCount % 3 == 0 && closer.originalCount % 3 == 0)
        }
        return true
    }
}

/// Pairs delimiter runs into emphasis and strong emphasis, the way CommonMark's "process
/// emphasis" procedure does: each closer, left to right, takes the nearest opener before it;
/// two characters from each make `strong`, one makes `emphasis`; whatever stays unpaired is text.
enum EmphasisResolver {
    /// The inlines `pieces` make once their delimiters are paired.
    ///
    /// - Complexity: O(n × d) for n pieces of which d are delimiter runs.
    static func resolve(_ pieces: [InlinePiece]) -> [MarkdownInline] {
        var pieces = pieces
        var closerIndex = 0
        while closerIndex < pieces.count {
            guard case var .delimiter(closer) = pieces[closerIndex], closer.canClose, closer.count > 0,
                  let openerIndex = opener(for: closer, in: pieces, before: closerIndex),
                  case var .delimiter(opener) = pieces[openerIndex] else {
                closerIndex += 1
                continue
            }
            let used = opener.count >= 2 && closer.count >= 2 ? 2 : 1
            let children = merged(pieces[(openerIndex + 1)..<closerIndex].map(\.asInline))
            opener.count -= used
            closer.count -= used
            var replacement: [InlinePiece] = []
            if opener.count > 0 { replacement.append(.delimiter(opener)) }
            replacement.append(.inline(used == 2 ? .strong(children) : .emphasis(children)))
            let closerRemains = closer.count > 0
            if closerRemains { replacement.append(.delimiter(closer)) }
            pieces.replaceSubrange(openerIndex...closerIndex, with: replacement)
            // Look at what is left of the closer again: `***a***` pairs twice.
            closerIndex = openerIndex + replacement.count - (closerRemains ? 1 : 0)
        }
        return merged(pieces.map(\.asInline))
    }

    /// The index of the nearest delimiter before `end` that can open emphasis `closer` closes.
    private static func opener(for closer: DelimiterRun, in pieces: [InlinePiece], before end: Int) -> Int? {
        pieces[..<end].lastIndex { piece in
            if case let .delimiter(run) = piece { return run.pairs(with: closer) }
            return false
        }
    }

    /// `inlines` with neighbouring text joined into one text inline.
    private static func merged(_ inlines: [MarkdownInline]) -> [MarkdownInline] {
        var result: [MarkdownInline] = []
        for inline in inlines {
            if case let .text(next) = inline, next.isEmpty { continue }
            if case let .text(next) = inline, case let .text(previous)? = result.last {
                result[result.count - 1] = .text(previous + next)
            } else {
                result.append(inline)
            }
        }
        return result
    }
}

extension InlinePiece {
    /// The piece as an inline: an unpaired delimiter is its characters as text.
    var asInline: MarkdownInline {
        switch self {
        case let .inline(inline): inline
        case let .delimiter(run): .text(String(repeating: run.character, count: run.count))
        }
    }
}
