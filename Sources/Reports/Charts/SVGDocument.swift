/// An SVG drawing being built element by element, serialised deterministically.
///
/// Attributes are written in the order the drawing code lists them and numbers through
/// ``NumberFormat``, so the same drawing is always the same bytes. The document uses no `id`
/// attributes (no `<defs>`, clip paths or markers), which is what lets ``ChartGrid`` nest several
/// charts in one file without their references colliding.
public struct SVGDocument: Sendable, Equatable {
    /// The drawing's width and height, also its `viewBox`.
    public let size: ChartSize

    /// The accessible title, written as the `<title>` element.
    public let title: String

    /// Serialised elements in paint order: later elements are drawn on top.
    private(set) var elements: [String] = []

    /// An empty drawing of the given size.
    public init(size: ChartSize, title: String) {
        self.size = size
        self.title = title
    }

    /// The complete SVG file: XML declaration, root element with `viewBox` and
    /// `font-family="sans-serif"`, title, white background, then the elements.
    public func xml() -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<svg xmlns=\"http://www.w3.org/2000/svg\" \(frameAttributes) font-family=\"sans-serif\" role=\"img\">\n"
            + content()
            + "</svg>\n"
    }

    /// The drawing as a nested `<svg>` element placed at (`x`, `y`) inside another drawing.
    func nested(x: Double, y: Double) -> String {
        "<svg x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" \(frameAttributes)>\n" + content() + "</svg>"
    }

    /// Size and viewBox, shared by the standalone and nested forms.
    private var frameAttributes: String {
        let width = Self.number(size.width)
        let height = Self.number(size.height)
        return "width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\""
    }

    /// Title, background and elements, one per line.
    private func content() -> String {
        // A white background keeps the dark text readable where the viewer's page is dark.
        var lines = ["<title>\(Self.escape(title))</title>"]
        lines.append(Self.element("rect", [
            ("x", "0"), ("y", "0"), ("width", Self.number(size.width)),
            ("height", Self.number(size.height)), ("fill", "#FFFFFF"),
        ]))
        lines += elements
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Shapes

    /// A point in the drawing's user units.
    struct Point: Equatable {
        var x: Double
        var y: Double
    }

    /// How text lines up with its anchor point.
    enum TextAnchor: String {
        case start, middle, end
    }

    /// Appends a rectangle; `tooltip` becomes a `<title>` child that browsers show on hover.
    mutating func rect(
        x: Double, y: Double, width: Double, height: Double, fill: String,
        stroke: String? = nil, opacity: Double? = nil, tooltip: String? = nil
    ) {
        var attributes = [
            ("x", Self.number(x)), ("y", Self.number(y)),
            ("width", Self.number(max(width, 0))), ("height", Self.number(max(height, 0))), ("fill", fill),
        ]
        if let stroke { attributes += [("stroke", stroke), ("stroke-width", "1")] }
        if let opacity { attributes.append(("fill-opacity", Self.number(opacity))) }
        elements.append(Self.element("rect", attributes, content: tooltip.map(Self.tooltip)))
    }

    /// Appends a straight line; `dash` is an SVG `stroke-dasharray` such as `"6 4"`.
    mutating func line(
        x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, width: Double = 1, dash: String? = nil
    ) {
        var attributes = [
            ("x1", Self.number(x1)), ("y1", Self.number(y1)), ("x2", Self.number(x2)), ("y2", Self.number(y2)),
            ("stroke", stroke), ("stroke-width", Self.number(width)),
        ]
        if let dash { attributes.append(("stroke-dasharray", dash)) }
        elements.append(Self.element("line", attributes))
    }

    /// Appends an open polyline through `points`.
    mutating func polyline(_ points: [Point], stroke: String, width: Double, dash: String? = nil) {
        var attributes = [
            ("points", Self.points(points)), ("fill", "none"), ("stroke", stroke),
            ("stroke-width", Self.number(width)), ("stroke-linejoin", "round"),
        ]
        if let dash { attributes.append(("stroke-dasharray", dash)) }
        elements.append(Self.element("polyline", attributes))
    }

    /// Appends a filled polygon without outline.
    mutating func polygon(_ points: [Point], fill: String, opacity: Double) {
        elements.append(Self.element("polygon", [
            ("points", Self.points(points)), ("fill", fill), ("fill-opacity", Self.number(opacity)),
        ]))
    }

    /// Appends a path given as SVG path data, with a white outline so overlapping markers stay apart.
    mutating func path(_ data: String, fill: String, tooltip: String? = nil) {
        elements.append(Self.element(
            "path",
            [("d", data), ("fill", fill), ("stroke", "#FFFFFF"), ("stroke-width", "1")],
            content: tooltip.map(Self.tooltip)
        ))
    }

    /// Appends a line of text. `rotation` turns it (in degrees, clockwise) about its anchor;
    /// `halo` paints a white outline under the glyphs so the text stays legible over lines and bars.
    mutating func text(
        _ text: String, x: Double, y: Double, size: Double, anchor: TextAnchor = .start,
        bold: Bool = false, fill: String = ChartTheme.textColor, rotation: Double? = nil,
        halo: Bool = false, tooltip: String? = nil
    ) {
        var attributes = [("x", Self.number(x)), ("y", Self.number(y)), ("font-size", Self.number(size))]
        if anchor != .start { attributes.append(("text-anchor", anchor.rawValue)) }
        if bold { attributes.append(("font-weight", "bold")) }
        attributes.append(("fill", fill))
        if let rotation {
            attributes.append(("transform", "rotate(\(Self.number(rotation)) \(Self.number(x)) \(Self.number(y)))"))
        }
        if halo {
            attributes += [("stroke", "#FFFFFF"), ("stroke-width", "3"), ("paint-order", "stroke"), ("stroke-linejoin", "round")]
        }
        let body = Self.escape(text) + (tooltip.map(Self.tooltip) ?? "")
        elements.append(Self.element("text", attributes, content: body))
    }

    /// Appends `other` as a nested drawing whose top-left corner is at (`x`, `y`).
    mutating func embed(_ other: SVGDocument, x: Double, y: Double) {
        elements.append(other.nested(x: x, y: y))
    }

    // MARK: Serialisation

    /// Formats a coordinate or length: at most two decimals, trailing zeros dropped.
    static func number(_ value: Double) -> String {
        NumberFormat.trimmed(value, maxDecimals: 2)
    }

    /// Escapes text for XML content and attribute values alike.
    ///
    /// Besides the five predefined entities, characters XML 1.0 forbids outright (most ASCII
    /// control characters, U+FFFE, U+FFFF) become U+FFFD, since no escape can represent them
    /// and a single one would make the whole file unparsable.
    static func escape(_ text: String) -> String {
        // Most text (numbers, names) has nothing to escape: then it is its own escape.
        guard text.utf8.contains(where: mayNeedEscaping) else { return text }
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\t", "\n", "\r": escaped.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                escaped += "\u{FFFD}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// Whether a UTF-8 byte may start something ``escape(_:)`` changes: the five predefined
    /// entities, an ASCII control character other than tab and newlines, or 0xEF, which starts
    /// U+FFFE and U+FFFF (and other characters, which then take the slow path unchanged).
    private static func mayNeedEscaping(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): true
        case 0x09, 0x0A, 0x0D: false
        case ..<0x20, 0xEF: true
        default: false
        }
    }

    /// One element with escaped attribute values; `content` must already be escaped.
    private static func element(_ name: String, _ attributes: [(String, String)], content: String? = nil) -> String {
        let attributeText = attributes.map { " \($0.0)=\"\(escape($0.1))\"" }.joined()
        guard let content else { return "<\(name)\(attributeText)/>" }
        return "<\(name)\(attributeText)>\(content)</\(name)>"
    }

    /// A `<title>` child element, shown by browsers as a tooltip.
    private static func tooltip(_ text: String) -> String {
        "<title>\(escape(text))</title>"
    }

    /// A `points` attribute value: `x,y` pairs separated by spaces.
    private static func points(_ points: [Point]) -> String {
        points.map { number($0.x) + "," + number($0.y) }.joined(separator: " ")
    }
}
