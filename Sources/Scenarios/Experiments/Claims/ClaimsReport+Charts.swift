import Reports

extension Seed003Claims {
    /// Claimed against measured: throughput and mean latency, one server and the file's cluster;
    /// the shared-host series only when a shared host explains the claimed ratio on it.
    func scalingChart() -> ChartGrid {
        let categories = ["one server", "\(NumberFormat.cardinal(scenario.servers.count)) servers"]
        let alpha = scenario.servers.first?.id.name ?? "first server"
        let sharedSeries: [BarChart.Series] = shared.map { [.init("measured, \(alpha) shares its host with nginx", values: [single.throughput, $0.throughput])] } ?? []
        let throughput = BarChart(title: "throughput (\(scenario.users) connections)", categories: categories,
                                  series: [.init("claimed", values: [Seed003Claims.claimedSingleRate, Seed003Claims.claimedClusterRate]), .init("measured", values: [single.throughput, cluster.throughput])]
                                      + sharedSeries,
                                  xAxisLabel: "cluster", yAxisLabel: "requests per second", size: .init(width: 460, height: 400))
        let latency = BarChart(title: "mean response time", categories: categories,
                               series: [.init("claimed", values: [Seed003Claims.claimedSingleResponse * 1000, Seed003Claims.claimedClusterResponse * 1000]),
                                        .init("measured, \(scenario.users) connections", values: [single.value(of: .meanLatency) * 1000, cluster.value(of: .meanLatency) * 1000]),
                                        .init("measured, \(shared == nil ? "" : "shared host, ")\(Seed003Claims.agreeingConnections) connections", values: [single.value(of: .meanLatency) * 1000, sharedTwelve.value(of: .meanLatency) * 1000])],
                               xAxisLabel: "cluster", yAxisLabel: "milliseconds", valueDecimals: 1, size: .init(width: 460, height: 400))
        return ChartGrid(title: "Seed 003: claimed against measured", charts: [throughput, latency])
    }

    /// Detection time for each failure and parameter set, against the claimed 3–5 s; four decimals,
    /// so that a refused connection's half a millisecond does not print as 0.000.
    func detectionChart() -> BarChart {
        BarChart(title: "Seed 003: failover detection time (claimed 3–5 s)",
                 categories: detections.map(\.shortLabel),
                 series: [.init("detection time", values: detections.map { $0.detectionTime ?? .nan })],
                 xAxisLabel: "failure, and the parameters changed (\(Self.detectionDeviations(scenario.balancer?.configuration).isEmpty ? "as stated" : "the file's") otherwise)", yAxisLabel: "seconds from the failure to marked down",
                 referenceLine: .init(value: 5, label: "claimed upper bound 5 s"), valueDecimals: 4)
    }
}

extension Seed004Claims {
    /// The legend of the model's series, which the claim's prose names.
    static let steadyStateSeriesName = "steady state min(N / (Z + R), C) / backends"

    /// p99 and per-instance throughput against the users' think time, with the claimed 3 s and
    /// 100 requests/s: the steady-state model beside the sweep's runs measured once their first requests are answered.
    func thinkTimeChart() -> ChartGrid {
        let p99 = LineChart(title: "p99 response time",
                            series: [.init("measured p99", points: sweep.map { .init(x: $0.thinkTime, y: $0.result.value(of: .p99)) }),
                                     .init("claimed bound 3 s", points: sweep.map { .init(x: $0.thinkTime, y: 3) })],
                            xAxisLabel: "mean think time between a user's requests (s)", yAxisLabel: "seconds",
                            xTicks: Seed004Claims.thinkTimes, size: .init(width: 480, height: 400))
        // The model the claim's prose words (``steadyStatePerBackend(thinkTime:)``), through the
        // think time where it crosses the claimed 100; the runs counted once their first requests are answered.
        let model = steadyStatePoints(marking: Self.claimedPerInstance)
        let measured = sweep.compactMap { point in measuredSteadyPerBackend(point).map { LineChart.Point(x: point.thinkTime, y: $0) } }
        let perInstance = LineChart(title: "requests/s per backend",
                                    series: [.init(Self.steadyStateSeriesName, points: model.map { .init(x: $0.thinkTime, y: $0.perBackend) }),
                                             .init("measured once the first requests are answered (mean of backends)", points: measured),
                                             .init("claimed \(NumberFormat.integer(Int(Self.claimedPerInstance)))", points: sweep.map { .init(x: $0.thinkTime, y: Self.claimedPerInstance) })],
                                    xAxisLabel: "mean think time between a user's requests (s)", yAxisLabel: "requests per second",
                                    xTicks: Seed004Claims.thinkTimes, size: .init(width: 480, height: 400))
        return ChartGrid(title: "Seed 004: \(NumberFormat.integer(scenario.users)) users, by how long they think between requests", charts: [p99, perInstance])
    }
}
