import Reports
import Simulator

extension BalanceStatistics {
    /// The imbalance figures as a two-column Markdown table, observed against a uniform split.
    func markdownTable() -> String {
        var table = MarkdownTable(columns: [.text("figure"), .numeric("observed"), .numeric("uniform split (multinomial)")])
        table.append(["mean requests per server", NumberFormat.fixed(mean, decimals: 1, grouping: true), NumberFormat.fixed(uniform.mean, decimals: 1, grouping: true)])
        table.append(["standard deviation (population, over the servers)", NumberFormat.fixed(standardDeviation, decimals: 1, grouping: true), NumberFormat.fixed(uniform.standardDeviation, decimals: 1, grouping: true)])
        table.append(["min … max", "\(NumberFormat.integer(minimum)) … \(NumberFormat.integer(maximum))", "≈ \(NumberFormat.fixed(uniformRange.lowerBound, decimals: 0, grouping: true)) … \(NumberFormat.fixed(uniformRange.upperBound, decimals: 0, grouping: true)) (±2σ)"])
        table.append(["max / mean", NumberFormat.fixed(peakToAverage, decimals: 3), "≈ 1"])
        table.append(["coefficient of variation", NumberFormat.fixed(coefficientOfVariation, decimals: 3), NumberFormat.fixed(uniform.mean > 0 ? uniform.standardDeviation / uniform.mean : 0, decimals: 3)])
        table.append(["Jain's fairness index (1 = fair, 1/N = all on one)", NumberFormat.fixed(jainFairnessIndex, decimals: 3), "≈ 1"])
        table.append(["z-score of the busiest server", NumberFormat.fixed(maximumZScore, decimals: 1), "|z| < 3 expected"])
        return table.rendered()
    }

    /// The uniform split's mean ± 2σ, cut to the counts a server can have (0 … every request):
    /// 1 request over 3 servers read "≈ -1 … 1", a count no server can serve.
    var uniformRange: ClosedRange<Double> {
        let spread = 2 * uniform.standardDeviation
        let lower = max(0, uniform.mean - spread)
        return lower...max(lower, min(Double(total), uniform.mean + spread))
    }

    /// One sentence a reader can act on; with one server there is no split to judge.
    var verdict: String {
        if counts.count == 1 {
            return "With 1 server there is no split to judge: it answered all \(NumberFormat.counted(total, "request"))."
        }
        if maximumZScore.magnitude < 3 && minimumZScore.magnitude < 3 {
            return "The split is as even as chance allows: every server is within 3 standard deviations of a uniform split."
        }
        return "The split is far from uniform: the busiest server is \(NumberFormat.fixed(maximumZScore, decimals: 1)) standard deviations above a uniform split and carries \(NumberFormat.fixed(peakToAverage, decimals: 2))× the mean load, which no amount of randomness in the request ids explains."
    }

    /// z-score of the least loaded server against the uniform split.
    var minimumZScore: Double {
        uniform.standardDeviation > 0 ? (Double(minimum) - uniform.mean) / uniform.standardDeviation : 0
    }
}
