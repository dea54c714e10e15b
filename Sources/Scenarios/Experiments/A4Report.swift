import Reports
import Simulator

extension A4Result {
    /// `results/a4/`.
    func bundle(spec: PlacementExperimentSpec) -> ReportBundle {
        var bundle = ReportBundle()
        bundle.add("a4/report.md", markdown(spec: spec))
        bundle.add("a4/report.json", json(spec: spec))
        bundle.add("a4/requests_per_server.csv", countsCSV())
        bundle.add("a4/keys_moved.csv", movementCSV())
        bundle.add("a4/a1_by_placement.svg", groupedBarChart().svg())
        bundle.add("a4/a1_side_by_side.svg", sideBySide().svg())
        bundle.add("a4/a2_imbalance.svg", imbalanceChart().svg())
        return bundle
    }

    func groupedBarChart() -> BarChart {
        let servers = (1...comparisonServers).map { ConsistentHashMap.defaultHostname(for: $0) }
        return BarChart(
            title: "A-4: requests per server at N = \(comparisonServers), by placement",
            categories: variants.map(\.variant.label),
            series: servers.enumerated().map { index, name in .init(name, values: variants.map { Double($0.a1.run.counts[index].requests) }) },
            xAxisLabel: "placement", yAxisLabel: "requests served",
            referenceLine: variants.first.map { .init(value: $0.a1.statistics.uniform.mean, label: "uniform split \(NumberFormat.fixed($0.a1.statistics.uniform.mean, decimals: 0, grouping: true))") },
            showsValueLabels: false, size: .wide)
    }

    /// The file's first four placements on one value axis, titled by what they are: "the
    /// default H and Φ" only when the first is the assignment's map (a file of jump, a polynomial
    /// and bounded loads was titled after a default it did not have).
    func sideBySide() -> ChartGrid {
        let shown = Array(variants.prefix(4))
        let top = Double(shown.map { $0.a1.statistics.maximum }.max() ?? 1)
        let title: String
        if case .assignment(let map) = shown.first?.variant.placement, map.requestHash == .assignment, map.virtualServerHash == .assignment {
            title = shown.count == 1 ? "A-1 with the default H and Φ" : "A-1 with the default H and Φ and with alternatives (same scale)"
        } else {
            title = "A-1 by placement at N = \(comparisonServers)" + (shown.count == 1 ? "" : " (same scale)")
        }
        return ChartGrid(title: title,
                         charts: shown.map { $0.a1.barChart(title: $0.variant.label, valueRange: 0...top) })
    }

    func imbalanceChart() -> LineChart {
        LineChart(title: "A-4: busiest server's load over the mean, N = \(variants.first?.a2.runs.map { String($0.servers) }.joined(separator: ", ") ?? "")",
                  series: variants.map { variant in .init(variant.variant.label, points: variant.a2.runs.map { .init(x: Double($0.servers), y: $0.result.statistics.peakToAverage) }) },
                  xAxisLabel: "number of server replicas (N)", yAxisLabel: "max / mean load (1 = perfectly even)",
                  xTicks: variants.first?.a2.runs.map { Double($0.servers) }, size: .wide)
    }

    func countsCSV() -> String {
        var table = CSVTable(header: ["placement", "n", "server", "requests"])
        for variant in variants {
            for run in variant.a2.runs {
                for count in run.result.run.counts { table.append([variant.variant.label, String(run.servers), count.hostname, String(count.requests)]) }
            }
        }
        return table.rendered()
    }

    func movementCSV() -> String {
        var table = CSVTable(header: ["placement", "change", "keys", "moved", "moved_fraction", "ideal_fraction", "moved_between_survivors"])
        for variant in variants {
            for movement in [variant.added, variant.removedFirst, variant.removedLast] {
                table.append([variant.variant.label, movement.change.description, String(movement.keyCount), String(movement.movedKeys),
                              NumberFormat.fixed(movement.movedFraction, decimals: 6), NumberFormat.fixed(movement.idealFraction, decimals: 6), String(movement.movedBetweenSurvivors)])
            }
        }
        return table.rendered()
    }
}
