/// The mean of samples when it is a `Double` exactly, found without rounding: the per-seed
/// differences +8e-6, −8e-6 and eighteen zeros have the mean 0, which summing deviations from the
/// least (``SampleSummary``'s way, rounding at every step) wrote `-4.404571325722362e-20`.
///
/// The samples' sum is kept exactly, as non-overlapping partial sums (Shewchuk's, as Python's
/// `math.fsum` keeps them); a candidate mean is then checked exactly against it: `q` is the mean
/// when `q · n` (split by a fused multiply-add into two doubles, exactly) less the sum leaves
/// nothing. A mean that is no double is not this type's: the summary rounds it as it always has,
/// so that no committed figure moves.
enum ExactMean {
    /// The mean of `samples` (finite, at least one) when it is exactly a `Double`, else nil.
    static func of(_ samples: [Double]) -> Double? {
        guard !samples.isEmpty, samples.allSatisfy(\.isFinite) else { return nil }
        let partials = exactSum(samples)
        guard partials.allSatisfy(\.isFinite) else { return nil }
        let n = Double(samples.count)
        // The sum rounded (the partials from the smallest up), then divided: within an ulp or
        // two of the exact mean, so that an exact one is among these candidates.
        let rounded = partials.reduce(0, +) / n
        for candidate in [rounded, rounded.nextDown, rounded.nextUp] where candidate.isFinite {
            let product = candidate * n
            guard product.isFinite else { continue }
            let error = candidate.multiplicationError(by: n, product: product)
            if exactSum(partials + [-product, -error]).allSatisfy({ $0 == 0 }) { return candidate }
        }
        return nil
    }

    /// Non-overlapping doubles, smallest magnitude first, whose exact sum is the exact sum of
    /// `values` (Shewchuk's "grow expansion"; exact while no partial overflows). The exact sum is
    /// zero exactly when every partial is.
    static func exactSum(_ values: [Double]) -> [Double] {
        var partials: [Double] = []
        for value in values {
            var x = value
            var kept = 0
            for index in partials.indices {
                var y = partials[index]
                if abs(x) < abs(y) { swap(&x, &y) }
                let high = x + y
                let low = y - (high - x)
                if low != 0 {
                    partials[kept] = low
                    kept += 1
                }
                x = high
            }
            partials.removeSubrange(kept...)
            partials.append(x)
        }
        return partials
    }
}

extension Double {
    /// The rounding error of `self · factor` that gave `product`: `self · factor` is exactly
    /// `product` plus it (a fused multiply-add computes it, barring underflow).
    fileprivate func multiplicationError(by factor: Double, product: Double) -> Double {
        (-product).addingProduct(self, factor)
    }
}
