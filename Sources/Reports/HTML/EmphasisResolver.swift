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
/// two characters from each make `strong`, one makes `emphasis`; whatever stays unpaired, or
/// would nest spans deeper than the text may hold (``MarkdownInline/maximumNesting`` in all), is
/// text.
enum EmphasisResolver {
    /// What decides whether an opener pairs with a closer, on the closer's side: its character,
    /// whether it can open too, and its length modulo 3 (the rule of three).
    private struct CloserKind: Hashable {
        var character: Character
        var canOpen: Bool
        var lengthModulo3: Int

        init(_ closer: DelimiterRun) {
            character = closer.character
            canOpen = closer.canOpen
            lengthModulo3 = closer.originalCount % 3
        }
    }

    /// The inlines `pieces` make once their delimiters are paired, at most `nesting` spans deep.
    ///
    /// The pieces are read left to right onto a stack; a closer wraps the stack's top, from its
    /// opener up, into one inline. As in CommonMark, the search for an opener stops at the
    /// height below which an earlier closer of the same kind found none (an opener never becomes
    /// able to pair once it could not): a paragraph of 40,000 lines of emphasis, which replaced
    /// and searched the whole list for every pair, took 8 s.
    ///
    /// - Complexity: O(n) for n pieces, plus the pieces each pair wraps (visited to measure
    ///   their nesting, at most ``MarkdownInline/maximumNesting`` times each).
    static func resolve(_ pieces: [InlinePiece], nesting: Int = MarkdownInline.maximumNesting) -> [MarkdownInline] {
        var stack: [InlinePiece] = []
        stack.reserveCapacity(pieces.count)
        var bottoms: [CloserKind: Int] = [:]
        for piece in pieces {
            guard case var .delimiter(closer) = piece, closer.canClose else {
                stack.append(piece)
                continue
            }
            // Look at what is left of the closer again: `***a***` pairs twice.
            while closer.count > 0 {
                let kind = CloserKind(closer)
                let bottom = min(bottoms[kind] ?? 0, stack.count)
                guard let openerIndex = stack[bottom...].lastIndex(where: { piece in
                    if case let .delimiter(run) = piece { return run.pairs(with: closer) }
                    return false
                }), case var .delimiter(opener) = stack[openerIndex] else {
                    bottoms[kind] = stack.count
                    break
                }
                let used = opener.count >= 2 && closer.count >= 2 ? 2 : 1
                let children = merged(stack[(openerIndex + 1)...].map(\.asInline))
                // Nested as deep as a page shows: the rest of the closer stays text.
                guard MarkdownInline.nesting(of: children) < nesting else { break }
                opener.count -= used
                closer.count -= used
                stack.removeSubrange(openerIndex...)
                if opener.count > 0 { stack.append(.delimiter(opener)) }
                stack.append(.inline(used == 2 ? .strong(children) : .emphasis(children)))
                // What lay below the opener is unchanged; above it there is only the new inline.
                for (kind, height) in bottoms where height > stack.count { bottoms[kind] = stack.count }
            }
            if closer.count > 0 { stack.append(.delimiter(closer)) }
        }
        return merged(stack.map(\.asInline))
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
