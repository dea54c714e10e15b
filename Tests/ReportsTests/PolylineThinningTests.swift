import Testing
@testable import Reports

/// A dense polyline keeps, in each pixel column, its first, lowest, highest and last point.
@Suite struct PolylineThinningTests {
    typealias P = SVGDocument.Point

    @Test func aColumnOfManyPointsKeepsItsFirstExtremesAndLast() {
        let points = [P(x: 10.0, y: 5), P(x: 10.2, y: 9), P(x: 10.4, y: 1), P(x: 10.5, y: 7), P(x: 10.9, y: 4), P(x: 11.1, y: 3)]
        #expect(PolylineThinning.thinned(points) == [P(x: 10.0, y: 5), P(x: 10.2, y: 9), P(x: 10.4, y: 1), P(x: 10.9, y: 4), P(x: 11.1, y: 3)])
    }

    @Test func aSparseLineIsLeftAsItIs() {
        let points = (0..<100).map { P(x: Double($0) * 0.5, y: Double($0 % 7)) }
        #expect(PolylineThinning.thinned(points) == points)
    }

    @Test func aHundredThousandStepsOnSevenHundredColumnsKeepAtMostFourEach() {
        let points = (0..<100_000).map { P(x: 50 + Double($0) * 700 / 100_000, y: Double(($0 * 7_919) % 1_000)) }
        let thinned = PolylineThinning.thinned(points)
        #expect(thinned.count <= 4 * 701)
        #expect(thinned.first == points.first && thinned.last == points.last)
        #expect(thinned.map(\.y).min() == points.map(\.y).min() && thinned.map(\.y).max() == points.map(\.y).max())
    }
}
