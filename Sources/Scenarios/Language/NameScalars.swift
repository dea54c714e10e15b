import Reports

/// The scalars a name may not hold, or may hold only in some places, beyond the ones every
/// audience escapes (``Unicode/Scalar/isHiddenWhenShown``): Unicode's default-ignorable code
/// points, which a font draws as nothing (`web` and `web` + U+034F, the combining grapheme joiner,
/// were two servers every report showed as `web`), and the blank ones, which draw as a space or as
/// nothing (`web` and `web ` were two servers a Markdown table cell showed alike).
enum NameScalars {
    /// Default_Ignorable_Code_Point (DerivedCoreProperties.txt, Unicode 17.0), as sorted, disjoint
    /// ranges of code points written out from Python's `regex` module's
    /// `\p{Default_Ignorable_Code_Point}`, as ``JoinerProperties`` is: the soft hyphen, the
    /// combining grapheme joiner, the Hangul fillers (U+115F, U+1160, U+3164, U+FFA0), the
    /// Mongolian and standard variation selectors, the joiners and bidirectional controls, the tag
    /// characters, and the code points Unicode keeps ignorable for the future.
    static let defaultIgnorable = ScalarRanges([
        0xAD...0xAD, 0x34F...0x34F, 0x61C...0x61C, 0x115F...0x1160, 0x17B4...0x17B5, 0x180B...0x180F, 0x200B...0x200F,
        0x202A...0x202E, 0x2060...0x206F, 0x3164...0x3164, 0xFE00...0xFE0F, 0xFEFF...0xFEFF, 0xFFA0...0xFFA0,
        0xFFF0...0xFFF8, 0x1BCA0...0x1BCA3, 0x1D173...0x1D17A, 0xE0000...0xE0FFF
    ])

    /// Whether `scalar` shows nothing of itself, so that comparing names sets it aside: hidden when
    /// shown (a control, format or separator character) or default-ignorable. A name holds one
    /// only where it changes how its neighbours show (``JoinerContext``).
    static func showsNothing(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isHiddenWhenShown || defaultIgnorable.contains(scalar)
    }

    /// Whether `scalar` draws as a space or as nothing at all: White_Space (U+0020, U+00A0,
    /// U+3000 …), the braille blank U+2800 and the Hangul fillers. A name may not begin or end
    /// with one, nor be made of them.
    static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2800, 0x115F, 0x1160, 0x3164, 0xFFA0: true
        default: scalar.properties.isWhitespace
        }
    }

    /// Whether `scalar` is a variation selector: U+FE00 … U+FE0F, the Mongolian free variation
    /// selectors U+180B … U+180D and U+180F, and the ideographic ones U+E0100 … U+E01EF.
    static func isVariationSelector(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xFE00...0xFE0F, 0x180B...0x180D, 0x180F, 0xE0100...0xE01EF: true
        default: false
        }
    }
}
