import Reports

extension TrafficResult {
    /// At most this many health events are marked on a chart, so that labels stay legible; the
    /// chart says how many more events.csv holds.
    static let chartedHealthEvents = 12

    /// Successful answers per second by server, failures per second, and the balancer's health
    /// events as markers. Every line covers the seconds timeline.csv does (``timelineSeconds``).
    func throughputChart() -> TimelineChart {
        var series = servers.map { perSecondSeries($0.id, counts: $0.completionsPerSecond) }
        if failuresPerSecond.contains(where: { $0 > 0 }) {
            series.append(perSecondSeries("failed (all servers)", counts: failuresPerSecond))
        }
        return TimelineChart(title: "\(scenario): requests answered per second by each server", series: series,
                             events: healthEvents(), yAxisLabel: "successful requests per second", note: omittedHealthEventsNote)
    }

    /// Peak active connections per second from the balancer to each server.
    func connectionsChart() -> TimelineChart {
        let series = (balancer?.servers ?? []).map { perSecondSeries($0.hostname, counts: $0.connectionsPerSecond) }
        return TimelineChart(title: "\(scenario): peak active connections per server", series: series,
                             events: healthEvents(), yAxisLabel: "connections in flight (peak per second)", note: omittedHealthEventsNote)
    }

    /// A count per second as a step line over the run's seconds: zeros after its last count (a
    /// crash drops to 0 and stays there), the last second held until the run's end.
    private func perSecondSeries(_ name: String, counts: [Int]) -> TimelineChart.Series {
        TimelineChart.Series(name, samples: overTimeline(counts).enumerated().map { .init(time: Double($0.offset), value: Double($0.element)) },
                             end: timelineEnd)
    }

    /// The down and up events, in order.
    private var healthChanges: [BalancerFigures.Event] {
        (balancer?.events ?? []).filter { $0.isDown || $0.isUp }
    }

    /// Down and up events, labelled with the server (the first ``chartedHealthEvents``). When
    /// more than one mechanism marks servers (passive health and health checks), each label says
    /// which, as events.csv does: "nexus-gamma down" was drawn twice, 24 px apart, once per
    /// detector.
    private func healthEvents() -> [TimelineChart.Event] {
        let changes = healthChanges
        let mechanisms = Set(changes.map { Self.mechanism(of: $0) })
        return changes.prefix(Self.chartedHealthEvents).map { event in
            let mechanism = Self.mechanism(of: event)
            let label = "\(event.subject) \(event.isDown ? "down" : "up")"
            return TimelineChart.Event(time: event.at, label: mechanisms.count > 1 && !mechanism.isEmpty ? "\(label) \(mechanism)" : label)
        }
    }

    /// What events.csv writes after "marked down" or "marked up": the mechanism in parentheses,
    /// e.g. `(passive health)`; empty when the description has none.
    private static func mechanism(of event: BalancerFigures.Event) -> String {
        guard let open = event.description.firstIndex(of: "(") else { return "" }
        return String(event.description[open...])
    }

    /// "+4 more events (events.csv)" when health events were left off the charts.
    private var omittedHealthEventsNote: String? {
        let omitted = healthChanges.count - Self.chartedHealthEvents
        return omitted > 0 ? "+\(NumberFormat.counted(omitted, "more event", plural: "more events")) (events.csv)" : nil
    }
}
