/// "Did you mean …?": the known word closest to a misspelt one.
enum Suggestion {
    /// The candidate with the smallest edit distance to `word`, if it is close enough to be a
    /// plausible typo (at most a third of the word's length, and at least 1 edit allowed).
    static func closest(to word: String, among candidates: [String]) -> String? {
        let length = word.count, limit = max(1, length / 3)
        var best: (String, Int)?
        // Lengths that differ by more than the limit are that many edits apart at least: an
        // 8 MiB metric name took a minute to be told it is unknown, aligned with every name.
        for candidate in candidates where abs(candidate.count - length) <= limit {
            let distance = editDistance(word.lowercased(), candidate.lowercased())
            if distance <= limit, best.map({ distance < $0.1 }) ?? true {
                best = (candidate, distance)
            }
        }
        return best?.0
    }

    /// Optimal string alignment distance, O(|a|·|b|): insertions, deletions, substitutions and
    /// transpositions of two adjacent letters each count one edit. Plain Levenshtein counted a
    /// transposition as two, so `usres`, `crahs` and `hael` — the commonest typo — were too far
    /// from `users`, `crash` and `heal` to be suggested.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        // Three rows: a transposition looks two rows back.
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
