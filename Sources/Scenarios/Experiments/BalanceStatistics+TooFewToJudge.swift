import Reports
import Simulator

extension BalanceStatistics {
    /// The fewest requests each server must expect on a uniform split for the z-score against it
    /// to mean anything: the usual rule for the normal approximation of a count (each expected
    /// count at least 5). Below it a count of 0 or 7 is within chance of almost any split.
    static let fewestExpectedPerServer = 5.0

    /// Why the z-score test cannot judge this split, from its own figures; nil when it can. With
    /// 7 requests over 3 servers A-1 read "as even as chance allows" for counts the test could not
    /// tell from the 84 / 5 / 11 % split the map predicts: only all 7 on one server would have
    /// stood 3 standard deviations out.
    var tooFewToJudge: String? {
        guard counts.count > 1, uniform.mean < Self.fewestExpectedPerServer else { return nil }
        // The smallest count at least 3 standard deviations above the uniform mean.
        let flagged = Int((uniform.mean + 3 * uniform.standardDeviation).rounded(.up))
        let requests = NumberFormat.counted(total, "request")
        let standOut: String
        if flagged > total {
            standOut = "no count a server could get would stand 3 standard deviations out"
        } else if flagged == total {
            standOut = "only a server given all \(NumberFormat.integer(total)) would stand 3 standard deviations out"
        } else {
            standOut = "only a server given at least \(NumberFormat.integer(flagged)) of them would stand 3 standard deviations out"
        }
        return "With \(requests) over \(NumberFormat.counted(counts.count, "server")) the test cannot tell an even split from an uneven one: "
            + "a uniform split gives each server \(NumberFormat.fixed(uniform.mean, decimals: 1, grouping: true)) requests (standard deviation \(NumberFormat.fixed(uniform.standardDeviation, decimals: 1, grouping: true))), "
            + "fewer than the \(NumberFormat.integer(Int(Self.fewestExpectedPerServer))) each the normal approximation behind the z-score needs, and \(standOut). "
            + "Send more requests to judge the split."
    }

    /// The sentence a report states under the figures: why the test cannot judge, or its
    /// ``verdict``.
    var judgedVerdict: String { tooFewToJudge ?? verdict }
}
