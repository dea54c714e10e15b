/// Where a name may hold a zero width non-joiner (ZWNJ, U+200C) or a zero width joiner (ZWJ,
/// U+200D). Both are format characters, refused in names since `web` and `web` + U+200B were two
/// servers every report showed alike; but Persian spells words with a ZWNJ (`می‌خواهم`), Indic
/// scripts choose a conjunct's form with either after a virama, and an emoji ZWJ sequence (👩‍💻)
/// is one picture. A joiner is allowed where Unicode's identifier rules allow it (UAX #31,
/// section 2.3 "Layout and Format Control Characters"), and between two emoji:
///
/// - A1, a ZWNJ breaking a cursive join: `$LJ $T* ZWNJ $T* $RJ` — a letter that joins the next
///   (Joining_Type D or L), marks (Joining_Type T), the ZWNJ, marks, a letter that joins the one
///   before (D or R).
/// - A2, a ZWNJ in a conjunct: `$L $M* $V $M₁* ZWNJ` — a letter, nonspacing marks, a virama
///   (Canonical_Combining_Class 9), nonspacing marks that are not of class 0 (a nukta).
/// - B, a ZWJ in a conjunct: `$L $M* $V $M₁* ZWJ (?!$D)` — as A2, and no dependent vowel
///   (Indic_Syllabic_Category Vowel_Dependent) after it.
/// - An emoji ZWJ sequence: `ExtPict Extend* ZWJ ExtPict` — the ZWJ between two
///   Extended_Pictographic characters, the first followed by its modifiers or variation
///   selectors (UAX #29's rule GB11: 👩🏽‍💻, ❤️‍🔥).
///
/// Anywhere else a joiner shows nothing and stays refused (`web` + U+200D).
///
/// A variation selector is another scalar that shows nothing of itself (a default-ignorable code
/// point, ``NameScalars``) and is allowed where it changes how the text shows: U+FE0E (text
/// presentation) or U+FE0F (emoji presentation) right after an emoji (Emoji=Yes: ❤️ is U+2764
/// U+FE0F), as an emoji variation sequence (UTS #51), which UTS #39 also sets aside when it
/// compares names; after a digit, `#` or `*` only in a keycap (1️⃣, U+0031 U+FE0F U+20E3), since
/// `1` + U+FE0F alone shows as `1`. The other variation selectors (U+FE00 … U+FE0D, the
/// Mongolian and the ideographic ones) choose among glyphs that most fonts do not have, so a
/// reader sees no difference: they stay refused, as does U+FE0F after a letter (`web` + U+FE0F).
enum JoinerContext {
    static let nonJoiner: Unicode.Scalar = "\u{200C}"
    static let joiner: Unicode.Scalar = "\u{200D}"
    static let textPresentation: Unicode.Scalar = "\u{FE0E}"
    static let emojiPresentation: Unicode.Scalar = "\u{FE0F}"
    static let keycap: Unicode.Scalar = "\u{20E3}"

    /// Whether the scalar at `index` of `scalars` is a joiner or a variation selector standing
    /// where it is allowed.
    /// - Complexity: O(*m*), *m* the marks on either side of it.
    static func allows(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        switch scalars[index] {
        case nonJoiner:
            breaksCursiveJoin(scalars, at: index) || followsVirama(scalars, at: index)
        case joiner:
            (followsVirama(scalars, at: index) && !startsDependentVowel(scalars, at: index + 1)) || joinsEmoji(scalars, at: index)
        case textPresentation, emojiPresentation:
            presentsEmoji(scalars, at: index)
        default:
            false
        }
    }

    /// Rule A1: `$LJ $T* ZWNJ $T* $RJ`.
    private static func breaksCursiveJoin(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        var before = index - 1
        while before >= 0, isTransparent(scalars[before]) { before -= 1 }
        var after = index + 1
        while after < scalars.count, isTransparent(scalars[after]) { after += 1 }
        return before >= 0 && after < scalars.count
            && JoinerProperties.joinsFollowing.contains(scalars[before]) && JoinerProperties.joinsPreceding.contains(scalars[after])
    }

    /// Rules A2 and B before the joiner: `$L $M* $V $M₁*`. Only the virama nearest the joiner
    /// need be tried: one further back is behind it, and the marks between them (it among them)
    /// lead back to the same letter or to none.
    private static func followsVirama(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        var virama = index - 1
        while virama >= 0, !isVirama(scalars[virama]), isReorderedNonspacingMark(scalars[virama]) { virama -= 1 }
        guard virama >= 0, isVirama(scalars[virama]) else { return false }
        var letter = virama - 1
        while letter >= 0, scalars[letter].properties.generalCategory == .nonspacingMark { letter -= 1 }
        return letter >= 0 && isLetter(scalars[letter])
    }

    /// Rule B's `(?!$D)`: whether a dependent vowel stands at `index`.
    private static func startsDependentVowel(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        index < scalars.count && JoinerProperties.dependentVowels.contains(scalars[index])
    }

    /// An emoji ZWJ sequence: `ExtPict Extend* ZWJ ExtPict`.
    private static func joinsEmoji(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        var before = index - 1
        while before >= 0, extendsEmoji(scalars[before]) { before -= 1 }
        return before >= 0 && index + 1 < scalars.count
            && JoinerProperties.extendedPictographic.contains(scalars[before]) && JoinerProperties.extendedPictographic.contains(scalars[index + 1])
    }

    /// An emoji variation sequence: `Emoji (FE0E | FE0F)`, and for an ASCII base (`0` … `9`, `#`,
    /// `*`) a keycap after it.
    private static func presentsEmoji(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        guard index > 0, scalars[index - 1].properties.isEmoji else { return false }
        return scalars[index - 1].isASCII ? index + 1 < scalars.count && scalars[index + 1] == keycap : true
    }

    /// Joining_Type Transparent (`$T`): as ArabicShaping.txt derives it, the nonspacing and
    /// enclosing marks and the format characters, but for the format characters it gives another
    /// type (Arabic number signs, the joiners, the isolates), plus the Adlam nasalization mark.
    private static func isTransparent(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1E94B: return true
        case 0x600...0x605, 0x6DD, 0x890...0x891, 0x8E2, 0x180E, 0x200C, 0x200D, 0x2066...0x2069, 0x110BD, 0x110CD: return false
        default:
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format: return true
            default: return false
            }
        }
    }

    /// `$V`: Canonical_Combining_Class Virama.
    private static func isVirama(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.canonicalCombiningClass == .virama
    }

    /// `$M₁`: a nonspacing mark whose combining class is not 0.
    private static func isReorderedNonspacingMark(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .nonspacingMark && scalar.properties.canonicalCombiningClass != .notReordered
    }

    /// `$L`: General_Category Letter.
    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: true
        default: false
        }
    }

    /// What may stand between an emoji and its ZWJ: a mark (a variation selector U+FE0F, the
    /// keycap U+20E3) or a skin-tone modifier.
    private static func extendsEmoji(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: true
        default: scalar.properties.isEmojiModifier
        }
    }
}
