extension Int {
    /// A bounded-load capacity `bound` (finite, not negative) rounded up: `Int.max` when that does
    /// not fit in an `Int`, where a factor or `ε` so large that no node can reach its capacity
    /// would trap the conversion.
    init(capacityRoundingUp bound: Double) {
        let rounded = bound.rounded(.up)
        // Double(Int.max) is 2⁶³, the first value that does not fit.
        self = rounded < Double(Int.max) ? Int(rounded) : Int.max
    }
}
