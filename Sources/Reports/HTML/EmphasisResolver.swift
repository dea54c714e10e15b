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
    /// whether it can open too, and its length modulo 3 (the rule of three) — one of 12 kinds,
    /// numbered for an array.
    private static func kind(of closer: DelimiterRun) -> Int {
        (closer.character == "*" ? 0 : 6) + (closer.canOpen ? 3 : 0) + closer.originalCount % 3
    }

    /// A piece on the stack and how many spans deep it is, so that a pair's depth is known
    /// without walking the spans it wraps.
    private struct Entry {
        var piece: InlinePiece
        var nesting: Int

        init(_ piece: InlinePiece) {
            self.piece = piece
            if case let .inline(inline) = piece { nesting = inline.nesting } else { nesting = 0 }
        }

        init(_ inline: MarkdownInline, nesting: Int) {
            piece = .inline(inline)
            self.nesting = nesting
        }
    }

    /// The inlines `pieces` make once their delimiters are paired, at most `nesting` spans deep.
    ///
    /// The pieces are read left to right onto a stack; a closer wraps the stack's top, from its
    /// opener up, into one inline. As in CommonMark, the search for an opener stops at the
    /// height below which an earlier closer of the same kind found none (an opener never becomes
    /// able to pair once it could not): a paragraph of 40,000 lines of emphasis, which replaced
    /// and searched the whole list for every pair, took 8 s. A pair refused for nesting too
    /// deep lowers that height for every kind to just above its opener: the spans too deep
    /// stay above every opener below it, and searching down to them again for each later closer
    /// was quadratic.
    ///
    /// - Complexity: O(n) for n pieces: each piece is passed over at most once per kind of
    ///   closer while it waits on the stack, and once more when a pair wraps it.
    static func resolve(_ pieces: [InlinePiece], nesting: Int = MarkdownInline.maximumNesting) -> [MarkdownInline] {
        var stack: [Entry] = []
        stack.reserveCapacity(pieces.count)
        var bottoms = [Int](repeating: 0, count: 12)
        // Below this height no opener can pair with any closer: what lies above it nests too deep.
        var floor = 0
        for piece in pieces {
            guard case var .delimiter(closer) = piece, closer.canClose else {
                stack.append(Entry(piece))
                continue
            }
            // Look at what is left of the closer again: `***a***` pairs twice.
            while closer.count > 0 {
                let kind = kind(of: closer)
                let bottom = min(max(bottoms[kind], floor), stack.count)
                guard let openerIndex = stack[bottom...].lastIndex(where: { entry in
                    if case let .delimiter(run) = entry.piece { return run.pairs(with: closer) }
                    return false
                }), case var .delimiter(opener) = stack[openerIndex].piece else {
                    bottoms[kind] = stack.count
                    break
                }
                // No slice of the stack is kept in a variable: alive at `removeSubrange`, it made
                // the stack copy itself for every pair (a million `*a` took minutes).
                let depth = 1 + (stack[(openerIndex + 1)...].lazy.map(\.nesting).max() ?? 0)
                // Nested as deep as a page shows: the rest of the closer stays text.
                guard depth <= nesting else {
                    floor = openerIndex + 1
                    break
                }
                let used = opener.count >= 2 && closer.count >= 2 ? 2 : 1
                let children = merged(stack[(openerIndex + 1)...].map(\.piece.asInline))
                opener.count -= used
                closer.count -= used
                stack.removeSubrange(openerIndex...)
                if opener.count > 0 { stack.append(Entry(.delimiter(opener))) }
                stack.append(Entry(used == 2 ? .strong(children) : .emphasis(children), nesting: depth))
                // What lay below the opener is unchanged; above it there is only the new inline.
                for kind in bottoms.indices where bottoms[kind] > stack.count { bottoms[kind] = stack.count }
            }
            if closer.count > 0 { stack.append(Entry(.delimiter(closer))) }
        }
        return merged(stack.lazy.map(\.piece.asInline))
    }

    /// `inlines` with neighbouring text joined into one text inline. The text is gathered
    /// before it is stored: joining each piece onto the stored text copied it every time, and
    /// a million `_a` (underscores inside a word stay text) took minutes.
    private static func merged(_ inlines: some Sequence<MarkdownInline>) -> [MarkdownInline] {
        var result: [MarkdownInline] = []
        var text = ""
        for inline in inlines {
            if case let .text(next) = inline {
                text += next
                continue
            }
            if !text.isEmpty { result.append(.text(text)) }
            text = ""
            result.append(inline)
        }
        if !text.isEmpty { result.append(.text(text)) }
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
