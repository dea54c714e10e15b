import Testing
@testable import Reports

/// Determinism across processes and machines, which rendering twice in one process cannot show.
///
/// The expected bytes were produced by this code and checked by eye as a PNG. If a deliberate
/// change to the layout breaks this test, look at the new rendering, then paste the new output
/// of `GoldenChartTests.chart.svg()` below.
@Suite("Golden chart")
struct GoldenChartTests {
    static let chart = BarChart(
        title: "Golden", categories: ["a", "b"], series: [.init("n", values: [3, 5])],
        xAxisLabel: "x (unit)", yAxisLabel: "y (unit)", referenceLine: .init(value: 4, label: "mean 4"),
        size: ChartSize(width: 320, height: 200)
    )

    @Test("renders exactly the recorded bytes")
    func matchesRecordedBytes() {
        #expect(Self.chart.svg() == expected)
    }

    private let expected = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="320" height="200" viewBox="0 0 320 200" font-family="sans-serif" role="img">
        <title>Golden</title>
        <rect x="0" y="0" width="320" height="200" fill="#FFFFFF"/>
        <text x="160" y="29" font-size="18" text-anchor="middle" font-weight="bold" fill="#222222">Golden</text>
        <line x1="58.99" y1="144" x2="302" y2="144" stroke="#E0E0E0" stroke-width="1"/>
        <text x="50.99" y="148" font-size="11" text-anchor="end" fill="#555555">0</text>
        <line x1="58.99" y1="94" x2="302" y2="94" stroke="#E0E0E0" stroke-width="1"/>
        <text x="50.99" y="98" font-size="11" text-anchor="end" fill="#555555">5</text>
        <line x1="58.99" y1="44" x2="302" y2="44" stroke="#E0E0E0" stroke-width="1"/>
        <text x="50.99" y="48" font-size="11" text-anchor="end" fill="#555555">10</text>
        <text x="24.4" y="94" font-size="13" text-anchor="middle" fill="#222222" transform="rotate(-90 24.4 94)">y (unit)</text>
        <rect x="71.64" y="114" width="96.2" height="30" fill="#0072B2"><title>a: 3</title></rect>
        <rect x="193.15" y="94" width="96.2" height="50" fill="#0072B2"><title>b: 5</title></rect>
        <line x1="58.99" y1="144" x2="302" y2="144" stroke="#666666" stroke-width="1"/>
        <line x1="58.99" y1="104" x2="302" y2="104" stroke="#333333" stroke-width="1.5" stroke-dasharray="6 4"/>
        <text x="119.74" y="110" font-size="11" text-anchor="middle" fill="#222222" stroke="#FFFFFF" stroke-width="3" paint-order="stroke" stroke-linejoin="round">3</text>
        <text x="241.25" y="90" font-size="11" text-anchor="middle" fill="#222222" stroke="#FFFFFF" stroke-width="3" paint-order="stroke" stroke-linejoin="round">5</text>
        <text x="190" y="99" font-size="11" text-anchor="end" font-weight="bold" fill="#333333" stroke="#FFFFFF" stroke-width="3" paint-order="stroke" stroke-linejoin="round">mean 4</text>
        <line x1="119.74" y1="144" x2="119.74" y2="148" stroke="#666666" stroke-width="1"/>
        <text x="119.74" y="160.8" font-size="11" text-anchor="middle" fill="#222222">a</text>
        <line x1="241.25" y1="144" x2="241.25" y2="148" stroke="#666666" stroke-width="1"/>
        <text x="241.25" y="160.8" font-size="11" text-anchor="middle" fill="#222222">b</text>
        <text x="180.5" y="183" font-size="13" text-anchor="middle" fill="#222222">x (unit)</text>
        </svg>

        """#
}
