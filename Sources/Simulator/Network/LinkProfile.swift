/// How messages travel between two nodes: one-way latency, loss and duplication.
public struct LinkProfile: Sendable, Equatable {
    /// One-way latency in seconds.
    public var latency: Distribution
    /// Probability that a message (request or response) is lost.
    public var dropRate: Double
    /// Probability that a request is delivered twice (the caller keeps the first answer).
    public var duplicateRate: Double

    public init(latency: Distribution = .constant(0.0005), dropRate: Double = 0, duplicateRate: Double = 0) {
        self.latency = latency
        self.dropRate = dropRate
        self.duplicateRate = duplicateRate
    }

    /// Half a millisecond each way, nothing lost: a quiet data-centre network.
    public static let lan = LinkProfile()
}
