/// A linear map from data values to drawing coordinates.
struct LinearScale {
    /// The data value mapped to `start`.
    let domainStart: Double
    /// The data value mapped to `end`.
    let domainEnd: Double
    /// The coordinate of `domainStart`.
    let start: Double
    /// The coordinate of `domainEnd`.
    let end: Double

    /// The coordinate of `value`; a degenerate domain maps everything to `start`.
    func callAsFunction(_ value: Double) -> Double {
        let span = domainEnd - domainStart
        guard span != 0 else { return start }
        return start + (value - domainStart) / span * (end - start)
    }
}
