/// A colour used to draw a series or a category.
///
/// The named colours are the Okabe–Ito palette, chosen because its eight colours stay
/// distinguishable for the common forms of colour blindness.
public struct ChartColor: Sendable, Equatable {
    /// The colour as `#RRGGBB`.
    public let hex: String

    /// Whether text drawn on top of this colour should be white rather than black.
    let prefersLightText: Bool

    /// A custom colour; `hex` is written into the SVG as given, e.g. `"#777777"`.
    /// - Parameter prefersLightText: pass true for dark colours, so labels on them stay legible.
    public init(hex: String, prefersLightText: Bool = false) {
        self.hex = hex
        self.prefersLightText = prefersLightText
    }

    /// Okabe–Ito blue.
    public static let blue = ChartColor(hex: "#0072B2", prefersLightText: true)
    /// Okabe–Ito orange.
    public static let orange = ChartColor(hex: "#E69F00")
    /// Okabe–Ito bluish green.
    public static let bluishGreen = ChartColor(hex: "#009E73", prefersLightText: true)
    /// Okabe–Ito vermillion; the palette's red, for failures.
    public static let vermillion = ChartColor(hex: "#D55E00", prefersLightText: true)
    /// Okabe–Ito reddish purple.
    public static let reddishPurple = ChartColor(hex: "#CC79A7")
    /// Okabe–Ito sky blue.
    public static let skyBlue = ChartColor(hex: "#56B4E9")
    /// Okabe–Ito yellow; low contrast on white, so it comes late in the series order.
    public static let yellow = ChartColor(hex: "#F0E442")
    /// Black.
    public static let black = ChartColor(hex: "#000000", prefersLightText: true)
    /// A neutral grey, for "other" categories and idle time.
    public static let grey = ChartColor(hex: "#999999")

    /// The order in which series take colours: the strongest contrasts on white first.
    public static let seriesPalette: [ChartColor] = [
        .blue, .orange, .bluishGreen, .vermillion, .reddishPurple, .skyBlue, .yellow, .black,
    ]

    /// The colour of the series at `index`, cycling through ``seriesPalette``.
    public static func series(_ index: Int) -> ChartColor {
        seriesPalette[index % seriesPalette.count]
    }
}
