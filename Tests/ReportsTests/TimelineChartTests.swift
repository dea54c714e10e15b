import Testing
@testable import Reports

@Suite("TimelineChart")
struct TimelineChartTests {
    @Test("shows axis titles, every series name and every event label")
    func showsEverything() throws {
        let document = try SVGInspection(ChartSample.loadOverTime.svg())
        for text in ["virtual time (s)", "requests per second", "Server 1", "Server 2", "Server 3",
                     "Server 2 killed", "failure detected", "replacement up"] {
            #expect(document.texts.contains(text), "missing \(text)")
        }
    }

    @Test("draws steps: each value holds until the next sample")
    func drawsSteps() throws {
        let chart = TimelineChart(
            title: "t", series: [.init("s", samples: [.init(time: 0, value: 1), .init(time: 1, value: 3), .init(time: 2, value: 3)])],
            yAxisLabel: "y"
        )
        let line = try #require(try SVGInspection(chart.svg()).all("polyline").first)
        let points = (line.attributes["points"] ?? "").split(separator: " ")
        // (0,1) → (1,1) → (1,3) → (2,3): one extra corner for the one change of value.
        #expect(points.count == 4)
        #expect(points[1].split(separator: ",")[1] == points[0].split(separator: ",")[1])
        #expect(points[1].split(separator: ",")[0] == points[2].split(separator: ",")[0])
    }

    @Test("staggers labels of events close in time so that no two overlap", arguments: [0.0, 0.1, 0.5])
    func staggersEventLabels(spacing: Double) {
        let events = (0..<5).map { TimelineChart.Event(time: 10 + Double($0) * spacing, label: "event number \($0)") }
        let scale = LinearScale(domainStart: 0, domainEnd: 30, start: 60, end: 780)
        let lanes = EventLanes(events: events, scale: scale, minX: 14, maxX: 786)
        #expect(lanes.placed.count == 5)
        for (index, first) in lanes.placed.enumerated() {
            for second in lanes.placed.dropFirst(index + 1) where first.lane == second.lane {
                #expect(first.end < second.start || second.end < first.start, "\(first.label) overlaps \(second.label)")
            }
            // A marker line never cuts through a label in a lane it passes.
            for other in lanes.placed where other.lane < first.lane {
                #expect(!(other.start < first.x && first.x < other.end), "\(first.label)'s line crosses \(other.label)")
            }
        }
    }

    @Test("keeps a late event's label inside the chart by turning it leftwards")
    func turnsLabelsAtTheRightEdge() {
        let scale = LinearScale(domainStart: 0, domainEnd: 30, start: 60, end: 780)
        let lanes = EventLanes(events: [.init(time: 29.9, label: "run ends")], scale: scale, minX: 14, maxX: 786)
        #expect(lanes.placed.first?.anchor == .end)
        #expect((lanes.placed.first?.end ?? .infinity) <= 786)
    }

    @Test("widens the time axis to include events outside the samples")
    func includesEventsInTimeAxis() throws {
        let chart = TimelineChart(title: "t", series: [.init("s", samples: [.init(time: 0, value: 1), .init(time: 5, value: 1)])],
                                  events: [.init(time: 42, label: "late")], yAxisLabel: "y")
        let texts = try SVGInspection(chart.svg()).texts
        #expect(texts.contains("50"))
        #expect(texts.contains("late"))
    }
}
