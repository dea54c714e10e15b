import Foundation
import Reports

extension YAMLCursor {
    /// The most UTF-8 bytes a name holds: 255, the longest file name ext4, XFS, APFS and NTFS
    /// accept (POSIX `NAME_MAX`, the bound ``ReportBundle`` keeps for a path's component) and near
    /// Kafka's 249 for a topic and DNS's 253 for a hostname. A name is written into every report
    /// row, chart label, metric series and trace line that mentions it, so without a bound a
    /// 4 MB server name ran 56 s, held 2.28 GB and wrote about 1 GB.
    static let maximumNameBytes = 255

    /// Refuses in `text` (`what` says what it is: "a name", "a hostname") a scalar that showing
    /// would hide or act on — a control character (a NUL reached reports raw), a format
    /// character (U+202E reverses what follows it; U+200B and U+FEFF show nothing, so `web` and
    /// `web` + U+200B were two servers every report showed alike), a line or paragraph separator
    /// (``Unicode/Scalar/isHiddenWhenShown``) or another default-ignorable code point (U+034F,
    /// U+3164: ``NameScalars``), but for a joiner or a variation selector where it changes how the
    /// text shows (``JoinerContext``) —, text that begins or ends with a blank (`web ` and `web`
    /// were two servers a Markdown table cell showed alike) or is only blanks, and text longer than
    /// ``maximumNameBytes``. Descriptions are free text and do not come here.
    func checkShownName(_ text: String, _ what: String) throws(ScenarioError) {
        if let problem = Self.hiddenScalarProblem(text, what) ?? Self.blankProblem(text, what) { throw error(.invalidValue(problem)) }
        let bytes = text.utf8.count
        guard bytes <= Self.maximumNameBytes else {
            throw error(.invalidValue("\(what) has at most \(NumberFormat.integer(Self.maximumNameBytes)) bytes (UTF-8), got \(NumberFormat.integer(bytes)) bytes"))
        }
    }

    /// The refusal of `text` as a name for its first scalar that shows nothing
    /// (``NameScalars/showsNothing(_:)``) outside the places a joiner or a variation selector is
    /// allowed (``JoinerContext``), in the words of ``checkShownName(_:_:)``; nil when it has none.
    static func hiddenScalarProblem(_ text: String, _ what: String) -> String? {
        // Most names hold no such scalar: look at their neighbours only when one does.
        guard text.unicodeScalars.contains(where: NameScalars.showsNothing) else { return nil }
        let scalars = Array(text.unicodeScalars)
        guard let index = scalars.indices.first(where: { NameScalars.showsNothing(scalars[$0]) && !JoinerContext.allows(scalars, at: $0) }) else { return nil }
        let scalar = scalars[index]
        switch scalar {
        case _ where scalar.properties.generalCategory == .control:
            return "\(what) must not contain control characters, got '\(text.excerpt)' (\(scalar.codePoint))"
        case JoinerContext.nonJoiner, JoinerContext.joiner:
            return "\(what) may hold a zero width non-joiner (U+200C) or joiner (U+200D) only where it changes how the text shows (Unicode's identifier rules, UAX #31: a non-joiner between two letters that join, either after a virama, a joiner between two emoji), got '\(text.excerpt)' (\(scalar.codePoint))"
        case _ where NameScalars.isVariationSelector(scalar):
            return "\(what) may hold a variation selector only as U+FE0E or U+FE0F right after an emoji it presents (an emoji variation sequence, UTS #51: U+2764 U+FE0F), elsewhere it shows nothing, got '\(text.excerpt)' (\(scalar.codePoint))"
        case _ where scalar.isHiddenWhenShown:
            return "\(what) must not contain characters that show nothing or reorder the text (format characters such as U+200B and U+202E, line and paragraph separators), got '\(text.excerpt)' (\(scalar.codePoint))"
        default:
            return "\(what) must not contain characters that show nothing (Unicode's default-ignorable code points such as the combining grapheme joiner U+034F and the Hangul filler U+3164), got '\(text.excerpt)' (\(scalar.codePoint))"
        }
    }

    /// The refusal of `text` as a name that begins or ends with a blank (``NameScalars/isBlank(_:)``:
    /// a space, U+2800) or is only blanks, naming the blank; nil otherwise, and for empty text
    /// (refused, where it is, by the caller's own words).
    static func blankProblem(_ text: String, _ what: String) -> String? {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return nil }
        if text.unicodeScalars.allSatisfy(NameScalars.isBlank) {
            return "\(what) must show something, got only blank characters '\(text.excerpt)' (\(first.codePoint))"
        }
        guard let blank = NameScalars.isBlank(first) ? first : NameScalars.isBlank(last) ? last : nil else { return nil }
        return "\(what) must not begin or end with a blank character (white space, U+2800, a Hangul filler: a table cell trims it, so 'web ' shows as 'web'), got '\(text.excerpt)' (\(blank.codePoint) at the \(NameScalars.isBlank(first) ? "start" : "end"))"
    }

    /// `name` as a reader sees it, to find names that look alike: with every scalar that shows
    /// nothing of itself set aside (``NameScalars/showsNothing(_:)``), then the blanks at either
    /// end (``NameScalars/isBlank(_:)``: a table cell trims them, so a reference `web1` + U+0020 or
    /// + U+00A0 shows as `web1`; a name holds none there), in Unicode's compatibility
    /// form (NFKC: 'Å' as U+00C5 and as 'A' U+030A, 'ﬁ' U+FB01 and 'fi', fullwidth 'ｗｅｂ' and
    /// 'web' meet), and each run of blanks (``NameScalars/isBlank(_:)``: U+0020, U+00A0, U+2800)
    /// read as one space, as a Markdown page shows it. A name holds no such scalar but a joiner or
    /// an emoji's variation selector in its place (``JoinerContext``), and those are still read
    /// alike by a font or a terminal that does not join (👩‍💻 shown as 👩💻), so names that differ
    /// only by them are look-alikes too, as UTS #39 sets default-ignorable characters aside when it
    /// compares names; a reference to a node (`web` + U+200B) finds the node it looks like.
    static func lookAlikeForm(of name: String) -> String {
        var visible = String.UnicodeScalarView()
        visible.append(contentsOf: name.unicodeScalars.lazy.filter { !NameScalars.showsNothing($0) })
        var shown = String.UnicodeScalarView()
        for scalar in String(trimmingBlanks(visible)).precomposedStringWithCompatibilityMapping.unicodeScalars {
            guard NameScalars.isBlank(scalar) else { shown.append(scalar); continue }
            if shown.last != " " { shown.append(" ") }
        }
        return String(shown)
    }

    /// `scalars` without the blanks (``NameScalars/isBlank(_:)``) at either end, as a table cell
    /// trims them.
    static func trimmingBlanks(_ scalars: String.UnicodeScalarView) -> String.UnicodeScalarView {
        guard let start = scalars.firstIndex(where: { !NameScalars.isBlank($0) }),
              let last = scalars.lastIndex(where: { !NameScalars.isBlank($0) }) else { return String.UnicodeScalarView() }
        return String.UnicodeScalarView(scalars[start...last])
    }
}
