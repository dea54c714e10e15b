import Reports

extension TrafficResult {
    /// Successful answers per second by server, failures per second, and the balancer's health
    /// events as markers.
    func throughputChart() -> TimelineChart {
        var series = servers.map { server in
            TimelineChart.Series(server.id, samples: server.completionsPerSecond.enumerated().map { .init(time: Double($0.offset), value: Double($0.element)) })
        }
        if failuresPerSecond.contains(where: { $0 > 0 }) {
            series.append(.init("failed (all servers)", samples: failuresPerSecond.enumerated().map { .init(time: Double($0.offset), value: Double($0.element)) }))
        }
        return TimelineChart(title: "\(scenario): requests answered per second by each server", series: series,
                             events: healthEvents(), yAxisLabel: "successful requests per second")
    }

    /// Peak active connections per second from the balancer to each server.
    func connectionsChart() -> TimelineChart {
        let series = (balancer?.servers ?? []).map { server in
            TimelineChart.Series(server.hostname, samples: server.connectionsPerSecond.enumerated().map { .init(time: Double($0.offset), value: Double($0.element)) })
        }
        return TimelineChart(title: "\(scenario): peak active connections per server", series: series,
                             events: healthEvents(), yAxisLabel: "connections in flight (peak per second)")
    }

    /// Down and up events, labelled with the server (at most a dozen, so labels stay legible).
    private func healthEvents() -> [TimelineChart.Event] {
        (balancer?.events ?? []).filter { $0.isDown || $0.isUp }.prefix(12).map {
            TimelineChart.Event(time: $0.at, label: "\($0.subject) \($0.isDown ? "down" : "up")")
        }
    }
}
