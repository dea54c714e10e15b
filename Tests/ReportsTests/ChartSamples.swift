import Testing
@testable import Reports

/// Charts shaped like the experiments' charts, shared by the tests that every chart type must pass.
struct ChartSample: Sendable, CustomTestStringConvertible {
    var name: String
    var chart: any Chart

    var testDescription: String { name }

    /// The A-1 bar chart: three servers, one series, the uniform split as reference line.
    static let requestsPerServer = BarChart(
        title: "A-1: requests handled per server",
        categories: ["Server 1", "Server 2", "Server 3"],
        series: [.init("requests", values: [3412, 3101, 3487])],
        xAxisLabel: "server",
        yAxisLabel: "requests",
        referenceLine: .init(value: 10_000.0 / 3, label: "uniform split 3,333")
    )

    /// Twelve long category names and six series: the densest bar chart the reports draw.
    static let crowdedBars = BarChart(
        title: "Requests per server for six hash functions",
        categories: (1...12).map { "Server \($0) (rack \($0 % 3))" },
        series: ["default", "MurmurHash3", "xxHash64", "FNV-1a", "CityHash", "SipHash"].enumerated().map { index, name in
            .init(name, values: (0..<12).map { Double(700 + ($0 * 37 + index * 91) % 260) })
        },
        xAxisLabel: "server",
        yAxisLabel: "requests",
        referenceLine: .init(value: 833.3, label: "uniform split 833")
    )

    /// The A-2 line chart: N = 2…6 with a min…max band and ±1 std dev error bars.
    static let loadPerServer = LineChart(
        title: "A-2: average load per server",
        series: [
            .init("mean requests per server", points: [2.0, 3, 4, 5, 6].map { n in
                let mean = 10_000 / n
                return .init(x: n, y: mean, band: mean * 0.8...mean * 1.2, errorBar: mean * 0.9...mean * 1.1)
            }),
            .init("ideal 10,000 / N", points: [2.0, 3, 4, 5, 6].map { .init(x: $0, y: 10_000 / $0) }),
        ],
        xAxisLabel: "servers (N)",
        yAxisLabel: "requests per server",
        xTicks: [2, 3, 4, 5, 6],
        bandLabel: "min…max",
        errorBarLabel: "mean ± 1 std dev"
    )

    /// The A-3 timeline: three servers, one killed and replaced, events close together.
    static let loadOverTime = TimelineChart(
        title: "A-3: requests per second per server",
        series: (1...3).map { server in
            .init("Server \(server)", samples: (0..<20).map { second in
                .init(time: Double(second), value: server == 2 && (8..<10).contains(second) ? 0 : 330 + Double(server))
            })
        },
        events: [
            .init(time: 8, label: "Server 2 killed"),
            .init(time: 8.3, label: "failure detected"),
            .init(time: 10, label: "replacement up"),
        ],
        yAxisLabel: "requests per second"
    )

    /// A MapReduce job: two workers, a failed attempt and a speculative copy.
    static let jobTimeline = GanttChart(
        title: "MapReduce job timeline",
        rows: ["w1", "w2"],
        categories: [.init("map", color: .blue), .init("reduce", color: .orange), .init("failed", color: .vermillion)],
        tasks: [
            .init(row: "w1", start: 0, end: 3, category: "map", label: "m1"),
            .init(row: "w2", start: 0, end: 1.5, category: "failed", label: "m2"),
            .init(row: "w2", start: 1.6, end: 4, category: "map", label: "m2"),
            .init(row: "w1", start: 3.5, end: 6, category: "speculative", label: "m2′"),
            .init(row: "w1", start: 4.2, end: 7, category: "reduce", label: "r1"),
        ]
    )

    /// Two bar charts side by side under one title.
    static let comparison = ChartGrid(
        title: "A-4: default H and Φ vs MurmurHash3",
        charts: [requestsPerServer, requestsPerServer]
    )

    /// Every sample, for tests that every chart type must pass.
    static let all: [ChartSample] = [
        ChartSample(name: "bar", chart: requestsPerServer),
        ChartSample(name: "crowded bar", chart: crowdedBars),
        ChartSample(name: "line", chart: loadPerServer),
        ChartSample(name: "timeline", chart: loadOverTime),
        ChartSample(name: "gantt", chart: jobTimeline),
        ChartSample(name: "grid", chart: comparison),
    ]
}
