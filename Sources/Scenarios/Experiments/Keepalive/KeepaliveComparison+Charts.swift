import Reports
import Simulator

extension KeepaliveComparison {
    /// Setups per request of every closed-loop and bursty variant, with seed 004's floor (no bar
    /// where nothing was forwarded, and no latency bar where no request succeeded).
    func setupsChart() -> BarChart {
        let shown = variants.filter { $0.group != .users }
        return BarChart(title: "\(base.name): connection setups per request",
                        categories: shown.map(\.name),
                        series: [.init("setups per request", values: shown.map { $0.measuredSetupsPerRequest ?? .nan })],
                        xAxisLabel: "pool", yAxisLabel: "setups per forward",
                        referenceLine: .init(value: 1.0 / Double(KeepaliveComparison.seed004().requestsPerConnection), label: "1/keepalive_requests (seed 004)"),
                        valueDecimals: 3)
    }

    /// Mean and p99 latency of the closed-loop variants, in milliseconds.
    func latencyChart() -> BarChart {
        let shown = variants(in: .closedLoop)
        return BarChart(title: "\(base.name): latency of successful requests, \(base.users) users",
                        categories: shown.map(\.name),
                        series: [.init("mean", values: shown.map { ($0.measured($0.mean) ?? .nan) * 1_000 }), .init("p50", values: shown.map { ($0.measured($0.p50) ?? .nan) * 1_000 }),
                                 .init("p99", values: shown.map { ($0.measured($0.p99) ?? .nan) * 1_000 })],
                        xAxisLabel: "pool", yAxisLabel: "milliseconds", valueDecimals: 1)
    }

    /// Seed 004's pool as users grow: setups per request and peak open connections.
    func usersChart() -> BarChart {
        let shown = sweep
        return BarChart(title: "\(base.name): seed 004's keepalive 64 / 100 / 60s as users grow",
                        categories: shown.map { "\(NumberFormat.integer($0.users ?? 0)) users" },
                        series: [.init("setups per 100 requests", values: shown.map { ($0.measuredSetupsPerRequest ?? .nan) * 100 })],
                        xAxisLabel: "users (think time \(DurationFormat.milliseconds(KeepaliveComparison.sweepThinkTime.seconds)))", yAxisLabel: "setups per 100 forwards",
                        referenceLine: .init(value: 1, label: "floor: 1 per keepalive_requests"), valueDecimals: 2)
    }
}
