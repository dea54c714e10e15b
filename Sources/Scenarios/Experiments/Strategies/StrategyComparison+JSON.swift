import Reports

extension StrategyComparison {
    /// `strategies/report.json`: every cell's figures as `results.csv` has them, the share of the
    /// situation's affected server the Markdown tables show, and the seed study's means, intervals
    /// and verdicts — what the report says, for a program to read.
    func json() -> String {
        let names = StrategyComparison.strategies.map(\.name)
        return JSONReport.encode(Document(
            seed: base.seed, file: base.file, seeds: seedStudy.seeds,
            situations: zip(situations, zip(cells, seedStudy.p99)).map { situation, pair in
                let (row, samples) = pair
                let verdicts = StrategySeedStudy.verdicts(samples)
                return .init(
                    name: situation.name, summary: situation.summary, affectedServer: situation.affected,
                    cells: row.map { cell in
                        .init(strategy: cell.strategy.name, digest: cell.result.digest,
                              p50Seconds: Self.rounded(cell.result.value(of: .p50)), p99Seconds: Self.rounded(cell.result.value(of: .p99)),
                              p999Seconds: Self.rounded(cell.result.value(of: .p999)), errors: cell.errors,
                              retries: cell.result.balancer?.retried ?? 0, peakToAverage: Self.rounded(cell.peakToAverage),
                              maxUtilisation: Self.rounded(cell.maximumUtilisation),
                              shareOnAffected: situation.affected.map { Self.rounded(cell.share(of: $0)) })
                    },
                    seedStudy: samples.enumerated().map { index, values in
                        let summary = SampleSummary(values, bootstrap: true)
                        return .init(strategy: names[index], meanP99Seconds: Self.rounded(summary.mean),
                                     intervalSeconds: summary.interval.map { [Self.rounded($0.lowerBound), Self.rounded($0.upperBound)] })
                    },
                    lowestMeanP99: names[verdicts.best], indistinguishableFromLowest: verdicts.likeBest.map { names[$0] },
                    indistinguishablePairs: verdicts.indistinguishablePairs.map { [names[$0.0], names[$0.1]] })
            }))
    }

    private struct Document: Encodable {
        struct Cell: Encodable {
            var strategy: String, digest: String
            var p50Seconds: Double, p99Seconds: Double, p999Seconds: Double
            var errors: Int, retries: Int, peakToAverage: Double, maxUtilisation: Double
            var shareOnAffected: Double?
        }
        struct SeedSummary: Encodable { var strategy: String; var meanP99Seconds: Double; var intervalSeconds: [Double]? }
        struct Situation: Encodable {
            var name: String, summary: String, affectedServer: String?
            var cells: [Cell]
            var seedStudy: [SeedSummary]
            var lowestMeanP99: String, indistinguishableFromLowest: [String], indistinguishablePairs: [[String]]
        }
        var schema = "orrery.strategies/1"
        var seed: UInt64, file: String, seeds: [UInt64]
        var situations: [Situation]
    }

    /// Nine significant decimals, so the JSON does not depend on the last bits of a division.
    private static func rounded(_ value: Double) -> Double { (value * 1e9).rounded() / 1e9 }
}
