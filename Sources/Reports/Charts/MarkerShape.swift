/// The shape drawn at each point of a series.
///
/// Series differ in shape as well as colour, so that they stay distinguishable in greyscale
/// print and for readers who cannot tell two palette colours apart.
enum MarkerShape: CaseIterable {
    case circle, square, triangle, diamond, triangleDown, hexagon

    /// The shape of the series at `index`, cycling through all shapes.
    static func series(_ index: Int) -> MarkerShape {
        allCases[index % allCases.count]
    }

    /// SVG path data for the shape centred on (`x`, `y`), about `radius` from centre to edge.
    func pathData(x: Double, y: Double, radius r: Double) -> String {
        func n(_ value: Double) -> String { SVGDocument.number(value) }
        func polygon(_ offsets: [(Double, Double)]) -> String {
            "M" + offsets.map { n(x + $0.0 * r) + "," + n(y + $0.1 * r) }.joined(separator: " L") + " Z"
        }
        switch self {
        case .circle:
            return "M\(n(x - r)),\(n(y)) a\(n(r)),\(n(r)) 0 1,0 \(n(2 * r)),0 a\(n(r)),\(n(r)) 0 1,0 \(n(-2 * r)),0 Z"
        case .square:
            return polygon([(-0.85, -0.85), (0.85, -0.85), (0.85, 0.85), (-0.85, 0.85)])
        case .triangle:
            return polygon([(0, -1.15), (1.05, 0.75), (-1.05, 0.75)])
        case .diamond:
            return polygon([(0, -1.2), (1.2, 0), (0, 1.2), (-1.2, 0)])
        case .triangleDown:
            return polygon([(0, 1.15), (1.05, -0.75), (-1.05, -0.75)])
        case .hexagon:
            return polygon([(-1, 0), (-0.5, -0.87), (0.5, -0.87), (1, 0), (0.5, 0.87), (-0.5, 0.87)])
        }
    }
}
