import Simulator

/// A job's output against its sequential oracle: whether they are equal, and if not, the first
/// records that differ, so a report names them instead of printing both outputs.
public struct OutputComparison: Sendable, Equatable {
    /// Whether the output equals the oracle record for record.
    public var exact: Bool
    /// Records in the oracle.
    public var expectedRecords: Int
    /// Up to ``limit`` differences: `- key<TAB>value` for an oracle record the output lacks,
    /// `+ key<TAB>value` for an output record the oracle lacks.
    public var differences: [String]

    /// The most differences kept.
    public static let limit = 5

    /// Compares `actual` (nil when the job produced no output) with `expected`; both are sorted
    /// by key then value, as ``MapReduce/Output/records`` and ``MapReduce/Job/reference(_:)`` are.
    ///
    /// - Complexity: O(*n* + *m*): one merge walk.
    public init(actual: [MapReduce.Record]?, expected: [MapReduce.Record]) {
        expectedRecords = expected.count
        guard let actual else {
            exact = false
            differences = []
            return
        }
        exact = actual == expected
        var differences: [String] = []
        var i = 0, j = 0
        while differences.count < Self.limit, i < expected.count || j < actual.count {
            if i < expected.count, j < actual.count, expected[i] == actual[j] {
                i += 1
                j += 1
            } else if j == actual.count || (i < expected.count && expected[i].precedes(actual[j])) {
                differences.append("- " + expected[i].description)
                i += 1
            } else {
                differences.append("+ " + actual[j].description)
                j += 1
            }
        }
        self.differences = differences
    }
}
