import Testing
@testable import Reports

/// A step line's last value holds until its series' end (a count per second until the run's
/// end) instead of getting no width; the plot reaches that end without the ticks growing.
@Suite struct TimelineStepEndTests {
    static func points(_ chart: TimelineChart) throws -> [[String]] {
        let line = try #require(try SVGInspection(chart.svg()).all("polyline").first)
        return (line.attributes["points"] ?? "").split(separator: " ").map { $0.split(separator: ",").map(String.init) }
    }

    @Test func theLastSampleHoldsUntilTheEnd() throws {
        let samples: [TimelineChart.Sample] = [.init(time: 0, value: 4), .init(time: 1, value: 0), .init(time: 2, value: 0)]
        let held = TimelineChart(title: "t", series: [.init("a", samples: samples, end: 2.5)], yAxisLabel: "y")
        let open = TimelineChart(title: "t", series: [.init("a", samples: samples)], yAxisLabel: "y")
        let heldPoints = try Self.points(held), openPoints = try Self.points(open)
        // (0,4) (1,4) (1,0) (2,0) and, held, (2.5,0): the plot's right edge, at 0.
        #expect(openPoints.count == 4)
        #expect(heldPoints.count == 5)
        #expect(heldPoints[4][1] == heldPoints[3][1])
        #expect(heldPoints[4][0] == "782")
        // The ticks still end at 2: "2.0" is the last label, left of the plot's right edge.
        let document = try SVGInspection(held.svg())
        let last = try #require(document.all("text").last { $0.text == "2.0" })
        #expect(Double(last.attributes["x"] ?? "") ?? 0 < 782)
        #expect(!document.texts.contains("2.5"))
    }

    @Test func aLinearLineIgnoresTheEnd() throws {
        let chart = TimelineChart(title: "t", series: [.init("a", samples: [.init(time: 0, value: 1), .init(time: 1, value: 2)], end: 5)],
                                  yAxisLabel: "y", interpolation: .linear)
        #expect(try Self.points(chart).count == 2)
    }

    @Test func aNoteIsWrittenAtTheBottomRight() throws {
        let chart = TimelineChart(title: "t", series: [.init("a", samples: [.init(time: 0, value: 1)])], yAxisLabel: "y",
                                  note: "+4 more events (events.csv)")
        let note = try #require(try SVGInspection(chart.svg()).all("text").first { $0.text == "+4 more events (events.csv)" })
        #expect(note.attributes["x"] == "786" && note.attributes["text-anchor"] == "end")
    }
}
